/**
 * Fastify's schema validation over real HTTP (real listener, SQLite and PostgreSQL): wrong types, missing
 * fields, oversized values and bad query parameters are a 400 `{"error", "code"}` naming the
 * place; a caller without a key gets its 401 first; the Mockaroo-facing routes keep their messages.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../testing/databases.js';
import { serverForSuite } from '../testing/server-fixture.js';
import { call, send, type Answer } from '../testing/accounts-http.js';

/** The answer is exactly a 400 with the contract's code and this sentence. */
function assertRefused(answer: Answer, error: string | RegExp, what: string): void {
  assert.equal(answer.status, 400, `${what}: ${answer.text}`);
  assert.deepEqual(Object.keys(answer.json).sort(), ['code', 'error'], `${what}: ${answer.text}`);
  assert.equal(answer.json.code, 'invalid_request', what);
  if (typeof error === 'string') assert.equal(answer.json.error, error, what);
  else assert.match(String(answer.json.error), error, what);
}

const POINTS = [
  { x: 0, y: 1 },
  { x: 1, y: 2 },
];

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`request validation over HTTP (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect);

    test('sign-in and sign-up bodies: the field, its position and what it must be', async () => {
      const cases: [unknown, string][] = [
        [{ email: 42, password: 'long enough password' }, 'body.email must be a string, got a whole number'],
        [{ email: 'a@example.com', password: { $gt: '' } }, 'body.password must be a string, got an object'],
        [{ email: ['a@example.com'], password: 'long enough password' }, 'body.email must be a string, got an array'],
        [{ email: 'a@example.com' }, 'body.password is missing'],
        [{ email: 'a@example.com', password: '' }, 'body.password must not be empty'],
        ['', 'body.email is missing'],
        ['null', 'body must be a JSON object, got null'],
        ['[1, 2]', 'body must be a JSON object, got an array'],
        [
          { email: `${'a'.repeat(5000)}@example.com`, password: 'long enough password' },
          'body.email must be at most 254 characters long',
        ],
        [{ email: 'a@example.com', password: 'p'.repeat(257) }, 'body.password must be at most 256 characters long'],
        [
          { email: 'not an email', password: 'long enough password' },
          'body.email must be an email address, such as ann@example.com',
        ],
      ];
      for (const path of ['/api/session', '/api/session/signup'])
        for (const [body, error] of cases)
          assertRefused(await call(suite.server, path, send('POST', body)), error, `${path} ${JSON.stringify(body)}`);
      assertRefused(
        await call(suite.server, '/api/session', send('POST', '{"email": ')),
        /^the request body is not valid JSON \(.+\); send a JSON object$/,
        'truncated JSON',
      );
    });

    test('another site is refused (403) before its body is looked at', async () => {
      const answer = await call(
        suite.server,
        '/api/session',
        send('POST', { email: 42 }, { origin: 'http://evil.example' }),
      );
      assert.equal(answer.status, 403, answer.text);
    });

    test('password change: typed fields, and no key is a 401 whatever the body', async () => {
      const path = `/api/account/password?key=${suite.key}`;
      assertRefused(
        await call(suite.server, path, send('PUT', { current: 1, password: 2 })),
        'body.current must be a string, got a whole number',
        'numbers',
      );
      assertRefused(
        await call(suite.server, path, send('PUT', { current: 'x', password: ['long enough password'] })),
        'body.password must be a string, got an array',
        'an array',
      );
      assertRefused(
        await call(suite.server, path, send('PUT', { current: 'x' })),
        'body.password is missing',
        'missing',
      );
      const stranger = await call(suite.server, '/api/account/password?key=wrong', send('PUT', { current: 1 }));
      assert.equal(stranger.status, 401, stranger.text);
    });

    test('projects: the body name and the name parameter are typed and bounded', async () => {
      const path = `/api/projects?key=${suite.key}`;
      assertRefused(
        await call(suite.server, path, send('POST', { name: 5 })),
        'body.name must be a string, got a whole number',
        'a number',
      );
      assertRefused(
        await call(suite.server, path, send('POST', { name: 'n'.repeat(201) })),
        'body.name must be at most 200 characters long',
        'too long',
      );
      assertRefused(
        await call(suite.server, `${path}&name=${'n'.repeat(201)}`, { method: 'POST' }),
        'query parameter "name" must be at most 200 characters long',
        'too long in the query',
      );
      assertRefused(
        await call(suite.server, path, send('POST', '["Sales"]')),
        'body must be a JSON object, got an array',
        'array',
      );
      assertRefused(
        await call(suite.server, path, send('POST', {})),
        'the project needs a name: send {"name": "Sales"} or ?name=Sales',
        'no name: the semantic check stays in code',
      );
      const made = await call(suite.server, `${path}&name=Ignored&name=Sales`, { method: 'POST' });
      assert.equal(made.status, 200, made.text);
      assert.equal(made.json.name, 'Sales', 'a repeated parameter counts as its last value');
      const proto = await call(suite.server, `${path}&__proto__=x&name=Proto`, { method: 'POST' });
      assert.equal(proto.status, 200, proto.text);
      const stranger = await call(suite.server, '/api/projects?key=wrong', send('POST', { name: 5 }));
      assert.equal(stranger.status, 401, stranger.text);
    });

    test('scenarios: positions inside the body', async () => {
      const path = `/api/scenarios/Load?key=${suite.key}`;
      const cases: [unknown, string][] = [
        [
          {
            points: [
              { x: 0, y: 1 },
              { x: '1', y: 2 },
            ],
          },
          'body.points[1].x must be a number, got a string',
        ],
        [{ points: [{ x: 0, y: 1 }, { y: 2 }] }, 'body.points[1].x is missing'],
        [{ points: POINTS, noise: 'loud' }, 'body.noise must be a number, got a string'],
        [{ points: POINTS, project: false }, 'body.project must be a string or null, got false'],
        [
          { points: Array.from({ length: 1001 }, (_, i) => ({ x: i / 1001, y: i })) },
          'body.points must have at most 1000 items',
        ],
      ];
      for (const [body, error] of cases)
        assertRefused(await call(suite.server, path, send('PUT', body)), error, JSON.stringify(body).slice(0, 80));
      const stranger = await call(suite.server, '/api/scenarios/Load?key=wrong', send('PUT', { points: 'x' }));
      assert.equal(stranger.status, 401, stranger.text);
    });

    test('query parameters: a whole number where one is declared, in range, the last of repeated values', async () => {
      const fields = [{ name: 'id', type: 'Row Number' }];
      const schema = (query: string) => `/api/schemas/Numbers?key=${suite.key}${query}`;
      assertRefused(
        await call(suite.server, schema('&count=many'), send('PUT', fields)),
        'query parameter "count" must be a whole number, got "many"',
        'count=many',
      );
      assertRefused(
        await call(suite.server, schema('&count=0'), send('PUT', fields)),
        'query parameter "count" must be 1 or more, got 0',
        'count=0',
      );
      assertRefused(
        await call(suite.server, schema(`&count=${'9'.repeat(400)}`), send('PUT', fields)),
        /^query parameter "count" must be a whole number of at most 9007199254740991, got "9+\.\.\.$/,
        'a 400-digit count',
      );
      const saved = await call(suite.server, schema('&count=many&count=7'), send('PUT', fields));
      assert.equal(saved.status, 200, saved.text);
      assert.equal(saved.json.count, 7);

      assertRefused(
        await call(suite.server, `/api/downloads?key=${suite.key}&limit=x`),
        'query parameter "limit" must be a whole number, got "x"',
        'limit=x',
      );
      assertRefused(
        await call(suite.server, `/api/downloads?key=${suite.key}&limit=501`),
        'query parameter "limit" must be between 1 and 500, got 501',
        'limit=501',
      );
      assert.equal((await call(suite.server, `/api/downloads?key=wrong&limit=x`)).status, 401);
    });

    test('the Mockaroo-facing routes keep their own messages', async () => {
      const fields = JSON.stringify([{ name: 'id', type: 'Row Number' }]);
      const generate = await call(suite.server, `/api/generate.json?key=${suite.key}&count=abc`, send('POST', fields));
      assert.equal(generate.status, 400, generate.text);
      assert.equal(generate.json.error, 'parameter "count" must be a whole number of 0 or more, got "abc"');
      const truthy = await call(
        suite.server,
        `/api/generate.json?key=${suite.key}&count=2&array=True`,
        send('POST', fields, { 'content-type': 'text/plain' }),
      );
      assert.equal(truthy.status, 200, truthy.text);
    });
  });
}
