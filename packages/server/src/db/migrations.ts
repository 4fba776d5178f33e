/**
 * Migrations, portable between SQLite and PostgreSQL: text ids, bigint counters, no
 * dialect-specific types. Applied on start; add new ones at the end, never edit old ones.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('key_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('projects')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('projects_user_name', ['user_id', 'name'])
        .execute();
      await db.schema
        .createTable('schemas')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('fields', 'text', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('schemas_user_name', ['user_id', 'name'])
        .execute();
      await db.schema
        .createTable('datasets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
        .addColumn('filename', 'text')
        .addColumn('columns', 'text', (c) => c.notNull())
        .addColumn('rows', 'text', (c) => c.notNull())
        .addColumn('row_count', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('datasets_user_name', ['user_id', 'name'])
        .execute();
      await db.schema
        .createTable('usage')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('requests', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('records', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('usage_pk', ['user_id', 'day'])
        .execute();
    },
  },
  '0002-dataset-bytes': {
    // What each dataset takes in storage, summed against the plan's datasetBytes limit. Rows
    // stored before it get their length in characters, which is their size in bytes for ASCII.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('datasets').addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await sql`update datasets set bytes = length(columns) + length(rows)`.execute(db);
    },
  },
  '0004-scenarios-schema-settings': {
    // Scenarios (named curves Scenario fields read), and a saved schema's file settings and
    // project. Ungrouping on a project's removal is done by the code (set null), not only by
    // the foreign key, so it holds whatever the database's foreign key settings.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('scenarios')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
        .addColumn('points', 'text', (c) => c.notNull())
        .addColumn('interpolation', 'text', (c) => c.notNull())
        .addColumn('noise', 'double precision', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('scenarios_user_name', ['user_id', 'name'])
        .execute();
      await db.schema.alterTable('schemas').addColumn('format', 'text').execute();
      await db.schema.alterTable('schemas').addColumn('options', 'text').execute();
      await db.schema.alterTable('schemas').addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null')).execute();
    },
  },
};
