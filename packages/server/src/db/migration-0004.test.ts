/**
 * Migration 0004 on a database that already holds data (both dialects): schemas saved before it
 * keep their fields and count and read back with no file settings and no project.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { skipUnlessAvailable, POSTGRES_URL } from '../testing/databases.js';
import { newTestDatabase, type TestDatabase } from '../testing/server-fixture.js';
import { findSchema } from '../saved-schemas.js';
import { listProjects } from '../projects.js';
import { MIGRATIONS } from './migrations.js';
import type { Tables } from './tables.js';
import { openStore } from './open-database.js';

/** The database as it was before 0004: only the migrations named before it. */
async function migrateBefore0004(database: TestDatabase): Promise<Kysely<unknown>> {
  let db: Kysely<unknown>;
  if (database.dialect === 'postgres') {
    const setup = new pg.Client({ connectionString: POSTGRES_URL });
    await setup.connect();
    await setup.query(`create schema "${database.postgresSchema}"`);
    await setup.end();
    db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: POSTGRES_URL, options: `-c search_path=${database.postgresSchema}` }) }) });
  } else {
    db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(database.sqliteFile) }) });
  }
  const earlier = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0004'));
  const migrationTableSchema = database.dialect === 'postgres' ? database.postgresSchema : undefined;
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => earlier }, ...(migrationTableSchema ? { migrationTableSchema } : {}) }).migrateToLatest();
  if (error) throw error;
  return db;
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`migration 0004 over existing data (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    test('a schema saved before keeps its fields and count, with no settings and no project', async () => {
      const database = newTestDatabase(dialect);
      try {
        const old = await migrateBefore0004(database);
        const now = new Date().toISOString();
        const fields = [{ name: 'id', type: 'Row Number' }];
        await (old as unknown as Kysely<Tables>).insertInto('users').values({ id: 'u1', email: 'old@example.com', plan: 'free', created_at: now }).execute();
        await (old as unknown as Kysely<Tables>).insertInto('projects').values({ id: 'p1', user_id: 'u1', name: 'Old project', created_at: now }).execute();
        await (old as unknown as Kysely<Tables>).insertInto('schemas').values({ id: 's1', user_id: 'u1', name: 'old', fields: JSON.stringify(fields), count: 42, updated_at: now }).execute();
        await old.destroy();

        const store = await openStore({ databaseUrl: dialect === 'postgres' ? POSTGRES_URL : null, sqliteFile: database.sqliteFile, postgresSchema: database.postgresSchema });
        try {
          const schema = await findSchema(store.db, 'u1', 'old');
          assert.deepEqual({ ...schema, updatedAt: undefined }, { name: 'old', fields, count: 42, format: null, options: {}, project: null, updatedAt: undefined });
          assert.deepEqual((await listProjects(store.db, 'u1')).map((p) => [p.name, p.datasets, p.schemas, p.scenarios]), [['Old project', 0, 0, 0]]);
        } finally {
          await store.close();
        }
      } finally {
        await database.drop();
      }
    });
  });
}
