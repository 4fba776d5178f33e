/**
 * The request log keeps no credentials, says when a body was cut, and cannot be flushed by
 * strangers: real HTTP on both databases, read back through GET /api/mocks/:name/requests.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MOCK_LIMITS, type LoggedRequest } from '@rowloom/contract';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { serverForSuite } from '../../../testing/server-fixture.js';
import { fetchAnswer as call, jsonRequest } from '../../../testing/http-calls.js';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`the mock request log (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, async () => {
    const suite = serverForSuite(dialect);

    /** The log as its owner reads it, once `count` entries are there (it is written after each answer). */
    async function logOf(name: string, count: number): Promise<LoggedRequest[]> {
      let requests: LoggedRequest[] = [];
      for (let i = 0; i < 100; i++) {
        requests = (
          await call(`${suite.server.url}/api/mocks/${encodeURIComponent(name)}/requests?key=${suite.key}&limit=500`)
        ).json.requests;
        if (requests.length >= count) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return requests;
    }

    test('Authorization and Proxy-Authorization are kept as their scheme only; a cut body is flagged', async () => {
      const created = await call(
        `${suite.server.url}/api/mocks?key=${suite.key}`,
        jsonRequest({
          name: 'Logged calls',
          public: true,
          routes: [{ method: 'POST', path: '/in', responses: [{ body: { type: 'json', value: 1 } }] }],
        }),
      );
      assert.equal(created.status, 201, created.text);
      const url = `${suite.server.url}/mock/logged-calls/in`;
      const big = JSON.stringify({ text: 'x'.repeat(MOCK_LIMITS.requestLogBodyBytes + 100) });
      await call(url, {
        method: 'POST',
        headers: {
          authorization: 'Bearer sk_live_very_secret',
          'proxy-authorization': 'Basic dXNlcjpwYXNz',
          'x-kept': 'yes',
        },
        body: '{"small":true}',
      });
      await call(url, { method: 'POST', headers: { authorization: 'opaque-token-without-scheme' }, body: big });
      const [second, first] = await logOf('Logged calls', 2);
      assert.equal(first.headers.authorization, 'Bearer [redacted]');
      assert.equal(first.headers['proxy-authorization'], 'Basic [redacted]');
      assert.equal(first.headers['x-kept'], 'yes');
      assert.equal(first.body, '{"small":true}');
      assert.equal(first.bodyTruncated, false);
      assert.equal(second.headers.authorization, '[redacted]');
      assert.equal(second.bodyTruncated, true);
      assert.equal(second.body!.length, MOCK_LIMITS.requestLogBodyBytes);
      const stored = await suite.server.store.db
        .selectFrom('mock_requests')
        .select(['headers', 'body_truncated'])
        .execute();
      for (const row of stored)
        assert.doesNotMatch(row.headers, /sk_live_very_secret|dXNlcjpwYXNz|opaque-token/, 'no credential is stored');
      assert.deepEqual(stored.map((row) => Number(row.body_truncated)).sort(), [0, 1]);
    });

    test('a repeated query parameter is logged (and stored) as the list of its values; one given once stays text', async () => {
      const created = await call(
        `${suite.server.url}/api/mocks?key=${suite.key}`,
        jsonRequest({
          name: 'Tagged',
          public: true,
          routes: [{ path: '/items', responses: [{ body: { type: 'json', value: 1 } }] }],
        }),
      );
      assert.equal(created.status, 201, created.text);
      const answer = await call(`${suite.server.url}/mock/tagged/items?tag=a&page=2&tag=b&tag=a%20c&empty=`);
      assert.equal(answer.status, 200, answer.text);
      const [entry] = await logOf('Tagged', 1);
      assert.deepEqual(entry.query, { tag: ['a', 'b', 'a c'], page: '2', empty: '' });
      const stored = await suite.server.store.db
        .selectFrom('mock_requests')
        .select('query')
        .where('path', '=', '/items')
        .execute();
      assert.deepEqual(
        stored.map((row) => JSON.parse(row.query) as unknown),
        [{ tag: ['a', 'b', 'a c'], page: '2', empty: '' }],
      );
    });

    test("a private API's log holds only requests that passed its authentication: strangers cannot push the owner's entries out", async () => {
      const created = await call(
        `${suite.server.url}/api/mocks?key=${suite.key}`,
        jsonRequest({
          name: 'Private log',
          routes: [{ method: 'ANY', path: '/x', responses: [{ body: { type: 'json', value: 1 } }] }],
        }),
      );
      assert.equal(created.status, 201, created.text);
      const url = `${suite.server.url}/mock/private-log/x`;
      for (let i = 0; i < 3; i++) assert.equal((await call(`${url}?key=${suite.key}&n=${i}`)).status, 200);
      const strangerKey = await suite.server.userKey('unlimited');
      const stranger = await suite.server.signUp();
      const refused: number[] = [];
      for (let i = 0; i < 10; i++) {
        refused.push((await call(url)).status);
        refused.push((await call(`${url}?key=not-a-key`)).status);
        refused.push((await call(url, { headers: { 'x-api-key': strangerKey } })).status);
        refused.push((await call(url, { method: 'DELETE', headers: { cookie: stranger.cookie } })).status);
        refused.push(
          (
            await call(url, {
              method: 'OPTIONS',
              headers: { origin: 'http://elsewhere.test', 'access-control-request-method': 'POST' },
            })
          ).status,
        );
      }
      assert.deepEqual(
        [...new Set(refused)].sort(),
        [204, 401, 403, 404],
        "preflights, no or a bad credential, a stranger's cookie write without the CSRF token, a stranger's key",
      );
      // Give the log writes of the refused requests time to land, were they written.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const log = await logOf('Private log', 3);
      assert.deepEqual(
        log.map((entry) => [entry.status, entry.query.n]),
        [
          [200, '2'],
          [200, '1'],
          [200, '0'],
        ],
      );
    });
  });
}
