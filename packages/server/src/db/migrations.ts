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
      await db.schema
        .alterTable('datasets')
        .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update datasets set bytes = length(columns) + length(rows)`.execute(db);
    },
  },
  '0003-accounts': {
    // Sign-in with a password (null: a key-only user, made by `rowloom users add`), sessions in
    // the database so every instance sharing it knows them, keys that can be shown again (sealed
    // with the server secret), the secret itself when no ROWLOOM_SECRET is set, and the sign-in
    // attempt counters of the rate limit. Keys made before this have no sealed copy.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('password_hash', 'text').execute();
      await db.schema.alterTable('api_keys').addColumn('sealed', 'text').execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('last_seen', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();
      // Sign-in finds the user by lower(email); not unique, as older databases may hold both cases.
      await db.schema
        .createIndex('users_email_lower')
        .on('users')
        .expression(sql`lower(email)`)
        .execute();
      await db.schema
        .createTable('settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sign_in_attempts')
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('attempts', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('sign_in_attempts_pk', ['bucket', 'window_start'])
        .execute();
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
      await db.schema
        .alterTable('schemas')
        .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
        .execute();
    },
  },
  '0005-mocks': {
    // Mock APIs (the contract's mocks.ts, @rowloom/contract): the document as JSON text, with the columns requests
    // are routed by; CRUD collections' records, per-route request counters (shared by every
    // instance, for sequential responses and every-Nth faults) and the request log.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mock_apis')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('host', 'text', (c) => c.unique())
        .addColumn('project_id', 'text', (c) => c.references('projects.id').onDelete('set null'))
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('mock_apis_user_name', ['user_id', 'name'])
        .execute();
      await db.schema
        .createTable('mock_collections')
        .addColumn('mock_api_id', 'text', (c) => c.notNull().references('mock_apis.id').onDelete('cascade'))
        .addColumn('route_id', 'text', (c) => c.notNull())
        .addColumn('next_position', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('next_id', 'bigint', (c) => c.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('mock_collections_pk', ['mock_api_id', 'route_id'])
        .execute();
      await db.schema
        .createTable('mock_records')
        .addColumn('mock_api_id', 'text', (c) => c.notNull().references('mock_apis.id').onDelete('cascade'))
        .addColumn('route_id', 'text', (c) => c.notNull())
        .addColumn('record_key', 'text', (c) => c.notNull())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('mock_records_pk', ['mock_api_id', 'route_id', 'record_key'])
        .execute();
      await db.schema
        .createIndex('mock_records_order')
        .on('mock_records')
        .columns(['mock_api_id', 'route_id', 'position'])
        .execute();
      await db.schema
        .createTable('mock_counters')
        .addColumn('mock_api_id', 'text', (c) => c.notNull().references('mock_apis.id').onDelete('cascade'))
        .addColumn('route_id', 'text', (c) => c.notNull())
        .addColumn('requests', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('mock_counters_pk', ['mock_api_id', 'route_id'])
        .execute();
      await db.schema
        .createTable('mock_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('mock_api_id', 'text', (c) => c.notNull().references('mock_apis.id').onDelete('cascade'))
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('query', 'text', (c) => c.notNull())
        .addColumn('headers', 'text', (c) => c.notNull())
        .addColumn('body', 'text')
        .addColumn('status', 'integer')
        .addColumn('route_id', 'text')
        .addColumn('response_id', 'text')
        .addColumn('fault', 'text')
        .addColumn('duration_ms', 'double precision')
        .execute();
      await db.schema.createIndex('mock_requests_order').on('mock_requests').columns(['mock_api_id', 'seq']).execute();
    },
  },
  '0006-downloads': {
    // Background jobs (jobs/job-contract.ts): one row per download, written by the API and by
    // the progress events of any instance (conditional updates, so they never go backwards).
    // `job` is the frozen job's JSON, enough to resubmit it; `charged_day` is the usage row its
    // rows were charged to, `refunded` makes giving back what it did not produce happen once.
    // Users get an admin flag: the first user (admin@localhost) is an admin.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('downloads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('records_generated', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('bytes', 'bigint')
        .addColumn('error', 'text')
        .addColumn('charged_day', 'text', (c) => c.notNull())
        .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addColumn('expires_at', 'text')
        .execute();
      await db.schema
        .createIndex('downloads_user_created')
        .on('downloads')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('downloads_status_expires')
        .on('downloads')
        .columns(['status', 'expires_at'])
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update users set is_admin = 1 where email = 'admin@localhost'`.execute(db);
    },
  },
  '0007-public-mock-budget': {
    // A public mock API's own daily budget (mocks/serve/public-budget.ts): anonymous traffic is
    // counted here, apart from its owner's plan, keyed like usage by (mock API, UTC day).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mock_usage')
        .addColumn('mock_api_id', 'text', (c) => c.notNull().references('mock_apis.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('requests', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('records', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('mock_usage_pk', ['mock_api_id', 'day'])
        .execute();
    },
  },
  '0008-mock-request-log-truncated': {
    // The request log says when it kept only the first part of a body.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('mock_requests')
        .addColumn('body_truncated', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '0009-dataset-preview': {
    // A dataset's first rows kept apart from the rest (GET /api/datasets/<name> shows them without
    // reading every row), and a revision: a random id given to each content stored, which the
    // generation threads key their parsed copies by. Datasets stored before have neither: their
    // preview is made from their rows the first time it is asked for (features/datasets/datasets-store.ts), and their
    // updated_at stands for the revision.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('datasets').addColumn('preview', 'text').execute();
      await db.schema.alterTable('datasets').addColumn('revision', 'text').execute();
    },
  },
  '0010-schema-seed': {
    // A saved schema's fixed seed (null: none, as for every schema saved before).
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('schemas').addColumn('seed', 'text').execute();
    },
  },
  '0011-project-model': {
    // A project of related tables: its seed, table order and each table's keys and column
    // facts, as JSON (null: a plain project grouping schemas, as before). The tables' fields
    // are its saved schemas.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('projects').addColumn('model', 'text').execute();
    },
  },
  '0012-project-rest-overlay': {
    // Writes to a project's REST mock (features/relations/rest-overlay-store.ts), kept as an
    // overlay over the generated rows, which are never stored: a row by its key, its position
    // (the row index: key - 1), the key of its parent by the table's reference with children
    // (null: none) and its JSON (null: deleted). A table's row holds the key the next POST gets.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('project_rest_rows')
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('table_name', 'text', (c) => c.notNull())
        .addColumn('record_key', 'text', (c) => c.notNull())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .addColumn('parent_key', 'text')
        .addColumn('data', 'text')
        .addPrimaryKeyConstraint('project_rest_rows_pk', ['project_id', 'table_name', 'record_key'])
        .execute();
      await db.schema
        .createIndex('project_rest_rows_order')
        .on('project_rest_rows')
        .columns(['project_id', 'table_name', 'position'])
        .execute();
      await db.schema
        .createTable('project_rest_tables')
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('table_name', 'text', (c) => c.notNull())
        .addColumn('next_key', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('project_rest_tables_pk', ['project_id', 'table_name'])
        .execute();
    },
  },
  '0013-project-loads': {
    // A project loaded into a database the operator configured (features/loads/): its progress
    // as JSON (table, rows, count) and the verify report, kept after it ends. instance_id and
    // heartbeat_at say which server runs it and that it still does: one that stops beating
    // was cut off by a restart, and is reported failed rather than running forever.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('project_loads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('progress', 'text', (c) => c.notNull())
        .addColumn('verify', 'text')
        .addColumn('error', 'text')
        .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('instance_id', 'text', (c) => c.notNull())
        .addColumn('heartbeat_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema
        .createIndex('project_loads_project_created')
        .on('project_loads')
        .columns(['project_id', 'created_at'])
        .execute();
    },
  },
  '0014-mock-states': {
    // The state machines of a mock API (WireMock's scenarios): a machine's current state by its
    // name; a machine without a row is in its initial state, so a reset deletes the rows.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mock_states')
        .addColumn('mock_api_id', 'text', (c) => c.notNull().references('mock_apis.id').onDelete('cascade'))
        .addColumn('machine', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('mock_states_pk', ['mock_api_id', 'machine'])
        .execute();
    },
  },
};
