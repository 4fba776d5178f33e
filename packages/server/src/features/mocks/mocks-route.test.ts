/** /api/mocks through real HTTP on both databases: storing, validating, owning, resetting, the request log. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite, type TestServer } from '../../testing/server-fixture.js';
import { fetchAnswer } from '../../testing/http-calls.js';
import { MOCK_LIMITS, type MockApiDocument } from '@rowloom/contract';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test walks documents of any shape
type Json = Record<string, any>;

const HOSTILE_JSON: unknown[] = [
  null,
  true,
  -1,
  1e308,
  2 ** 53 + 2,
  0.5,
  '',
  '\u0000',
  'x'.repeat(200_000),
  '\ud800',
  ['a'],
  [[['a']]],
  { a: 1 },
  {},
  { __proto__: { a: 1 } },
  JSON.parse('['.repeat(60) + ']'.repeat(60)),
];
const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  '\u007f',
  'é日本🎲',
  '-1',
  '1e400',
  '99999999999999999999999',
  'NaN',
  '[]',
  '%zz',
  '../../etc/passwd',
  "'; drop table users; --",
  'x'.repeat(3000),
  '\r\n',
  'import',
];

/** A request to the suite's server; the body read as text and, when it parses, as JSON. */
const call = (server: TestServer, path: string, init: RequestInit = {}) => fetchAnswer(server.url + path, init);

const send = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

