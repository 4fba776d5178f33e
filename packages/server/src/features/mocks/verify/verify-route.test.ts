/**
 * Verification over real HTTP on both databases: a test drives a mock, then asks what it
 * received (POST /api/mocks/:name/requests/find) with no wait in between, gets the near misses
 * explained when nothing matched, and clears the log between tests.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FoundRequests } from '@rowloom/contract';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../../testing/server-fixture.js';
import { fetchAnswer as call, jsonRequest as json } from '../../../testing/http-calls.js';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`verifying what a mock received (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, async () => {
    let server: TestServer;
    let key: string;
    let mock: string;
    const find = async (pattern: unknown, who = key) =>
      call(`${server.url}/api/mocks/Orders%20API/requests/find?key=${who}`, json(pattern));

    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
      key = await server.userKey('unlimited');
      const created = await call(
        `${server.url}/api/mocks?key=${key}`,
        json({
          name: 'Orders API',
          public: true,
          routes: [
            { method: 'POST', path: '/orders', responses: [{ status: 201, body: { type: 'json', value: { ok: 1 } } }] },
            { method: 'GET', path: '/orders/:id', responses: [{ body: { type: 'json', value: { id: 1 } } }] },
          ],
        }),
      );
      assert.equal(created.status, 201, created.text);
      mock = `${server.url}/mock/orders-api`;
    });
    after(() => server.close());

    test('a request is found as soon as its answer has come, by method, path, query, header and JSONPath', async () => {
      const order = {
        customer: { email: 'ada@example.com' },
        items: [
          { sku: 'A-1', qty: 2 },
          { sku: 'B-7', qty: 5 },
        ],
      };
      const sent = await call(`${mock}/orders?source=web&tag=a&tag=b`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'r-42' },
        body: JSON.stringify(order),
      });
      assert.equal(sent.status, 201);
      // No waiting: the find waits for the log write of the answer the client already has.
      const found = await find({
        method: 'post',
        path: '/orders',
        query: { source: 'web' },
        headers: { 'X-Request-Id': { regex: '^r-\\d+$' }, 'content-type': { contains: 'json' } },
        jsonPath: {
          '$.customer.email': 'ada@example.com',
          '$.items[?@.qty > 3].sku': 'B-7',
          '$.items[0].qty': '2',
          '$.coupon': { absent: true },
        },
      });
      assert.equal(found.status, 200, found.text);
      const answer = found.json as FoundRequests;
      assert.equal(answer.count, 1);
      assert.equal(answer.requests[0].path, '/orders');
      assert.deepEqual(answer.nearMisses, []);
    });

    test('nothing matched: the near misses say what differed, fewest differences first', async () => {
      await call(`${server.url}/api/mocks/Orders%20API/requests?key=${key}`, { method: 'DELETE' });
      await call(`${mock}/orders/7?expand=items`);
      await call(`${mock}/orders`, {
        method: 'POST',
        body: JSON.stringify({ customer: { email: 'bob@example.com' } }),
      });
      const found = await find({
        method: 'POST',
        path: '/orders',
        jsonPath: { '$.customer.email': 'ada@example.com' },
      });
      assert.equal(found.status, 200, found.text);
      const answer = found.json as FoundRequests;
      assert.equal(answer.count, 0);
      assert.equal(answer.nearMisses.length, 2);
      assert.deepEqual(answer.nearMisses[0].differences, [
        'jsonPath $.customer.email: expected equals "ada@example.com", got "bob@example.com"',
      ]);
      assert.equal(answer.nearMisses[1].request.path, '/orders/7');
      assert.ok(answer.nearMisses[1].differences.includes('method: expected POST, got GET'));
      assert.ok(answer.nearMisses[1].differences.some((text) => text.startsWith('path: expected equals "/orders"')));
    });

    test('counting, a regex on the path, a repeated query parameter and a cleared log', async () => {
      await call(`${server.url}/api/mocks/Orders%20API/requests?key=${key}`, { method: 'DELETE' });
      for (const id of [1, 2, 3]) await call(`${mock}/orders/${id}?tag=x&tag=y`);
      const all = (await find({ method: 'GET', path: { regex: '^/orders/\\d+$' }, limit: 2 })).json as FoundRequests;
      assert.equal(all.count, 3);
      assert.equal(all.requests.length, 2, 'limit bounds the list, not the count');
      assert.deepEqual(
        all.requests.map((request) => request.path),
        ['/orders/3', '/orders/2'],
        'newest first',
      );
      const tagged = (await find({ query: { tag: 'y' } })).json as FoundRequests;
      assert.equal(tagged.count, 3, 'a repeated parameter matches when any of its values does');
      const cleared = await call(`${server.url}/api/mocks/Orders%20API/requests?key=${key}`, { method: 'DELETE' });
      assert.equal(cleared.status, 204);
      assert.equal(((await find({})).json as FoundRequests).count, 0);
    });

    test('a wrong pattern is a 400 naming its part; another user gets 404, no key 401', async () => {
      const cases: [unknown, RegExp][] = [
        [{ methd: 'GET' }, /methd is not part of a request pattern/],
        [{ method: 'FETCH' }, /method must be one of/],
        [{ query: { page: { equals: '1', contains: '2' } } }, /query\.page must have exactly one of/],
        [{ headers: { accept: { regex: '(a)\\1' } } }, /headers\.accept\.regex is not a valid regular expression/],
        [{ jsonPath: { '$[': 'x' } }, /jsonPath "\$\[" is not a JSONPath/],
        [{ jsonPath: { "$[?match(@.a, 'x')]": { exists: true } } }, /match\(\) and search\(\) are not available/],
        [{ path: { exists: false } }, /path\.exists must be true/],
        [{ limit: 501 }, /limit must be an integer 0\.\.500/],
        [[1, 2], /must be a JSON object/],
      ];
      for (const [pattern, message] of cases) {
        const answer = await find(pattern);
        assert.equal(answer.status, 400, `${JSON.stringify(pattern)}: ${answer.text}`);
        assert.match(answer.json.error, message);
      }
      const notJson = await call(`${server.url}/api/mocks/Orders%20API/requests/find?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"method": ',
      });
      assert.equal(notJson.status, 400, notJson.text);
      const stranger = await server.userKey('free');
      assert.equal((await find({}, stranger)).status, 404);
      const anonymous = await call(`${server.url}/api/mocks/Orders%20API/requests/find`, json({}));
      assert.equal(anonymous.status, 401);
    });

    test('the worst pattern over a full log stays bounded: regex work past its budget is a 422, not a stalled server', async () => {
      const big = JSON.stringify({ text: 'a'.repeat(7000) });
      const sends = Array.from({ length: 40 }, () => call(`${mock}/orders`, { method: 'POST', body: big }));
      await Promise.all(sends);
      const started = performance.now();
      const answer = await find({
        body: { regex: '(a|aa|aaa|aaaa|aaaaa){1,20}b' },
        headers: { 'user-agent': { regex: '(x+x+)+y' } },
      });
      const took = performance.now() - started;
      assert.ok([200, 422].includes(answer.status), answer.text);
      if (answer.status === 422) assert.match(answer.json.error, /regex conditions could not be tested/);
      assert.ok(took < 5000, `the find answered in ${Math.round(took)} ms`);
    });
  });
}
