/**
 * Migration 0003 on a database that already holds users and keys (both dialects): the old key
 * keeps working, cannot be shown (409 says to regenerate), and regenerating gives one that can;
 * the old user has no password until `reset-password` gives one.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Tables } from '../../db/tables.js';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { migrateBefore } from '../../testing/migrate-before.js';
import { newTestDatabase, startTestServer } from '../../testing/server-fixture.js';
import { hashKey } from '../../users/users-store.js';
import { call, send } from '../../testing/accounts-http.js';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`migration 0003 over existing users (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    test('an old key works, cannot be shown until regenerated; the old user has no password', async () => {
      const database = newTestDatabase(dialect);
      const oldKey = '0123456789abcdef0123456789abcdef';
      const old = await migrateBefore<Tables>(database, '0003');
      const now = new Date().toISOString();
      await old
        .insertInto('users')
        .values({ id: 'u1', email: 'old@example.com', plan: 'free', created_at: now })
        .execute();
      await old
        .insertInto('api_keys')
        .values({ key_hash: hashKey(oldKey), user_id: 'u1', created_at: now })
        .execute();
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
        const signIn = await call(
          server,
          '/api/session',
          send('POST', { email: 'old@example.com', password: 'any password at all' }),
        );
        assert.equal(signIn.status, 401);
        assert.deepEqual(signIn.json, { error: 'wrong email or password', code: 'unauthorized' });
      } finally {
        await server.close();
      }
    });
  });
}
