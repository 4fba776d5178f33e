/** Password change, API key show/regenerate and usage, on both databases through real HTTP. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';
import { asUser, call, send, sessionCookie, signIn } from '../../testing/accounts-http.js';

const FIELDS = [{ name: 'id', type: 'Row Number' }];
const NEW_PASSWORD = 'copper lantern drifts over quiet meadows';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`account: password, key, usage (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
    });
    after(() => server?.close());

    test('changing the password: the current one is checked, the new one works, every session ends and this browser gets a new one', async () => {
      const user = await server.signUp();
      const elsewhere = await signIn(server, user.email, user.password);
      const wrongCurrent = await call(
        server,
        '/api/account/password',
        send('PUT', { current: 'not it at all', password: NEW_PASSWORD }, asUser(user)),
      );
      assert.equal(wrongCurrent.status, 400);
      assert.match(String(wrongCurrent.json.error), /"current"/);
      const short = await call(
        server,
        '/api/account/password',
        send('PUT', { current: user.password, password: 'short' }, asUser(user)),
      );
      assert.equal(short.status, 400);
      assert.match(String(short.json.error), /"password" must be at least 8/);
      const noCsrf = await call(
        server,
        '/api/account/password',
        send('PUT', { current: user.password, password: NEW_PASSWORD }, asUser(user, false)),
      );
      assert.equal(noCsrf.status, 403);
      const changed = await call(
        server,
        '/api/account/password',
        send('PUT', { current: user.password, password: NEW_PASSWORD }, asUser(user)),
      );
      assert.equal(changed.status, 200, changed.text);
      assert.equal(changed.json.success, true);
      assert.deepEqual(changed.json.user, { email: user.email, plan: 'free', admin: false });
      assert.equal(changed.headers.get('cache-control'), 'no-store');
      const renewed = {
        ...user,
        cookie: sessionCookie(changed)!.split(';', 1)[0],
        csrfToken: String(changed.json.csrfToken),
      };
      assert.notEqual(renewed.cookie, user.cookie, 'a new session token');
      assert.notEqual(renewed.csrfToken, user.csrfToken, 'and a new CSRF token');
      assert.equal(
        (await call(server, '/api/session', { headers: asUser(user) })).status,
        401,
        'the old token of this browser is dead',
      );
      assert.equal(
        (await call(server, '/api/session', { headers: asUser(elsewhere) })).status,
        401,
        'the other session ended',
      );
      assert.equal(
        (await call(server, '/api/session', { headers: asUser(renewed, false) })).json.csrfToken,
        renewed.csrfToken,
        'the new session lives',
      );
      const save = (who: typeof user) =>
        call(server, '/api/schemas/After', send('PUT', { fields: FIELDS }, asUser(who)));
      assert.equal((await save(renewed)).status, 200, 'the new cookie and token write');
      assert.equal((await save({ ...renewed, csrfToken: user.csrfToken })).status, 403, 'the old CSRF token does not');
      assert.equal(
        (await call(server, '/api/session', send('POST', { email: user.email, password: user.password }))).status,
        401,
      );
      assert.equal(
        (await call(server, '/api/session', send('POST', { email: user.email, password: NEW_PASSWORD }))).status,
        200,
      );
      // With the key: every session ends, and there is no new one to give.
      const key = String((await call(server, '/api/key', { headers: asUser(renewed, false) })).json.key);
      const byKey = await call(
        server,
        `/api/account/password?key=${key}`,
        send('PUT', { current: NEW_PASSWORD, password: `${NEW_PASSWORD} again` }),
      );
      assert.equal(byKey.status, 200, byKey.text);
      assert.deepEqual(byKey.json, { success: true });
      assert.equal(sessionCookie(byKey), undefined);
      assert.equal((await call(server, '/api/session', { headers: asUser(renewed, false) })).status, 401);
    });

    test('a key-only user (rowloom users add) cannot set a password through the API without one', async () => {
      const key = await server.userKey('free');
      const answer = await call(
        server,
        `/api/account/password?key=${key}`,
        send('PUT', { current: 'anything at all', password: NEW_PASSWORD }),
      );
      assert.equal(answer.status, 400);
      assert.match(String(answer.json.error), /reset-password/);
    });

    test('the key is shown, works, and regenerating refuses the old one at once', async () => {
      const user = await server.signUp();
      const shown = await call(server, '/api/key', { headers: asUser(user, false) });
      assert.equal(shown.status, 200, shown.text);
      const oldKey = String(shown.json.key);
      assert.match(oldKey, /^[0-9a-f]{32}$/);
      assert.equal(shown.headers.get('cache-control'), 'no-store');
      assert.equal((await call(server, `/api/types?key=${oldKey}`)).status, 200);
      const noCsrf = await call(server, '/api/key', { method: 'POST', headers: asUser(user, false) });
      assert.equal(noCsrf.status, 403);
      const fresh = await call(server, '/api/key', { method: 'POST', headers: asUser(user) });
      assert.equal(fresh.status, 200, fresh.text);
      const newKey = String(fresh.json.key);
      assert.notEqual(newKey, oldKey);
      const refused = await call(server, `/api/types?key=${oldKey}`);
      assert.equal(refused.status, 401);
      assert.deepEqual(refused.json, { error: 'Invalid API Key', code: 'unauthorized' });
      assert.equal((await call(server, '/api/types', { headers: { 'x-api-key': newKey } })).status, 200);
      assert.equal((await call(server, '/api/key', { headers: asUser(user) })).json.key, newKey);
    });

    test('regenerating with the key itself (no cookie) needs no CSRF token and ends that key', async () => {
      const key = await server.userKey('free');
      const fresh = await call(server, `/api/key?key=${key}`, { method: 'POST' });
      assert.equal(fresh.status, 200);
      assert.equal((await call(server, `/api/key?key=${key}`)).status, 401);
      assert.equal((await call(server, `/api/key?key=${fresh.json.key}`)).json.key, fresh.json.key);
    });

    test('a key made before keys were sealed cannot be shown: 409 says to regenerate', async () => {
      const user = await server.signUp();
      const { key } = (await call(server, '/api/key', { headers: asUser(user) })).json as { key: string };
      const owner = await server.store.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', user.email)
        .executeTakeFirstOrThrow();
      await server.store.db.updateTable('api_keys').set({ sealed: null }).where('user_id', '=', owner.id).execute();
      const answer = await call(server, '/api/key', { headers: asUser(user) });
      assert.equal(answer.status, 409);
      assert.match(String(answer.json.error), /regenerate/);
      assert.equal((await call(server, `/api/types?key=${key}`)).status, 200, 'the key itself still works');
    });

    test('the stored copy of the key is sealed, not the key in clear', async () => {
      const user = await server.signUp();
      const { key } = (await call(server, '/api/key', { headers: asUser(user) })).json as { key: string };
      const rows = await server.store.db.selectFrom('api_keys').select(['key_hash', 'sealed']).execute();
      assert.ok(rows.every((row) => row.key_hash !== key && !String(row.sealed).includes(key)));
    });

    test("usage: today's requests and records against the plan", async () => {
      const user = await server.signUp();
      const empty = await call(server, '/api/usage', { headers: asUser(user) });
      assert.equal(empty.status, 200, empty.text);
      const today = new Date().toISOString().slice(0, 10);
      assert.deepEqual(empty.json, {
        day: today,
        requests: 0,
        records: 0,
        plan: {
          name: 'free',
          recordsPerRequest: 5000,
          recordsPerJob: 5000,
          requestsPerDay: 200,
          recordsPerDay: null,
          datasets: 10,
          datasetBytes: 10 * 1024 * 1024,
        },
      });
      for (const count of [3, 4]) {
        const generated = await call(
          server,
          `/api/generate.json?count=${count}`,
          send('POST', { fields: FIELDS }, asUser(user)),
        );
        assert.equal(generated.status, 200, generated.text);
      }
      const used = await call(server, '/api/usage', { headers: asUser(user) });
      assert.equal(used.json.requests, 2);
      assert.equal(used.json.records, 7);
      const other = await server.signUp();
      assert.equal(
        (await call(server, '/api/usage', { headers: asUser(other) })).json.requests,
        0,
        'each user sees only their own usage',
      );
      assert.equal((await call(server, '/api/usage')).status, 401);
    });

    test('the OpenAPI document lists the account endpoints and the cookie as a way to authenticate', async () => {
      const doc = (await call(server, '/api/openapi.json')).json as {
        paths: Record<string, Record<string, unknown>>;
        components: { securitySchemes: Record<string, unknown> };
      };
      const methods = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
      assert.deepEqual(methods('/api/session'), ['delete', 'get', 'post']);
      assert.deepEqual(methods('/api/session/signup'), ['post']);
      assert.deepEqual(methods('/api/account/password'), ['put']);
      assert.deepEqual(methods('/api/key'), ['get', 'post']);
      assert.deepEqual(methods('/api/usage'), ['get']);
      assert.deepEqual(doc.components.securitySchemes.sessionCookie, {
        type: 'apiKey',
        in: 'cookie',
        name: 'rowloom_session',
      });
    });
  });
}
