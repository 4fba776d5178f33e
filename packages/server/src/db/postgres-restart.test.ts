/**
 * PostgreSQL ending the server's idle connections (a restart, pg_terminate_backend, a failover)
 * must not end the server: the pool drops them and the next query opens a new one.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import pg from 'pg';
import { sql } from 'kysely';
import { POSTGRES_URL, skipUnlessAvailable } from '../testing/databases.js';
import { openStore } from './open-database.js';

describe('idle PostgreSQL connections ended by the server', { skip: await skipUnlessAvailable('postgres') }, () => {
  test('the process goes on and the next query is answered', async () => {
    const schema = `rowloom_test_${randomBytes(6).toString('hex')}`;
    const store = await openStore({ databaseUrl: POSTGRES_URL, sqliteFile: '', postgresSchema: schema });
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    const uncaught: Error[] = [];
    const listener = (error: Error) => uncaught.push(error);
    process.on('uncaughtException', listener);
    try {
      // Several connections, left idle in the pool.
      await Promise.all(Array.from({ length: 3 }, () => sql`select pg_sleep(0.05)`.execute(store.db)));
      const ended = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and query like '%pg_sleep(0.05)%'`,
      );
      assert.ok(ended.rowCount! >= 1, 'the idle connections were found and ended');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answer = await sql<{ one: number }>`select 1 as one`.execute(store.db);
      assert.equal(answer.rows[0].one, 1);
      assert.deepEqual(uncaught, []);
    } finally {
      process.off('uncaughtException', listener);
      await store.close();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    }
  });
});
