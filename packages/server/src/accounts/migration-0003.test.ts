/**
 * Migration 0003 on a database that already holds users and keys (both dialects): the old key
 * keeps working, cannot be shown (409 says to regenerate), and regenerating gives one that can;
 * the old user has no password until `reset-password` gives one.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { MIGRATIONS } from '../db/migrations.js';
import type { Tables } from '../db/tables.js';
import { POSTGRES_URL, skipUnlessAvailable } from '../testing/databases.js';
import { newTestDatabase, startTestServer, type TestDatabase } from '../testing/server-fixture.js';
import { hashKey } from '../users.js';
import { call, send } from './test-http.js';

/** The database as it was before 0003: only the migrations named before it. */
async function migrateBefore0003(database: TestDatabase): Promise<Kysely<Tables>> {
  let db: Kysely<Tables>;
  if (database.dialect === 'postgres') {
    const setup = new pg.Client({ connectionString: POSTGRES_URL });
    await setup.connect();
    await setup.query(`create schema "${database.postgresSchema}"`);
    await setup.end();
    db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: POSTGRES_URL, options: `-c search_path=${database.postgresSchema}` }) }) });
  } else {
    db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(database.sqliteFile) }) });
  }
  const earlier = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0003'));
  const migrationTableSchema = database.dialect === 'postgres' ? database.postgresSchema : undefined;
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => earlier }, ...(migrationTableSchema ? { migrationTableSchema } : {}) }).migrateToLatest();
  if (error) throw error;
  return db;
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`migration 0003 over existing users (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    test('an old key works, cannot be shown until regenerated; the old user has no password', async () => {
      const database = newTestDatabase(dialect);
      const oldKey = '0123456789abcdef0123456789abcdef';
      const old = await migrateBefore0003(database);
      const now = new Date().toISOString();
      await old.insertInto('users').values({ id: 'u1', email: 'old@example.com', plan: 'free', created_at: now }).execute();
      await old.insertInto('api_keys').values({ key_hash: hashKey(oldKey), user_id: 'u1', created_at: now }).execute();
      await old.destroy();

      const server = await startTestServer(database);
      try {
        assert.equal((await call(server, `/api/types?key=${oldKey}`)).status, 200);
        const shown = await call(server, `/api/key?key=${oldKey}`);
        assert.equal(shown.status, 409);
        assert.match(String(shown.json.error), /regenerate it \(POST \/api\/key\)/);
        const fresh = await call(server, `/api/key?key=${oldKey}`, { method: 'POST' });
        assert.equal(fresh.status, 200);
        assert.equal((await call(server, `/api/key?key=${fresh.json.key}`)).json.key, fresh.json.key);
        const signIn = await call(server, '/api/session', send('POST', { email: 'old@example.com', password: 'any password at all' }));
        assert.equal(signIn.status, 401);
        assert.deepEqual(signIn.json, { error: 'wrong email or password' });
      } finally {
        await server.close();
      }
    });
  });
}
