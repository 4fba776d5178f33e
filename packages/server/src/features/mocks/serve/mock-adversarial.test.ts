/** Hostile requests and documents against the mock runtime, through real HTTP on both databases: each must get a bounded 4xx, never a hang, a 5xx or changed data. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../../testing/server-fixture.js';
import { dribbleHold } from './faults.js';
import type { MockHostNames } from './host-names.js';
import { insertMock, type MockDraft, type ResponseDraft } from './mock-fixture.js';
import { fetchAnswer as call, rawRequest } from '../../../testing/http-calls.js';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`mock runtime under attack (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, async () => {
    let server: TestServer;
    let key: string;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect), { mockHostSuffix: 'mocks.example.test' });
      key = await server.userKey('unlimited');
    });
    after(() => server.close());
    const mock = (draft: MockDraft) => insertMock(server.store.db, key, draft);

    test('400 regex rules cannot hold one request for long: past its count of matching steps the request gets a 422 naming it', async () => {
      // Each pattern backtracked cubically in JavaScript; on RE2 each is linear, but 20 responses
      // x 20 rules of them on 200 characters still pass the request's bound on matching steps.
      const nonce = randomUUID().slice(0, 8);
      const responses: ResponseDraft[] = [];
      for (let r = 0; r < 20; r++) {
        const rules = Array.from({ length: 20 }, (_, k) => ({
          target: 'header' as const,
          name: 'x-in',
          operator: 'regex' as const,
          value: `^.*.*.*b${r}_${k}_${nonce}`,
        }));
        responses.push({ rules, rulesOperator: 'any', body: { type: 'json', value: r }, default: r === 19 });
      }
      await mock({ name: `Regex budget ${nonce}`, public: true, routes: [{ path: '/r', responses }] });
      const answer = await call(`${server.url}/mock/regex-budget-${nonce}/r`, { headers: { 'x-in': 'a'.repeat(200) } });
      assert.equal(answer.status, 422, answer.text);
      assert.match(
        answer.json.error,
        /^routes\[0\]\.responses\[\d+\]\.rules\[\d+\]\.value could not be tested: this request's regex work would take more than \d+ steps/,
      );
    });

    test('dribbled bodies held at once are bounded on the instance: one more gets a 503 while they last, and a place frees when one ends', async () => {
      const text = 'x'.repeat(1000);
      await mock({
        name: 'Dribble hold',
        public: true,
        routes: [
          {
            path: '/slow',
            faults: [{ kind: 'dribble', everyNth: 1, chunks: 3, durationMs: 1500 }],
            responses: [{ body: { type: 'text', text } }],
          },
        ],
      });
      const saved = dribbleHold.maxBytes;
      dribbleHold.maxBytes = 1500;
      try {
        const first = await fetch(`${server.url}/mock/dribble-hold/slow`);
        assert.equal(first.status, 200);
        const second = await call(`${server.url}/mock/dribble-hold/slow`);
        assert.equal(second.status, 503, second.text);
        assert.match(second.json.error, /dribble/);
        assert.equal((await first.text()).length, 1000);
        // The first one's bytes were given back when it ended (its 'close' may come just after the last byte).
        let third = await call(`${server.url}/mock/dribble-hold/slow`);
        for (let i = 0; i < 20 && third.status === 503; i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          third = await call(`${server.url}/mock/dribble-hold/slow`);
        }
        assert.equal(third.status, 200, third.text);
        assert.equal(third.text.length, 1000);
      } finally {
        dribbleHold.maxBytes = saved;
      }
    });

    test('a host-routed request is found whatever the case, port or trailing dot of its Host header', async () => {
      await mock({
        name: 'Dotted host',
        host: 'dotted.mocks.example.test',
        public: true,
        routes: [{ path: '/who', responses: [{ body: { type: 'json', value: 'dotted' } }] }],
      });
      await (server.app as unknown as { mockHostNames: MockHostNames }).mockHostNames.refresh();
      for (const host of [
        'dotted.mocks.example.test',
        'DOTTED.Mocks.Example.Test:8080',
        'dotted.mocks.example.test.',
        'dotted.mocks.example.test.:80',
      ]) {
        const answer = await rawRequest(server.url, '/who', { headers: { host } });
        assert.equal(answer.status, 200, `${host}: ${answer.body}`);
        assert.equal(answer.body, '"dotted"');
      }
    });

    test("no mock API can take over the server's own host name: only names under the mock host suffix are routed or saved", async () => {
      // A public mock claiming the name this server is reached by, as a save trusting the
      // request's Host header once allowed (stored directly here, as if saved before the fix).
      await mock({
        name: 'Hijack',
        host: '127.0.0.1.nip.io',
        public: true,
        routes: [{ method: 'ANY', path: '/api/types', responses: [{ body: { type: 'json', value: 'pwned' } }] }],
      });
      await (server.app as unknown as { mockHostNames: MockHostNames }).mockHostNames.refresh();
      const types = await rawRequest(server.url, `/api/types?key=${key}`, { headers: { host: '127.0.0.1.nip.io' } });
      assert.equal(types.status, 200);
      assert.notEqual(types.body, '"pwned"');
      assert.match(types.body, /"First Name"/, 'the server itself answered');
      const refused = await call(`${server.url}/api/mocks?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'evil.example' },
        body: JSON.stringify({ name: 'Claim', host: '127.0.0.1.nip.io' }),
      });
      assert.equal(refused.status, 400);
      assert.match(refused.json.error, /^host must be a name under mocks\.example\.test/);
    });

    test('a session cookie cannot turn a GET into a write with ?__method= without the CSRF token: 403, and the record stays', async () => {
      const session = await server.signUp();
      const headers = { cookie: session.cookie, 'content-type': 'application/json' };
      const withToken = { ...headers, 'x-csrf-token': session.csrfToken };
      const schema = await call(`${server.url}/api/schemas/Ids`, {
        method: 'PUT',
        headers: withToken,
        body: JSON.stringify([{ name: 'id', type: 'Row Number' }]),
      });
      assert.equal(schema.status, 200, schema.text);
      const slug = `csrf-${randomUUID().slice(0, 8)}`;
      const created = await call(`${server.url}/api/mocks`, {
        method: 'POST',
        headers: withToken,
        body: JSON.stringify({
          name: 'Cookie CRUD',
          slug,
          routes: [{ method: 'ANY', path: '/users', kind: 'crud', crud: { schema: 'Ids', count: 3 }, responses: [] }],
        }),
      });
      assert.equal(created.status, 201, created.text);
      const users = `${server.url}/mock/${slug}/users`;
      assert.equal((await call(users, { headers: withToken })).json.length, 3);
      for (const method of ['DELETE', 'PUT', 'PATCH', 'POST']) {
        const forged = await call(`${users}/1?__method=${method}`, { headers: { cookie: session.cookie } });
        assert.equal(forged.status, 403, `${method}: ${forged.text}`);
        assert.match(forged.json.error, /CSRF/);
      }
      assert.deepEqual((await call(users, { headers: withToken })).json, [{ id: 1 }, { id: 2 }, { id: 3 }]);
      // With the token (or a key) the override still works.
      assert.equal((await call(`${users}/1?__method=DELETE`, { headers: withToken })).status, 204);
      assert.equal((await call(users, { headers: withToken })).json.length, 2);
    });
  });
}