const USERS = {
  name: 'Users API',
  routes: [
    {
      method: 'GET',
      path: '/users/:id',
      responses: [
        { status: 200, body: { type: 'schema', schema: 'people' } },
        {
          status: 404,
          rules: [{ target: 'param', name: 'id', operator: 'equals', value: '0' }],
          body: { type: 'json', value: { error: 'no such user' } },
        },
      ],
    },
    {
      method: 'POST',
      path: '/users',
      responses: [{ status: 201, headers: { Location: '/users/1' }, body: { type: 'empty' } }],
    },
    { kind: 'crud', path: '/orders', crud: { schema: 'people', count: 5 } },
  ],
};

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`mock API configuration (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect, { mockHostSuffix: 'mocks.example.com' });
    const api = (path: string, key = suite.key) => `/api/mocks${path}${path.includes('?') ? '&' : '?'}key=${key}`;
    const saveSchema = async (key: string, name = 'people') => {
      const saved = await call(
        suite.server,
        `/api/schemas/${name}?key=${key}`,
        send('PUT', {
          fields: [
            { name: 'id', type: 'Row Number' },
            { name: 'first', type: 'First Name' },
          ],
        }),
      );
      assert.equal(saved.status, 200, saved.text);
    };
    const names = async () => ((await call(suite.server, api(''))).json.mocks as Json[]).map((m) => m.name);
    const unique = (document: Json) => {
      const tag = randomUUID().slice(0, 8);
      return {
        ...document,
        name: `${document.name} ${tag}`,
        slug: `${(document.slug as string | undefined) ?? 'api'}-${tag}`,
      };
    };

    test('create fills every default and assigns ids; get, list, rename and delete', async () => {
      await saveSchema(suite.key);
      const created = await call(suite.server, api(''), send('POST', USERS));
      assert.equal(created.status, 201, created.text);
      const doc = created.json as MockApiDocument & { url: string; updatedAt: string };
      assert.equal(doc.slug, 'users-api');
      assert.equal(doc.url, `${suite.server.url}/mock/users-api`);
      assert.deepEqual(
        {
          host: doc.host,
          public: doc.public,
          cors: doc.cors,
          latency: doc.latency,
          project: doc.project,
          description: doc.description,
        },
        { host: null, public: false, cors: true, latency: null, project: null, description: '' },
      );
      const [get, post, crud] = doc.routes;
      assert.match(get.id, /^[a-z0-9]{8}$/);
      assert.deepEqual(
        { ...get, id: undefined, responses: undefined },
        {
          id: undefined,
          method: 'GET',
          path: '/users/:id',
          description: '',
          kind: 'responses',
          mode: 'rules',
          repeatable: false,
          latency: null,
          faults: [],
          responses: undefined,
        },
      );
      assert.deepEqual(
        { ...get.responses[0], id: undefined },
        {
          id: undefined,
          status: 200,
          headers: {},
          latency: null,
          faults: [],
          default: false,
          rules: [],
          rulesOperator: 'all',
          body: { type: 'schema', schema: 'people', count: 1, array: false, format: 'json', options: {} },
        },
      );
      assert.notEqual(get.responses[0].id, get.responses[1].id);
      assert.deepEqual(post.responses[0].headers, { Location: '/users/1' });
      assert.deepEqual(
        { method: crud.method, responses: crud.responses, crud: crud.crud },
        { method: 'ANY', responses: [], crud: { schema: 'people', count: 5, key: 'id', seed: crud.id } },
      );

      const one = await call(suite.server, api('/Users%20API'));
      assert.equal(one.status, 200);
      assert.deepEqual(one.json, created.json);

      const list = await call(suite.server, api(''));
      const summary = (list.json.mocks as Json[]).find((m) => m.name === 'Users API');
      assert.deepEqual(summary, {
        name: 'Users API',
        slug: 'users-api',
        host: null,
        public: false,
        project: null,
        description: '',
        routes: 3,
        url: `${suite.server.url}/mock/users-api`,
        updatedAt: doc.updatedAt,
      });

      // Sent back without ids (as an editor might), the routes keep theirs; a rename moves it.
      const renamed = await call(
        suite.server,
        api('/Users%20API'),
        send('PUT', { ...USERS, name: 'People API', slug: 'users-api', public: true }),
      );
      assert.equal(renamed.status, 200, renamed.text);
      assert.deepEqual(
        renamed.json.routes.map((r: Json) => r.id),
        doc.routes.map((r) => r.id),
      );
      assert.deepEqual(
        renamed.json.routes[0].responses.map((r: Json) => r.id),
        get.responses.map((r) => r.id),
      );
      assert.equal(renamed.json.public, true);
      assert.equal((await call(suite.server, api('/Users%20API'))).status, 404);
      assert.equal((await call(suite.server, api('/People%20API'))).json.public, true);

      // The stored document (what the runtime reads) is the validated one.
      const row = await suite.server.store.db
        .selectFrom('mock_apis')
        .select(['document', 'slug', 'host'])
        .where('slug', '=', 'users-api')
        .executeTakeFirstOrThrow();
      assert.equal((JSON.parse(row.document) as MockApiDocument).routes[2].crud?.count, 5);

      assert.equal((await call(suite.server, api('/People%20API'), { method: 'DELETE' })).status, 204);
      assert.equal((await call(suite.server, api('/People%20API'))).status, 404);
      assert.equal((await call(suite.server, api('/People%20API'), { method: 'DELETE' })).status, 404);
    });

    test('a bad document is a 400 naming the JSON path of each problem, and nothing is stored', async () => {
      await saveSchema(suite.key);
      const route = (patch: Json) => ({
        name: 'Bad',
        routes: [{ method: 'GET', path: '/x', responses: [{ status: 200 }], ...patch }],
      });
      const response = (patch: Json) => route({ responses: [{ status: 200, ...patch }] });
      const cases: [unknown, RegExp][] = [
        [[], /must be a mock API as a JSON object/],
        [{ routes: [] }, /^name is needed/],
        [{ name: 'a/b' }, /^name must not contain "\/"/],
        [{ name: 'Bad', slug: 'Bad Slug' }, /^slug must be 1 to 63 lower-case/],
        [{ name: '!!!' }, /^slug cannot be derived from the name/],
        [{ name: 'Bad', host: '10.0.0.1' }, /^host must be a name under mocks\.example\.com/],
        [{ name: 'Bad', host: 'localhost' }, /^host must be a name under mocks\.example\.com/],
        [{ name: 'Bad', host: 'mocks.example.com' }, /^host must be a name under mocks\.example\.com/],
        [{ name: 'Bad', host: 'evil.example.com' }, /^host must be a name under mocks\.example\.com/],
        [{ name: 'Bad', host: 'a b.mocks.example.com' }, /^host must be a host name of letters/],
        [{ name: 'Bad', public: 'yes' }, /^public must be true or false/],
        [{ name: 'Bad', color: 'red' }, /^color is not a known key here/],
        [{ name: 'Bad', routes: {} }, /^routes must be an array of routes/],
        [{ name: 'Bad', routes: [1] }, /^routes\[0\] must be a route/],
        [route({ path: 'users' }), /^routes\[0\]\.path must be a path starting with "\/"/],
        [route({ path: '/users/:id/:id' }), /^routes\[0\]\.path names the parameter :id twice/],
        [route({ path: '/a//b' }), /^routes\[0\]\.path has an empty segment/],
        [route({ path: '/a/' }), /^routes\[0\]\.path must not end with "\/"/],
        [route({ path: '/a b' }), /^routes\[0\]\.path has a segment "a b" with characters/],
        [route({ path: '/:1x' }), /^routes\[0\]\.path has a bad parameter ":1x"/],
        [route({ path: '/a'.repeat(21) }), /^routes\[0\]\.path has 21 segments; at most 20/],
        [route({ method: 'FETCH' }), /^routes\[0\]\.method must be one of GET, POST/],
        [route({ mode: 'roundrobin' }), /^routes\[0\]\.mode must be one of rules, random, sequential/],
        [route({ responses: [] }), /^routes\[0\]\.responses must list at least one response/],
        [
          {
            name: 'Bad',
            routes: [
              { path: '/a/:x', responses: [{}] },
              { method: 'GET', path: '/a/:y', responses: [{}] },
            ],
          },
          /^routes\[1\] has the same method and path as routes\[0\]/,
        ],
        [
          {
            name: 'Bad',
            routes: [
              { id: 'r1', path: '/a', responses: [{}] },
              { id: 'r1', path: '/b', responses: [{}] },
            ],
          },
          /^routes\[1\]\.id "r1" is also the id of routes\[0\]\.id/,
        ],
        [
          route({ latency: { type: 'fixed', ms: MOCK_LIMITS.latencyMs + 1 } }),
          /^routes\[0\]\.latency\.ms must be a number 0\.\.30000/,
        ],
        [
          route({ latency: { type: 'uniform', min: 50, max: 10 } }),
          /^routes\[0\]\.latency\.min \(50\) must not be more than max \(10\)/,
        ],
        [
          route({ latency: { type: 'gaussian' } }),
          /^routes\[0\]\.latency\.type must be one of fixed, uniform, lognormal/,
        ],
        [route({ faults: [{ kind: 'reset' }] }), /^routes\[0\]\.faults\[0\] must have exactly one of "probability"/],
        [
          route({ faults: [{ kind: 'reset', probability: 0.5, everyNth: 2 }] }),
          /^routes\[0\]\.faults\[0\] must have exactly one of/,
        ],
        [
          route({ faults: [{ kind: 'reset', probability: 1.5 }] }),
          /^routes\[0\]\.faults\[0\]\.probability must be a number 0\.\.1/,
        ],
        [
          route({ faults: [{ kind: 'reset', everyNth: 0 }] }),
          /^routes\[0\]\.faults\[0\]\.everyNth must be an integer 1\.\./,
        ],
        [
          route({ faults: [{ kind: 'status', status: 700, everyNth: 2 }] }),
          /^routes\[0\]\.faults\[0\]\.status must be an integer 100\.\.599/,
        ],
        [
          route({ faults: [{ kind: 'dribble', chunks: 1001, everyNth: 2 }] }),
          /^routes\[0\]\.faults\[0\]\.chunks must be an integer 1\.\.1000/,
        ],
        [
          route({ faults: [{ kind: 'dribble', durationMs: 30_001, everyNth: 2 }] }),
          /^routes\[0\]\.faults\[0\]\.durationMs must be a number 0\.\.30000/,
        ],
        [
          route({ faults: [{ kind: 'reset', everyNth: 2, chunks: 3 }] }),
          /^routes\[0\]\.faults\[0\]\.chunks only applies to "dribble" faults/,
        ],
        [
          route({ faults: Array.from({ length: 11 }, () => ({ kind: 'reset', everyNth: 2 })) }),
          /^routes\[0\]\.faults has 11 faults; at most 10/,
        ],
        [response({ status: 700 }), /^routes\[0\]\.responses\[0\]\.status must be an integer 100\.\.599, got 700/],
        [response({ status: '200' }), /^routes\[0\]\.responses\[0\]\.status must be an integer 100\.\.599/],
        [
          route({ responses: [{ default: true }, { default: true }] }),
          /^routes\[0\]\.responses has 2 responses marked "default"/,
        ],
        [
          route({ responses: Array.from({ length: 21 }, () => ({})) }),
          /^routes\[0\]\.responses has 21 responses; at most 20/,
        ],
        [
          response({ headers: { 'Bad Name': 'x' } }),
          /^routes\[0\]\.responses\[0\]\.headers\["Bad Name"\] is not a valid header name/,
        ],
        [
          response({ headers: { 'X-A': 'a\r\nSet-Cookie: x' } }),
          /^routes\[0\]\.responses\[0\]\.headers\["X-A"\] must be a header value/,
        ],
        [
          response({ headers: { 'Content-Length': '5' } }),
          /^routes\[0\]\.responses\[0\]\.headers\["Content-Length"\] is set by the server/,
        ],
        [response({ headers: { 'x-a': '1', 'X-A': '2' } }), /headers\["X-A"\] is given twice/],
        [
          response({ headers: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`x-h${i}`, 'v'])) }),
          /^routes\[0\]\.responses\[0\]\.headers has 51 headers; at most 50/,
        ],
        [
          response({ rules: [{ target: 'ip', operator: 'equals', value: 'x' }] }),
          /rules\[0\]\.target must be one of param, query, header, cookie, body, jsonpath, xpath, form, method, request_number/,
        ],
        [
          response({ rules: [{ target: 'query', operator: 'equals', value: 'x' }] }),
          /rules\[0\]\.name is needed with target "query"/,
        ],
        [
          response({ rules: [{ target: 'param', name: 'id', operator: 'exists' }] }),
          /rules\[0\]\.name names the path parameter "id", which the route's path does not have; it has no parameters/,
        ],
        [
          response({ rules: [{ target: 'query', name: 'q', operator: 'equals' }] }),
          /rules\[0\]\.value is needed with operator "equals"/,
        ],
        [
          response({ rules: [{ target: 'query', name: 'q', operator: 'exists', value: 'x' }] }),
          /rules\[0\]\.value is not used with operator "exists"/,
        ],
        [
          response({ rules: [{ target: 'query', name: 'q', operator: 'gt', value: 'ten' }] }),
          /rules\[0\]\.value must be a number for operator "gt"/,
        ],
        [
          response({ rules: [{ target: 'query', name: 'q', operator: 'regex', value: '([a-z' }] }),
          /rules\[0\]\.value is not a valid regular expression/,
        ],
        [
          response({ rules: [{ target: 'query', name: 'q', operator: 'regex', value: 'a'.repeat(201) }] }),
          /rules\[0\]\.value is a regular expression of 201 characters; at most 200/,
        ],
        [
          response({ rules: [{ target: 'method', name: 'x', operator: 'equals', value: 'GET' }] }),
          /rules\[0\]\.name is not used with target "method"/,
        ],
        [
          response({ rules: [{ target: 'request_number', operator: 'equals', value: 'first' }] }),
          /rules\[0\]\.value must be a request number/,
        ],
        [
          response({ rules: Array.from({ length: 21 }, () => ({ target: 'method', operator: 'exists' })) }),
          /rules has 21 rules; at most 20/,
        ],
        [
          response({ body: { type: 'xml' } }),
          /responses\[0\]\.body\.type must be one of schema, json, text, handler, empty/,
        ],
        [
          response({ body: { type: 'schema', schema: 'peeple' } }),
          /body\.schema names the saved schema "peeple", which you do not have; did you mean "people"\?/,
        ],
        [response({ body: { type: 'schema', schema: 'people', count: 0 } }), /body\.count must be an integer 1\.\./],
        [response({ body: { type: 'schema', schema: 'people', format: 'yaml' } }), /body\.format must be one of/],
        [
          response({ body: { type: 'schema', schema: 'people', format: 'csv', options: { line_ending: 'mac' } } }),
          /body\.options are not valid: option "line_ending" must be unix or windows/,
        ],
        [
          response({ body: { type: 'schema', schema: 'people', options: { colour: 'red' } } }),
          /body\.options\.colour is not an option/,
        ],
        [response({ body: { type: 'json' } }), /body\.value is needed/],
        [
          response({ body: { type: 'json', value: 'x'.repeat(MOCK_LIMITS.literalBodyBytes) } }),
          /body\.value is \d+ bytes of JSON; at most 262144/,
        ],
        [
          response({ body: { type: 'text', text: 'x', contentType: 'not a type' } }),
          /body\.contentType must be a media type/,
        ],
        [response({ body: { type: 'handler', source: '' } }), /body\.source is needed/],
        [
          response({ body: { type: 'handler', source: 'x'.repeat(MOCK_LIMITS.handlerSourceChars + 1) } }),
          /body\.source is 16385 characters long; at most 16384/,
        ],
        [
          response({ body: { type: 'handler', source: 'x = (1 +' } }),
          /body\.source line 1:9: unexpected end of handler/,
        ],
        [
          response({ body: { type: 'handler', source: 'status 200\nnosuchfn(1)' } }),
          /body\.source line 2:1: unknown function 'nosuchfn'/,
        ],
        [
          response({ body: { type: 'handler', source: "schema 'peeple'\ngenerate 2" } }),
          /body\.source names the saved schema "peeple", which you do not have; did you mean "people"\?/,
        ],
        [
          response({ body: { type: 'handler', source: "from_dataset('shops', 'city', id: 1)" } }),
          /body\.source line 1:14: unknown dataset 'shops'/,
        ],
        [
          route({ kind: 'crud', method: 'GET', path: '/orders', responses: [], crud: { schema: 'people' } }),
          /^routes\[0\]\.method must be ANY for a crud route/,
        ],
        [
          route({ kind: 'crud', method: 'ANY', path: '/orders/:id', responses: [], crud: { schema: 'people' } }),
          /^routes\[0\]\.path must be literal for a crud route/,
        ],
        [
          route({ kind: 'crud', method: 'ANY', path: '/orders', responses: [] }),
          /^routes\[0\]\.crud is needed for a crud route/,
        ],
        [
          route({ kind: 'crud', method: 'ANY', path: '/orders', responses: [], crud: { schema: 'nope' } }),
          /^routes\[0\]\.crud\.schema names the saved schema "nope"/,
        ],
        [
          route({
            kind: 'crud',
            method: 'ANY',
            path: '/orders',
            responses: [],
            crud: { schema: 'people', count: MOCK_LIMITS.crudRecords + 1 },
          }),
          /^routes\[0\]\.crud\.count must be an integer 0\.\.10000/,
        ],
        [
          route({
            kind: 'crud',
            method: 'ANY',
            path: '/orders',
            responses: [],
            crud: { schema: 'people', key: 'user.id' },
          }),
          /^routes\[0\]\.crud\.key must be a simple field name/,
        ],
        [route({ crud: { schema: 'people' } }), /^routes\[0\]\.crud only applies to routes of kind "crud"/],
        [
          {
            name: 'Bad',
            routes: Array.from({ length: MOCK_LIMITS.routes + 1 }, (_, i) => ({ path: `/r${i}`, responses: [{}] })),
          },
          /^routes has 201 routes; at most 200/,
        ],
      ];
      const before = await names();
      for (const [body, expected] of cases) {
        const answer = await call(suite.server, api(''), send('POST', body));
        assert.equal(answer.status, 400, `${JSON.stringify(body).slice(0, 200)} -> ${answer.text.slice(0, 300)}`);
        assert.match(answer.json.error as string, expected, JSON.stringify(body).slice(0, 200));
        assert.ok(
          Array.isArray(answer.json.details) &&
            answer.json.details.length > 0 &&
            typeof answer.json.details[0].path === 'string',
        );
      }
      assert.deepEqual(await names(), before, 'nothing was stored');
    });

    test("handlers are checked against the owner's schemas and datasets", async () => {
      await saveSchema(suite.key);
      const uploaded = await call(suite.server, `/api/datasets/stores?key=${suite.key}&filename=stores.csv`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: 'id,city\n1,Oslo\n',
      });
      assert.equal(uploaded.status, 200, uploaded.text);
      const source =
        "store = from_dataset('stores', 'city', id: params['id'])\nrows = generate 2, schema: 'people'\nstatus 200\nrows";
      const created = await call(
        suite.server,
        api(''),
        send(
          'POST',
          unique({
            name: 'Handlers',
            slug: 'handlers',
            routes: [{ path: '/h/:id', responses: [{ body: { type: 'handler', source } }] }],
          }),
        ),
      );
      assert.equal(created.status, 201, created.text);
      assert.deepEqual(created.json.routes[0].responses[0].body, { type: 'handler', source });
      const stranger = await suite.server.userKey();
      const theirs = await call(
        suite.server,
        api('', stranger),
        send('POST', {
          name: 'Handlers',
          routes: [{ path: '/h/:id', responses: [{ body: { type: 'handler', source } }] }],
        }),
      );
      assert.equal(theirs.status, 400);
      assert.deepEqual(
        (theirs.json.details as Json[]).map((d) => d.message),
        [
          "routes[0].responses[0].body.source line 1:22: unknown dataset 'stores' (no datasets have been uploaded)",
          'routes[0].responses[0].body.source names the saved schema "people", which you do not have; you have no saved schemas: save one first (PUT /api/schemas/<name>)',
        ],
      );
    });

    test('every problem comes at once', async () => {
      const answer = await call(
        suite.server,
        api(''),
        send('POST', {
          name: 'Many',
          routes: [
            { path: 'x', responses: [{ status: 1 }] },
            { method: 'get', path: '/y', responses: [{ body: { type: 'schema' } }] },
          ],
        }),
      );
      assert.equal(answer.status, 400);
      assert.deepEqual(
        (answer.json.details as Json[]).map((d) => d.path),
        ['routes[0].path', 'routes[0].responses[0].status', 'routes[1].method', 'routes[1].responses[0].body.schema'],
      );
    });

    test('names are unique per user, slugs and hosts on the server (409 naming which)', async () => {
      const first = unique({ name: 'Clash', slug: 'clash', host: null, routes: [] });
      assert.equal(
        (await call(suite.server, api(''), send('POST', { ...first, host: `${first.slug}.mocks.example.com` }))).status,
        201,
      );
      const sameName = await call(suite.server, api(''), send('POST', { ...first, slug: undefined }));
      assert.equal(sameName.status, 409);
      assert.match(sameName.json.error, /^name: you already have a mock API named/);
      const stranger = await suite.server.userKey();
      const sameSlug = await call(suite.server, api('', stranger), send('POST', { name: 'Mine', slug: first.slug }));
      assert.equal(sameSlug.status, 409);
      assert.match(sameSlug.json.error, /^slug: ".+" is taken by another mock API/);
      const sameHost = await call(
        suite.server,
        api('', stranger),
        send('POST', { name: 'Mine', host: `${first.slug.toUpperCase()}.MOCKS.example.com` }),
      );
      assert.equal(sameHost.status, 409);
      assert.match(sameHost.json.error, /^host: ".+\.mocks\.example\.com" is taken/);
      // Renaming onto another of one's own names clashes too.
      const second = unique({ name: 'Other', slug: 'other', routes: [] });
      assert.equal((await call(suite.server, api(''), send('POST', second))).status, 201);
      const onto = await call(
        suite.server,
        api(`/${encodeURIComponent(second.name)}`),
        send('PUT', { ...second, name: first.name }),
      );
      assert.equal(onto.status, 409);
      assert.match(onto.json.error, /^name:/);
    });

    test('host names are off without a mock host suffix; url uses PUBLIC_URL', async () => {
      const { startTestServer, newTestDatabase } = await import('../../testing/server-fixture.js');
      const server = await startTestServer(newTestDatabase(dialect), { publicUrl: 'https://data.example.com/' });
      try {
        const key = await server.userKey();
        for (const host of ['data.example.com', 'users.example.com']) {
          const refused = await call(server, `/api/mocks?key=${key}`, send('POST', { name: 'x', host }));
          assert.equal(refused.status, 400);
          assert.match(
            refused.json.error,
            /^host cannot be set: host names for mock APIs are off on this server \(an administrator turns them on with ROWLOOM_MOCK_HOST_SUFFIX/,
          );
        }
        assert.equal((await call(server, `/api/mocks?key=${key}`)).json.mocks.length, 0, 'nothing stored');
        const created = await call(server, `/api/mocks?key=${key}`, send('POST', { name: 'x' }));
        assert.equal(created.status, 201, created.text);
        assert.equal(created.json.url, 'https://data.example.com/mock/x');
      } finally {
        await server.close();
      }
    });

    test(`a user holds at most ${MOCK_LIMITS.mockApisPerUser} mock APIs`, async () => {
      const key = await suite.server.userKey();
      const tag = randomUUID().slice(0, 6);
      for (let i = 0; i < MOCK_LIMITS.mockApisPerUser; i++) {
        const created = await call(
          suite.server,
          api('', key),
          send('POST', { name: `m${i}`, slug: `cap-${tag}-${i}` }),
        );
        assert.equal(created.status, 201, created.text);
      }
      const over = await call(suite.server, api('', key), send('POST', { name: 'one more', slug: `cap-${tag}-x` }));
      assert.equal(over.status, 403);
      assert.equal(over.json.limit, 'mockApisPerUser');
      assert.equal(over.json.allowed, MOCK_LIMITS.mockApisPerUser);
    });

    test("another user's key gets 404 everywhere; no key 401; cookies need the CSRF token", async () => {
      const mine = unique({ name: 'Private', slug: 'private', routes: [{ path: '/a', responses: [{}] }] });
      assert.equal((await call(suite.server, api(''), send('POST', mine))).status, 201);
      const path = `/${encodeURIComponent(mine.name)}`;
      const stranger = await suite.server.userKey();
      for (const [method, suffix] of [
        ['GET', ''],
        ['PUT', ''],
        ['DELETE', ''],
        ['POST', '/reset'],
        ['GET', '/requests'],
        ['DELETE', '/requests'],
        ['GET', '/openapi'],
      ] as const) {
        const answer = await call(
          suite.server,
          api(path + suffix, stranger),
          method === 'PUT' ? send('PUT', mine) : { method },
        );
        assert.equal(answer.status, 404, `${method} ${suffix}: ${answer.text}`);
        assert.match(answer.json.error, /^no mock API named "Private/);
      }
      assert.equal((await call(suite.server, `/api/mocks`)).status, 401);
      assert.equal((await call(suite.server, api(path))).status, 200, 'still there');

      const session = await suite.server.signUp();
      const cookie = { cookie: session.cookie, 'content-type': 'application/json' };
      const body = JSON.stringify(unique({ name: 'Cookie', slug: 'cookie' }));
      assert.equal((await call(suite.server, '/api/mocks', { method: 'POST', headers: cookie, body })).status, 403);
      const created = await call(suite.server, '/api/mocks', {
        method: 'POST',
        headers: { ...cookie, 'x-csrf-token': session.csrfToken },
        body,
      });
      assert.equal(created.status, 201, created.text);
      assert.equal(
        (await call(suite.server, '/api/mocks', { headers: { cookie: session.cookie } })).json.mocks.length,
        1,
      );
    });

    test('a document over the size limit is a 413; one in a project keeps its project', async () => {
      const big = {
        name: 'Big',
        routes: [{ path: '/a', responses: [{ body: { type: 'text', text: 'x'.repeat(MOCK_LIMITS.documentBytes) } }] }],
      };
      const answer = await call(suite.server, api(''), send('POST', big));
      assert.equal(answer.status, 413);
      assert.match(answer.json.error, /at most 524288 are allowed/);

      const noProject = await call(
        suite.server,
        api(''),
        send('POST', unique({ name: 'In project', project: 'Nope' })),
      );
      assert.equal(noProject.status, 404);
      assert.match(noProject.json.error, /no project named "Nope"/);
      assert.equal(
        (await call(suite.server, `/api/projects?key=${suite.key}`, send('POST', { name: 'Shop' }))).status,
        200,
      );
      const inProject = await call(
        suite.server,
        api(''),
        send('POST', unique({ name: 'In project', project: 'Shop' })),
      );
      assert.equal(inProject.status, 201, inProject.text);
      assert.equal(inProject.json.project, 'Shop');
      assert.equal((await call(suite.server, api(`/${encodeURIComponent(inProject.json.name)}`))).json.project, 'Shop');
      // Replacing without "project" or "slug" keeps them; null takes it out of the project.
      const kept = await call(
        suite.server,
        api(`/${encodeURIComponent(inProject.json.name)}`),
        send('PUT', { name: `${inProject.json.name} renamed`, routes: [] }),
      );
      assert.equal(kept.status, 200, kept.text);
      assert.deepEqual([kept.json.project, kept.json.slug], ['Shop', inProject.json.slug]);
      const ungrouped = await call(
        suite.server,
        api(`/${encodeURIComponent(kept.json.name)}`),
        send('PUT', { project: null }),
      );
      assert.deepEqual([ungrouped.status, ungrouped.json.project, ungrouped.json.name], [200, null, kept.json.name]);
    });

    test("reset clears one route's or every route's collections and counters", async () => {
      await saveSchema(suite.key);
      const created = await call(
        suite.server,
        api(''),
        send(
          'POST',
          unique({
            name: 'Resettable',
            slug: 'reset',
            routes: [
              { kind: 'crud', path: '/a', crud: { schema: 'people' } },
              { path: '/b', responses: [{}] },
            ],
          }),
        ),
      );
      assert.equal(created.status, 201, created.text);
      const db = suite.server.store.db;
      const row = await db
        .selectFrom('mock_apis')
        .select('id')
        .where('slug', '=', created.json.slug)
        .executeTakeFirstOrThrow();
      const [a, b] = (created.json.routes as Json[]).map((r) => r.id as string);
      for (const route of [a, b]) {
        await db
          .insertInto('mock_collections')
          .values({ mock_api_id: row.id, route_id: route, next_position: 3, next_id: 4 })
          .execute();
        await db
          .insertInto('mock_records')
          .values({ mock_api_id: row.id, route_id: route, record_key: '1', position: 0, data: '{"id":1}' })
          .execute();
        await db.insertInto('mock_counters').values({ mock_api_id: row.id, route_id: route, requests: 7 }).execute();
      }
      const count = async (route: string) => {
        let total = 0;
        for (const table of ['mock_collections', 'mock_records', 'mock_counters'] as const) {
          total += (
            await db
              .selectFrom(table)
              .select('route_id')
              .where('mock_api_id', '=', row.id)
              .where('route_id', '=', route)
              .execute()
          ).length;
        }
        return total;
      };
      const path = `/${encodeURIComponent(created.json.name)}/reset`;
      const unknown = await call(suite.server, api(`${path}?route=zzz`), { method: 'POST' });
      assert.equal(unknown.status, 404);
      assert.match(unknown.json.error, new RegExp(`has no route with id "zzz"; its routes are ${a} \\(ANY /a\\)`));
      assert.deepEqual((await call(suite.server, api(`${path}?route=${a}`), { method: 'POST' })).json, { reset: true });
      assert.deepEqual([await count(a), await count(b)], [0, 3]);
      assert.deepEqual((await call(suite.server, api(path), { method: 'POST' })).json, { reset: true });
      assert.deepEqual([await count(a), await count(b)], [0, 0]);

      // Replacing the document without a route forgets that route's rows; deleting forgets all.
      await db.insertInto('mock_counters').values({ mock_api_id: row.id, route_id: a, requests: 1 }).execute();
      await db.insertInto('mock_counters').values({ mock_api_id: row.id, route_id: b, requests: 1 }).execute();
      const replaced = await call(
        suite.server,
        api(`/${encodeURIComponent(created.json.name)}`),
        send('PUT', { ...created.json, routes: [created.json.routes[1]] }),
      );
      assert.equal(replaced.status, 200, replaced.text);
      assert.deepEqual([await count(a), await count(b)], [0, 1]);
      assert.equal(
        (await call(suite.server, api(`/${encodeURIComponent(created.json.name)}`), { method: 'DELETE' })).status,
        204,
      );
      assert.equal(await count(b), 0);
    });

    test('the request log reads newest first, a page at a time, and clears', async () => {
      const created = await call(suite.server, api(''), send('POST', unique({ name: 'Logged', slug: 'logged' })));
      const db = suite.server.store.db;
      const row = await db
        .selectFrom('mock_apis')
        .select('id')
        .where('slug', '=', created.json.slug)
        .executeTakeFirstOrThrow();
      for (let seq = 1; seq <= 5; seq++) {
        await db
          .insertInto('mock_requests')
          .values({
            id: `r${seq}-${row.id}`,
            mock_api_id: row.id,
            seq: 1_700_000_000_000_000 + seq,
            at: `2026-11-24T20:00:0${seq}.000Z`,
            method: 'GET',
            path: `/users/${seq}`,
            query: `{"page":"${seq}"}`,
            headers: '{"accept":"*/*"}',
            body: seq === 3 ? '{"a":1}' : null,
            status: seq === 4 ? null : 200,
            route_id: 'r',
            response_id: 'x',
            fault: seq === 2 ? 'reset' : null,
            duration_ms: seq === 4 ? null : 1.5,
          })
          .execute();
      }
      const path = `/${encodeURIComponent(created.json.name)}/requests`;
      const page = await call(suite.server, api(`${path}?limit=2`));
      assert.equal(page.status, 200, page.text);
      assert.deepEqual(
        page.json.requests.map((r: Json) => r.path),
        ['/users/5', '/users/4'],
      );
      assert.deepEqual(page.json.requests[1], {
        id: `r4-${row.id}`,
        seq: 1_700_000_000_000_004,
        at: '2026-11-24T20:00:04.000Z',
        method: 'GET',
        path: '/users/4',
        query: { page: '4' },
        headers: { accept: '*/*' },
        body: null,
        bodyTruncated: false,
        status: null,
        routeId: 'r',
        responseId: 'x',
        fault: null,
        durationMs: null,
      });
      const next = await call(suite.server, api(`${path}?limit=2&before=${page.json.requests[1].seq}`));
      assert.deepEqual(
        next.json.requests.map((r: Json) => [r.path, r.body, r.fault, r.durationMs]),
        [
          ['/users/3', '{"a":1}', null, 1.5],
          ['/users/2', null, 'reset', 1.5],
        ],
      );
      assert.equal((await call(suite.server, api(path))).json.requests.length, 5);
      for (const bad of ['limit=0', 'limit=501', 'limit=x', 'before=-1']) {
        const answer = await call(suite.server, api(`${path}?${bad}`));
        assert.equal(answer.status, 400, bad);
        assert.match(answer.json.error, /parameter "(limit|before)"/);
      }
      assert.equal((await call(suite.server, api(path), { method: 'DELETE' })).status, 204);
      assert.deepEqual((await call(suite.server, api(path))).json.requests, []);
    });

    test('hostile values in every key, name and parameter: never a 5xx, every refusal a JSON error', async () => {
      await saveSchema(suite.key);
      const base = unique({
        name: 'Hostile',
        slug: 'hostile',
        routes: [
          {
            id: 'r',
            method: 'GET',
            path: '/a/:id',
            responses: [
              {
                id: 'x',
                status: 200,
                rules: [{ target: 'param', name: 'id', operator: 'equals', value: '1' }],
                body: { type: 'schema', schema: 'people' },
              },
            ],
          },
        ],
      });
      assert.equal((await call(suite.server, api(''), send('POST', base))).status, 201);
      const target = api(`/${encodeURIComponent(base.name)}`);
      const outcomes: string[] = [];
      const check = async (label: string, path: string, init: RequestInit) => {
        const answer = await call(suite.server, path, init);
        if (answer.status >= 500 || (answer.status >= 400 && typeof answer.json.error !== 'string'))
          outcomes.push(`${label} -> ${answer.status} ${answer.text.slice(0, 200)}`);
        return answer;
      };
      const at = (document: Json, where: string[], value: unknown): Json => {
        const copy = structuredClone(document);
        let node: Json = copy;
        for (const key of where.slice(0, -1)) node = node[key];
        node[where[where.length - 1]] = value;
        return copy;
      };
      const keys: string[][] = [
        ...['name', 'slug', 'host', 'project', 'description', 'public', 'cors', 'latency', 'routes'].map((k) => [k]),
        ...[
          'id',
          'method',
          'path',
          'description',
          'kind',
          'mode',
          'repeatable',
          'latency',
          'faults',
          'responses',
          'crud',
        ].map((k) => ['routes', '0', k]),
        ...['id', 'label', 'status', 'headers', 'latency', 'faults', 'default', 'rules', 'rulesOperator', 'body'].map(
          (k) => ['routes', '0', 'responses', '0', k],
        ),
        ...['target', 'name', 'operator', 'value'].map((k) => ['routes', '0', 'responses', '0', 'rules', '0', k]),
        ...['type', 'schema', 'count', 'array', 'format', 'options'].map((k) => [
          'routes',
          '0',
          'responses',
          '0',
          'body',
          k,
        ]),
      ];
      for (const where of keys) {
        for (const value of HOSTILE_JSON) {
          const answer = await check(
            `${where.join('.')} = ${JSON.stringify(value)?.slice(0, 40)}`,
            target,
            send('PUT', at(base, where, value)),
          );
          // Whatever was accepted put the API back for the next case.
          if (answer.status === 200 && answer.json.name !== base.name)
            await call(suite.server, api(`/${encodeURIComponent(answer.json.name)}`), send('PUT', base));
          else if (answer.status === 200) await call(suite.server, target, send('PUT', base));
        }
      }
      for (const text of HOSTILE_TEXT) {
        const name = encodeURIComponent(text).replace(/%25zz/, '%zz');
        for (const [method, suffix] of [
          ['GET', ''],
          ['PUT', ''],
          ['DELETE', '/requests'],
          ['POST', '/reset'],
          ['GET', '/requests'],
          ['GET', '/openapi'],
        ] as const) {
          await check(
            `${method} name ${text.slice(0, 20)}`,
            api(`/${name}${suffix}`),
            method === 'PUT' ? send('PUT', base) : { method },
          );
        }
        for (const param of ['limit', 'before'])
          await check(
            `${param}=${text.slice(0, 20)}`,
            api(`/${encodeURIComponent(base.name)}/requests?${param}=${encodeURIComponent(text)}`),
            {},
          );
        await check(
          `route=${text.slice(0, 20)}`,
          api(`/${encodeURIComponent(base.name)}/reset?route=${encodeURIComponent(text)}`),
          { method: 'POST' },
        );
        for (const param of ['name', 'slug', 'replace'])
          await check(
            `import ${param}=${text.slice(0, 20)}`,
            api(`/import?name=h&${param}=${encodeURIComponent(text)}`),
            send(
              'POST',
              '{"openapi": "3.0.0", "paths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}}}}',
            ),
          );
      }
      assert.deepEqual(outcomes, []);
      assert.equal((await call(suite.server, target)).status, 200, 'the server still answers');
    });

    test("the server's OpenAPI document lists the endpoints", async () => {
      const doc = (await call(suite.server, '/api/openapi.json')).json;
      for (const [path, methods] of [
        ['/api/mocks', ['get', 'post']],
        ['/api/mocks/import', ['post']],
        ['/api/mocks/{name}', ['get', 'put', 'delete']],
        ['/api/mocks/{name}/reset', ['post']],
        ['/api/mocks/{name}/requests', ['get', 'delete']],
        ['/api/mocks/{name}/openapi', ['get']],
      ] as const) {
        for (const method of methods) assert.ok(doc.paths[path]?.[method], `${method} ${path}`);
      }
      assert.ok(doc.paths['/api/mocks'].post.requestBody.content['application/json'].schema.properties.routes);
      assert.ok(doc.paths['/api/mocks/{name}'].get.responses['404']);
    });
  });
}
