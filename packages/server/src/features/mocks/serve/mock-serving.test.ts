/** Serving mock APIs through real HTTP on both databases: routing, auth, rules, bodies, the log, the quota. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../../testing/server-fixture.js';
import { DEFAULT_PLANS } from '../../../users/plans.js';
import { MOCK_LIMITS } from '@rowloom/contract';
import { PRUNE_EVERY } from './request-log.js';
import type { MockHostNames } from './host-names.js';
import { insertMock, type MockDraft } from './mock-fixture.js';
import { fetchAnswer as call, withHost } from '../../../testing/http-calls.js';

const jsonPost = (body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function saveSchema(server: TestServer, key: string, name: string, fields: unknown[]) {
  const saved = await call(`${server.url}/api/schemas/${encodeURIComponent(name)}?key=${key}`, jsonPost(fields, 'PUT'));
  assert.equal(saved.status, 200, saved.text);
}

async function logOf(server: TestServer, mockApiId: string) {
  // The log is written after the response: give the write a moment.
  for (let i = 0; i < 50; i++) {
    const rows = await server.store.db
      .selectFrom('mock_requests')
      .selectAll()
      .where('mock_api_id', '=', mockApiId)
      .orderBy('seq', 'desc')
      .execute();
    if (rows.length > 0) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}

const PAGED = [
  { name: '__key', type: 'Row Number' },
  { name: 'id', type: 'Formula', value: "request_params['page'].to_i * 10 + __key" },
  { name: 'asked', type: 'Formula', value: "request_params['id']" },
  { name: 'name', type: 'Formula', value: "request_entity['name']" },
  { name: 'word', type: 'First Name' },
];

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`mock runtime (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, async () => {
    let server: TestServer;
    let key: string;
    let otherKey: string;
    const { before, after } = await import('node:test');
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect), {
        mockHostSuffix: 'mocks.example.com',
        plans: { ...DEFAULT_PLANS, tiny: { ...DEFAULT_PLANS.free, requestsPerDay: 3, recordsPerDay: 1000 } },
      });
      key = await server.userKey('unlimited');
      otherKey = await server.userKey('unlimited');
      await saveSchema(server, key, 'Paged', PAGED);
    });
    after(() => server.close());
    const mock = (draft: MockDraft) => insertMock(server.store.db, key, draft);

    test('path and query parameters and body fields reach the schema; one row is an object, count gives an array; .json is optional', async () => {
      await mock({
        name: 'Shop',
        routes: [
          { method: 'GET', path: '/users/:id', responses: [{ body: { type: 'schema', schema: 'Paged' } }] },
          { method: 'GET', path: '/users', responses: [{ body: { type: 'schema', schema: 'Paged', count: 3 } }] },
          {
            method: 'POST',
            path: '/users.json',
            responses: [{ status: 201, body: { type: 'schema', schema: 'Paged', array: true } }],
          },
        ],
      });
      const one = await call(`${server.url}/mock/shop/users/a%20b?key=${key}&page=2`);
      assert.equal(one.status, 200, one.text);
      assert.equal(one.json.id, 21);
      assert.equal(one.json.asked, 'a b', 'the path parameter is decoded');
      assert.equal(one.headers.get('x-rowloom-mock-route'), 'route-0');
      assert.equal(one.headers.get('x-rowloom-mock-response'), 'route-0-response-0');
      const json = await call(`${server.url}/mock/shop/users/7.json?key=${key}&page=1`);
      assert.equal(json.json.asked, '7');
      const page = await call(`${server.url}/mock/shop/users?key=${key}&page=4`);
      assert.deepEqual(
        page.json.map((row: { id: number }) => row.id),
        [41, 42, 43],
      );
      const posted = await call(`${server.url}/mock/shop/users?key=${key}`, jsonPost({ name: 'Ada' }));
      assert.equal(posted.status, 201, posted.text);
      assert.ok(Array.isArray(posted.json));
      assert.equal(posted.json[0].name, 'Ada');
      const html = await call(`${server.url}/mock/shop/users/1?key=${key}`, { headers: { accept: 'text/html' } });
      assert.match(
        html.headers.get('content-type') ?? '',
        /^application\/json/,
        'a browser asking for HTML still gets the mock',
      );
    });

    test('a schema body made from a remembered plan follows its saved schema: a changed schema is the next answer', async () => {
      await saveSchema(server, key, 'Plain', [{ name: 'n', type: 'Row Number' }]);
      await mock({
        name: 'Remembered',
        routes: [
          { method: 'GET', path: '/rows', responses: [{ body: { type: 'schema', schema: 'Plain', count: 2 } }] },
        ],
      });
      const url = `${server.url}/mock/remembered/rows?key=${key}`;
      for (let i = 0; i < 2; i++) assert.deepEqual((await call(url)).json, [{ n: 1 }, { n: 2 }]);
      await saveSchema(server, key, 'Plain', [
        { name: 'n', type: 'Row Number' },
        { name: 'fixed', type: 'Custom List', values: ['same'] },
      ]);
      assert.deepEqual((await call(url)).json, [
        { n: 1, fixed: 'same' },
        { n: 2, fixed: 'same' },
      ]);
    });

    test("remembered plans are never another user's: two users' schemas of one name answer with their own fields", async () => {
      const fieldsOf = (user: string) => [{ name: `${user}_only`, type: 'Custom List', values: [user] }];
      for (const [owner, user] of [
        [key, 'first'],
        [otherKey, 'second'],
      ] as const) {
        await saveSchema(server, owner, 'Shared name', fieldsOf(user));
        await insertMock(server.store.db, owner, {
          name: `Tenant ${user}`,
          public: true,
          routes: [
            {
              method: 'GET',
              path: '/rows',
              responses: [{ body: { type: 'schema', schema: 'Shared name', count: 2 } }],
            },
          ],
        });
      }
      for (let round = 0; round < 2; round++) {
        assert.deepEqual((await call(`${server.url}/mock/tenant-first/rows`)).json, [
          { first_only: 'first' },
          { first_only: 'first' },
        ]);
        assert.deepEqual((await call(`${server.url}/mock/tenant-second/rows`)).json, [
          { second_only: 'second' },
          { second_only: 'second' },
        ]);
      }
    });

    test('the most specific route wins; no route gives 404 listing the routes; __method overrides', async () => {
      await mock({
        name: 'Specific',
        routes: [
          { method: 'ANY', path: '/items/:id', responses: [{ body: { type: 'json', value: 'any-param' } }] },
          { method: 'GET', path: '/items/:id', responses: [{ body: { type: 'json', value: 'get-param' } }] },
          { method: 'GET', path: '/items/special', responses: [{ body: { type: 'json', value: 'literal' } }] },
          { method: 'DELETE', path: '/items/:id', responses: [{ status: 204 }] },
        ],
      });
      const base = `${server.url}/mock/specific`;
      assert.equal((await call(`${base}/items/special?key=${key}`)).json, 'literal');
      assert.equal((await call(`${base}/items/1?key=${key}`)).json, 'get-param');
      assert.equal((await call(`${base}/items/1?key=${key}`, { method: 'PUT' })).json, 'any-param');
      const deleted = await call(`${base}/items/1?key=${key}&__method=delete`);
      assert.equal(deleted.status, 204);
      const bad = await call(`${base}/items/1?key=${key}&__method=FETCH`);
      assert.equal(bad.status, 400);
      assert.match(bad.json.error, /__method/);
      const none = await call(`${base}/nothing/here?key=${key}`);
      assert.equal(none.status, 404);
      assert.equal(
        none.json.error,
        "no route of mock API 'Specific' matches GET /nothing/here; its routes: ANY /items/:id, GET /items/:id, GET /items/special, DELETE /items/:id",
      );
      const bareMock = await call(`${server.url}/mock/`, { headers: { accept: 'text/html' } });
      assert.equal(bareMock.status, 404);
    });

    test("auth: 401 without a key, 404 for another user, a session cookie works, a public API needs nothing; only the owner's requests are logged", async () => {
      const { id } = await mock({
        name: 'Private',
        routes: [{ path: '/x', responses: [{ body: { type: 'text', text: 'hi' } }] }],
      });
      await mock({
        name: 'Open',
        public: true,
        routes: [{ path: '/x', responses: [{ body: { type: 'text', text: 'open' } }] }],
      });
      const none = await call(`${server.url}/mock/private/x`);
      assert.equal(none.status, 401);
      assert.match(none.json.error, /not public/);
      const wrong = await call(`${server.url}/mock/private/x?key=nope`);
      assert.equal(wrong.status, 401);
      const other = await call(`${server.url}/mock/private/x`, { headers: { 'x-api-key': otherKey } });
      const missing = await call(`${server.url}/mock/does-not-exist/x`, { headers: { 'x-api-key': otherKey } });
      assert.equal(other.status, 404);
      assert.equal(
        other.json.error.replace('private', 'does-not-exist'),
        missing.json.error,
        'the same answer as a slug that does not exist',
      );
      const own = await call(`${server.url}/mock/private/x`, { headers: { 'x-api-key': key } });
      assert.equal(own.text, 'hi');
      assert.equal(own.headers.get('content-type'), 'text/plain; charset=utf-8');
      assert.equal((await call(`${server.url}/mock/open/x`)).text, 'open');
      const signed = await server.signUp();
      const session = await call(`${server.url}/mock/private/x`, { headers: { cookie: signed.cookie } });
      assert.equal(session.status, 404, 'a signed-in user who is not the owner');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const log = await logOf(server, id);
      assert.deepEqual(
        log.map((row) => row.status),
        [200],
        "refusals of a private API are not logged (strangers could flush the owner's log)",
      );
    });

    test('rules: params, query, headers, body paths, method, request number; all and any; the default', async () => {
      await mock({
        name: 'Rules',
        routes: [
          {
            method: 'ANY',
            path: '/orders/:id',
            responses: [
              { id: 'fallback', body: { type: 'json', value: 'default' }, default: true },
              {
                id: 'admin',
                rules: [
                  { target: 'header', name: 'X-Role', operator: 'equals', value: 'admin' },
                  { target: 'param', name: 'id', operator: 'regex', value: '^\\d+$' },
                ],
                body: { type: 'json', value: 'admin' },
              },
              {
                id: 'vip',
                rules: [{ target: 'body', name: 'customer.tier', operator: 'in', value: 'gold, platinum' }],
                body: { type: 'json', value: 'vip' },
              },
              {
                id: 'big',
                rulesOperator: 'any',
                rules: [
                  { target: 'query', name: 'total', operator: 'gt', value: '100' },
                  { target: 'method', operator: 'equals', value: 'DELETE' },
                ],
                body: { type: 'json', value: 'big-or-delete' },
              },
              {
                id: 'missing',
                rules: [
                  { target: 'query', name: 'q', operator: 'exists' },
                  { target: 'body', name: 'x', operator: 'missing' },
                ],
                body: { type: 'json', value: 'q' },
              },
            ],
          },
        ],
      });
      const url = (path: string) => `${server.url}/mock/rules${path}${path.includes('?') ? '&' : '?'}key=${key}`;
      assert.equal((await call(url('/orders/12'), { headers: { 'x-role': 'admin' } })).json, 'admin');
      assert.equal(
        (await call(url('/orders/ab'), { headers: { 'x-role': 'admin' } })).json,
        'default',
        'both rules must match',
      );
      assert.equal((await call(url('/orders/1'), jsonPost({ customer: { tier: 'platinum' } }))).json, 'vip');
      assert.equal((await call(url('/orders/1'), jsonPost({ customer: { tier: 'silver' } }))).json, 'default');
      assert.equal((await call(url('/orders/1?total=100.5'))).json, 'big-or-delete');
      assert.equal((await call(url('/orders/1?total=99'))).json, 'default');
      assert.equal((await call(url('/orders/1'), { method: 'DELETE' })).json, 'big-or-delete');
      assert.equal((await call(url('/orders/1?q=1'))).json, 'q');
      const chosen = await call(url('/orders/1'));
      assert.equal(chosen.headers.get('x-rowloom-mock-response'), 'fallback');
    });

    test('a regex that backtracks for ever in JavaScript runs in linear time: answered, and still matching on the next request', async () => {
      await mock({
        name: 'Redos',
        routes: [
          {
            path: '/x',
            responses: [
              { body: { type: 'json', value: 'd' } },
              {
                rules: [{ target: 'query', name: 'q', operator: 'regex', value: '^(a+)+$' }],
                body: { type: 'json', value: 'r' },
              },
            ],
          },
        ],
      });
      const slow = await call(`${server.url}/mock/redos/x?key=${key}&q=${'a'.repeat(4000)}!`);
      assert.equal(slow.status, 200, slow.text);
      assert.equal(slow.json, 'd');
      assert.equal((await call(`${server.url}/mock/redos/x?key=${key}&q=aaa`)).json, 'r');
    });

    test('sequential takes turns by the shared request number; random covers every response; request_number rules', async () => {
      await mock({
        name: 'Turns',
        routes: [
          {
            path: '/seq',
            mode: 'sequential',
            responses: [
              { body: { type: 'json', value: 1 } },
              { body: { type: 'json', value: 2 } },
              { body: { type: 'json', value: 3 } },
            ],
          },
          {
            path: '/rand',
            mode: 'random',
            responses: [{ body: { type: 'json', value: 'a' } }, { body: { type: 'json', value: 'b' } }],
          },
          {
            path: '/third',
            responses: [
              { body: { type: 'json', value: 'other' } },
              {
                rules: [{ target: 'request_number', operator: 'equals', value: '3' }],
                body: { type: 'json', value: 'third' },
              },
            ],
          },
        ],
      });
      const seq: unknown[] = [];
      for (let i = 0; i < 7; i++) seq.push((await call(`${server.url}/mock/turns/seq?key=${key}`)).json);
      assert.deepEqual(seq, [1, 2, 3, 1, 2, 3, 1]);
      const seen = new Set<unknown>();
      for (let i = 0; i < 40 && seen.size < 2; i++)
        seen.add((await call(`${server.url}/mock/turns/rand?key=${key}`)).json);
      assert.deepEqual([...seen].sort(), ['a', 'b']);
      const third: unknown[] = [];
      for (let i = 0; i < 4; i++) third.push((await call(`${server.url}/mock/turns/third?key=${key}`)).json);
      assert.deepEqual(third, ['other', 'other', 'third', 'other']);
    });

    test('a repeatable route gives the same bytes for the same request (whatever the query order), others differ', async () => {
      await mock({
        name: 'Repeat',
        routes: [
          { path: '/people', repeatable: true, responses: [{ body: { type: 'schema', schema: 'Paged', count: 5 } }] },
          { path: '/fresh', responses: [{ body: { type: 'schema', schema: 'Paged', count: 5 } }] },
        ],
      });
      const a = await call(`${server.url}/mock/repeat/people?key=${key}&page=1&x=2`);
      const b = await call(`${server.url}/mock/repeat/people?x=2&page=1&key=${key}`);
      const c = await call(`${server.url}/mock/repeat/people?key=${key}&page=2&x=2`);
      assert.equal(a.status, 200, a.text);
      assert.equal(a.text, b.text);
      assert.notEqual(a.text, c.text);
      const f1 = await call(`${server.url}/mock/repeat/fresh?key=${key}`);
      const f2 = await call(`${server.url}/mock/repeat/fresh?key=${key}`);
      assert.notEqual(f1.text, f2.text);
    });

    test('formats with options; response headers and status; missing schema 409; a handler; bad header 422', async () => {
      await mock({
        name: 'Formats',
        routes: [
          {
            path: '/csv',
            responses: [
              {
                status: 203,
                headers: { 'X-Total': '2', 'Cache-Control': 'no-store' },
                body: {
                  type: 'schema',
                  schema: 'Paged',
                  count: 2,
                  format: 'csv',
                  options: { include_header: 'false' },
                },
              },
            ],
          },
          { path: '/gone', responses: [{ body: { type: 'schema', schema: 'Deleted' } }] },
          { path: '/handler', responses: [{ body: { type: 'handler', source: 'schema "Paged"\ngenerate 1' } }] },
          { path: '/badheader', responses: [{ headers: { 'X-Bad': 'a\nb' }, body: { type: 'json', value: 1 } }] },
        ],
      });
      const csv = await call(`${server.url}/mock/formats/csv?key=${key}&page=0`);
      assert.equal(csv.status, 203);
      assert.equal(csv.headers.get('x-total'), '2');
      assert.equal(csv.headers.get('cache-control'), 'no-store');
      assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
      assert.equal(csv.text.trim().split('\n').length, 2, 'no header row');
      assert.match(csv.text, /^1,,/);
      const gone = await call(`${server.url}/mock/formats/gone?key=${key}`);
      assert.equal(gone.status, 409);
      assert.match(
        gone.json.error,
        /routes\[1\]\.responses\[0\] \(GET \/gone\) uses the saved schema "Deleted", which no longer exists/,
      );
      const handled = await call(`${server.url}/mock/formats/handler?key=${key}`);
      assert.equal(handled.status, 200, handled.text);
      assert.equal(typeof handled.json.word, 'string');
      const bad = await call(`${server.url}/mock/formats/badheader?key=${key}`);
      assert.equal(bad.status, 422);
      assert.match(bad.json.error, /responses\[0\]\.headers\["X-Bad"\]/);
    });

    test("handler bodies: Mockaroo's example as written, status and headers, errors with their position, missing schema 409, rows charged", async () => {
      const source = [
        'schema "Paged"',
        'user = generate 1, cache_for: 1.year',
        'header "X-Asked", params["id"]',
        'if params["id"] == "404"',
        '  status 404',
        '  { message: "User not found with id #{params[\'id\']}" }',
        'else',
        '  user',
        'end',
      ].join('\n');
      await mock({
        name: 'Handlers',
        routes: [
          { method: 'GET', path: '/users/:id', responses: [{ body: { type: 'handler', source } }] },
          {
            method: 'GET',
            path: '/many',
            responses: [{ body: { type: 'handler', source: 'schema "Paged"\ngenerate 200000' } }],
          },
          {
            method: 'GET',
            path: '/gone',
            responses: [{ body: { type: 'handler', source: 'schema "Gone"\ngenerate 1' } }],
          },
        ],
      });
      const found = await call(`${server.url}/mock/handlers/users/7?key=${key}&page=3`);
      assert.equal(found.status, 200, found.text);
      assert.equal(found.json.asked, '7');
      assert.equal(found.json.id, 31);
      assert.equal(found.headers.get('x-asked'), '7');
      const again = await call(`${server.url}/mock/handlers/users/7?key=${key}&page=3`);
      assert.equal(again.text, found.text, 'cache_for: seeds the rows by the request');
      const missing = await call(`${server.url}/mock/handlers/users/404?key=${key}`);
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.json, { message: 'User not found with id 404' });
      const many = await call(`${server.url}/mock/handlers/many?key=${key}`);
      assert.equal(many.status, 422, many.text);
      assert.match(many.json.error, /^handler error at 2:\d+: /);
      const gone = await call(`${server.url}/mock/handlers/gone?key=${key}`);
      assert.equal(gone.status, 409);
      assert.match(gone.json.error, /"Gone", which no longer exists/);
    });

    test('a repeated query parameter keeps all its values: handlers and formulas read a list, a rule matches when one value does', async () => {
      await saveSchema(server, key, 'Tags', [
        { name: 'tags', type: 'Formula', value: "request_params['tag']" },
        { name: 'one', type: 'Formula', value: "request_params['one']" },
      ]);
      await mock({
        name: 'Repeated',
        routes: [
          {
            path: '/handled/:id',
            responses: [
              {
                body: { type: 'handler', source: "[params['tag'], query['tag'], request_params['id'], params['one']]" },
              },
            ],
          },
          { path: '/rows', responses: [{ body: { type: 'schema', schema: 'Tags' } }] },
          {
            path: '/ruled',
            responses: [
              {
                label: 'b',
                rules: [{ target: 'query', name: 'tag', operator: 'equals', value: 'b' }],
                body: { type: 'json', value: 'b' },
              },
              {
                label: 'not x',
                rules: [{ target: 'query', name: 'tag', operator: 'not_equals', value: 'x' }],
                body: { type: 'json', value: 'not x' },
              },
              { label: 'fallback', default: true, body: { type: 'json', value: 'fallback' } },
            ],
          },
        ],
      });
      const handled = await call(`${server.url}/mock/repeated/handled/7?key=${key}&tag=a&tag=b&one=1`);
      assert.equal(handled.status, 200, handled.text);
      assert.deepEqual(handled.json, [['a', 'b'], ['a', 'b'], '7', '1']);
      const rows = await call(`${server.url}/mock/repeated/rows?key=${key}&tag=a&tag=b&one=1`);
      assert.equal(rows.status, 200, rows.text);
      assert.deepEqual(rows.json, { tags: ['a', 'b'], one: '1' });
      const chosen = async (query: string) =>
        (await call(`${server.url}/mock/repeated/ruled?key=${key}&${query}`)).json as string;
      assert.equal(await chosen('tag=b&tag=c'), 'b', 'equals: the first value does not match, the second does');
      assert.equal(await chosen('tag=c&tag=b'), 'b');
      assert.equal(await chosen('tag=c&tag=x'), 'fallback', 'not_equals: one of the values equals x');
      assert.equal(await chosen('tag=c&tag=d'), 'not x');
      assert.equal(await chosen('tag=x'), 'fallback');
    });

    test('CORS: headers on answers, a preflight without a key; off when cors is false', async () => {
      await mock({
        name: 'Cors',
        routes: [
          {
            method: 'POST',
            path: '/things',
            responses: [{ headers: { 'X-Mine': '1' }, body: { type: 'json', value: 1 } }],
          },
          { method: 'GET', path: '/things' },
        ],
      });
      await mock({
        name: 'No Cors',
        cors: false,
        routes: [{ method: 'POST', path: '/things', responses: [{ body: { type: 'json', value: 1 } }] }],
      });
      const preflight = await call(`${server.url}/mock/cors/things`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-api-key, content-type',
        },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      assert.equal(preflight.headers.get('access-control-allow-methods'), 'POST, GET, HEAD');
      assert.equal(preflight.headers.get('access-control-allow-headers'), 'x-api-key, content-type');
      const answer = await call(`${server.url}/mock/cors/things?key=${key}`, {
        method: 'POST',
        headers: { origin: 'http://example.com' },
      });
      assert.equal(answer.headers.get('access-control-allow-origin'), '*');
      assert.match(answer.headers.get('access-control-expose-headers') ?? '', /X-Rowloom-Mock-Route.*X-Mine/);
      const off = await call(`${server.url}/mock/no-cors/things?key=${key}`, { method: 'OPTIONS' });
      assert.equal(off.status, 404, 'no preflight answer and no OPTIONS route');
      assert.equal(off.headers.get('access-control-allow-origin'), null);
    });

    test("CORS exposes every header a script could not read otherwise: configured, a handler's, CRUD paging, errors; none when cors is false", async () => {
      await mock({
        name: 'Exposed',
        routes: [
          {
            path: '/configured',
            responses: [{ headers: { 'X-Page': '2', 'Cache-Control': 'no-store' }, body: { type: 'json', value: [] } }],
          },
          {
            path: '/handled',
            responses: [
              {
                headers: { 'X-Configured': 'yes' },
                body: { type: 'handler', source: "header 'X-Total', 42\nheader 'ETag', 'abc'\n[1, 2]" },
              },
            ],
          },
          { path: '/users', kind: 'crud', method: 'ANY', crud: { schema: 'Paged', count: 3 } },
        ],
      });
      await mock({
        name: 'Unexposed',
        cors: false,
        routes: [
          { path: '/handled', responses: [{ body: { type: 'handler', source: "header 'X-Total', 42\n[]" } }] },
          { path: '/users', kind: 'crud', method: 'ANY', crud: { schema: 'Paged', count: 3 } },
        ],
      });
      const exposed = (answer: { headers: Headers }) =>
        (answer.headers.get('access-control-expose-headers') ?? '').split(', ');
      const configured = await call(`${server.url}/mock/exposed/configured?key=${key}`);
      assert.equal(configured.status, 200, configured.text);
      assert.deepEqual(exposed(configured), ['X-Rowloom-Mock-Route', 'X-Rowloom-Mock-Response', 'X-Page']);
      const handled = await call(`${server.url}/mock/exposed/handled?key=${key}`);
      assert.equal(handled.status, 200, handled.text);
      assert.equal(handled.headers.get('x-total'), '42');
      assert.deepEqual(exposed(handled).sort(), [
        'Etag',
        'X-Configured',
        'X-Rowloom-Mock-Response',
        'X-Rowloom-Mock-Route',
        'X-Total',
      ]);
      const list = await call(`${server.url}/mock/exposed/users?key=${key}&page=1&per_page=2`);
      assert.equal(list.status, 200, list.text);
      assert.equal(list.headers.get('x-total-count'), '3');
      assert.deepEqual(exposed(list).sort(), [
        'Link',
        'X-Rowloom-Mock-Response',
        'X-Rowloom-Mock-Route',
        'X-Total-Count',
      ]);
      const missing = await call(`${server.url}/mock/exposed/nothing?key=${key}`);
      assert.equal(missing.status, 404);
      assert.deepEqual(exposed(missing), ['X-Rowloom-Mock-Route', 'X-Rowloom-Mock-Response']);
      for (const path of ['handled', 'users']) {
        const off = await call(`${server.url}/mock/unexposed/${path}?key=${key}`);
        assert.equal(off.status, 200, off.text);
        assert.equal(off.headers.get('access-control-expose-headers'), null, `${path}: no CORS, nothing exposed`);
      }
    });

    test('host-name routing serves the API at the root of its host (port ignored, any case)', async () => {
      await mock({
        name: 'Hosted',
        host: 'hosted.mocks.example.com',
        public: true,
        routes: [{ path: '/users/:id', responses: [{ body: { type: 'json', value: 'hosted' } }] }],
      });
      await (server.app as unknown as { mockHostNames: MockHostNames }).mockHostNames.refresh();
      const hosted = await withHost(server.url, 'HOSTED.mocks.example.com:8080', '/users/5');
      assert.equal(hosted.status, 200, hosted.body);
      assert.equal(hosted.body, '"hosted"');
      const none = await withHost(server.url, 'hosted.mocks.example.com', '/nothing');
      assert.equal(none.status, 404);
      assert.match(none.body, /matches GET \/nothing/);
      const other = await withHost(server.url, 'elsewhere.example.com', '/users/5');
      assert.equal(other.status, 404, 'other hosts are not routed to it');
    });

    test('CRUD routes: the collection and its records, a literal route beats the record key, faults and the log apply', async () => {
      const { id } = await mock({
        name: 'Crud',
        routes: [
          { path: '/users', kind: 'crud', method: 'ANY', crud: { schema: 'Paged', count: 3 } },
          { path: '/users/count', responses: [{ body: { type: 'json', value: 42 } }] },
        ],
      });
      const base = `${server.url}/mock/crud/users`;
      const list = await call(`${base}?key=${key}`);
      assert.equal(list.status, 200, list.text);
      assert.equal(list.json.length, 3);
      assert.equal(list.headers.get('x-rowloom-mock-route'), 'route-0');
      assert.match(list.headers.get('access-control-expose-headers') ?? '', /X-Rowloom-Mock-Route/);
      const created = await call(`${base}?key=${key}`, jsonPost({ name: 'Ada' }));
      assert.equal(created.status, 201, created.text);
      const location = created.headers.get('location') ?? '';
      assert.match(location, /\/mock\/crud\/users\/[^/]+$/);
      const createdKey = decodeURIComponent(location.split('/').pop()!);
      const one = await call(`${base}/${encodeURIComponent(createdKey)}?key=${key}`);
      assert.equal(one.status, 200, one.text);
      assert.equal(one.json.name, 'Ada');
      const head = await fetch(`${base}/${encodeURIComponent(createdKey)}?key=${key}`, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(await head.text(), '');
      assert.equal(
        (await call(`${base}/${encodeURIComponent(createdKey)}?key=${key}`, { method: 'DELETE' })).status,
        204,
      );
      assert.equal((await call(`${base}/${encodeURIComponent(createdKey)}?key=${key}`)).status, 404);
      assert.equal((await call(`${base}/count?key=${key}`)).json, 42, 'a literal route beats the record key');
      const log = await logOf(server, id);
      assert.ok(log.some((row) => row.method === 'POST' && row.status === 201));
    });

    test('the request log: what came, what went, without credentials; bounded', async () => {
      const { id } = await mock({
        name: 'Logged',
        routes: [{ method: 'POST', path: '/in/:x', responses: [{ status: 202, body: { type: 'json', value: 1 } }] }],
      });
      const body = JSON.stringify({ big: 'é'.repeat(MOCK_LIMITS.requestLogBodyBytes) });
      await call(`${server.url}/mock/logged/in/1?key=${key}&a=b`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'c=d', 'x-api-key': key, 'x-other': 'kept' },
        body,
      });
      const [row] = await logOf(server, id);
      assert.equal(row.method, 'POST');
      assert.equal(row.path, '/in/1');
      assert.deepEqual(JSON.parse(row.query), { a: 'b' });
      const headers = JSON.parse(row.headers);
      assert.equal(headers['x-other'], 'kept');
      assert.equal(headers['x-api-key'], undefined);
      assert.equal(headers.cookie, undefined);
      assert.ok(Buffer.byteLength(row.body!) <= MOCK_LIMITS.requestLogBodyBytes && row.body!.length > 1000);
      assert.equal(row.status, 202);
      assert.equal(row.route_id, 'route-0');
      assert.equal(row.response_id, 'route-0-response-0');
      assert.ok(Number(row.duration_ms) >= 0);
      // Bounded: past the limit, old entries go (every PRUNE_EVERY inserts).
      const fill = MOCK_LIMITS.requestLogEntries + PRUNE_EVERY;
      const now = Date.now() * 1000;
      await server.store.db
        .insertInto('mock_requests')
        .values(
          Array.from({ length: fill }, (_, i) => ({
            id: `fill-${i}`,
            mock_api_id: id,
            seq: now - fill + i - 10_000_000,
            at: new Date().toISOString(),
            method: 'GET',
            path: '/',
            query: '{}',
            headers: '{}',
            body: null,
            status: 200,
            route_id: null,
            response_id: null,
            fault: null,
            duration_ms: 1,
          })),
        )
        .execute();
      for (let i = 0; i < PRUNE_EVERY; i++)
        await call(`${server.url}/mock/logged/in/${i}?key=${key}`, { method: 'POST' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rows = await server.store.db
        .selectFrom('mock_requests')
        .select('path')
        .where('mock_api_id', '=', id)
        .orderBy('seq', 'desc')
        .execute();
      assert.ok(rows.length <= MOCK_LIMITS.requestLogEntries + PRUNE_EVERY, `${rows.length} entries`);
      assert.ok(rows.length >= MOCK_LIMITS.requestLogEntries);
      assert.equal(rows[0].path, `/in/${PRUNE_EVERY - 1}`);
    });

    test("each request is charged to the owner's plan: 429 with the generate API's text when over", async () => {
      const tinyKey = await server.userKey('tiny');
      await insertMock(server.store.db, tinyKey, {
        name: 'Tiny',
        routes: [{ path: '/x', responses: [{ body: { type: 'json', value: 1 } }] }],
      });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(`${server.url}/mock/tiny/x?key=${tinyKey}`)).status);
      assert.deepEqual(statuses, [200, 200, 200, 429]);
      const over = await call(`${server.url}/mock/tiny/x?key=${tinyKey}`);
      assert.equal(over.json.error, 'Usage Limit Exceeded');
      assert.ok(over.headers.get('retry-after'));
    });

    test('a CRUD request is charged before it runs: over the quota, a write answers 429 and stores nothing', async () => {
      const tinyKey = await server.userKey('tiny');
      await saveSchema(server, tinyKey, 'Paged', PAGED);
      const { id } = await insertMock(server.store.db, tinyKey, {
        name: 'Tiny Crud',
        routes: [{ path: '/users', kind: 'crud', method: 'ANY', crud: { schema: 'Paged', count: 2 } }],
      });
      const base = `${server.url}/mock/tiny-crud/users?key=${tinyKey}`;
      const usage = async () =>
        server.store.db
          .selectFrom('usage')
          .select(['requests', 'records'])
          .where(
            'user_id',
            '=',
            (
              await server.store.db
                .selectFrom('mock_apis')
                .select('user_id')
                .where('id', '=', id)
                .executeTakeFirstOrThrow()
            ).user_id,
          )
          .executeTakeFirstOrThrow();
      assert.equal((await call(base)).json.length, 2, 'the first request seeds the collection');
      assert.deepEqual(await usage(), { requests: 1, records: 2 }, 'the seed rows are charged with the first request');
      assert.equal((await call(base, jsonPost({ name: 'kept' }))).status, 201);
      assert.equal((await call(base)).status, 200);
      const refused = await call(base, jsonPost({ name: 'refused' }));
      assert.equal(refused.status, 429);
      const names = (
        await server.store.db.selectFrom('mock_records').select('data').where('mock_api_id', '=', id).execute()
      ).map((row) => JSON.parse(row.data).name);
      assert.ok(names.includes('kept'));
      assert.ok(!names.includes('refused'), 'a refused write changes nothing');
    });

    test('hostile input: bad percent-encoding 400, deep JSON 400, oversized body 413, never a 500', async () => {
      await mock({
        name: 'Hostile',
        public: true,
        routes: [{ method: 'ANY', path: '/:a', responses: [{ body: { type: 'json', value: 1 } }] }],
      });
      assert.equal((await call(`${server.url}/mock/hostile/%E0%A4%A`)).status, 400);
      for (const path of [
        '/mock/a%00b/x',
        '/mock/hostile/a%00b',
        `/mock/hostile/${'x/'.repeat(2000)}`,
        '/mock/hostile/x?__method=%00',
      ]) {
        const answer = await call(`${server.url}${path}`, { headers: { 'x-h': 'v' } });
        assert.ok(answer.status < 500, `${path.slice(0, 40)}: ${answer.status} ${answer.text}`);
      }
      assert.equal(
        (
          await call(`${server.url}/mock/hostile/x`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '['.repeat(5000) + ']'.repeat(5000),
          })
        ).status,
        400,
      );
      const small = await startTestServer(newTestDatabase('sqlite'), { bodyLimitBytes: 1000 });
      try {
        const smallKey = await small.userKey();
        await insertMock(small.store.db, smallKey, {
          name: 'Hostile',
          public: true,
          routes: [{ method: 'ANY', path: '/:a', responses: [{ body: { type: 'json', value: 1 } }] }],
        });
        assert.equal(
          (await call(`${small.url}/mock/hostile/x`, { method: 'POST', body: 'x'.repeat(5000) })).status,
          413,
        );
      } finally {
        await small.close();
      }
    });
  });
}
