/**
 * Regex rules run on RE2 (linear time), through real HTTP on both databases: a pattern that
 * backtracks for ever in JavaScript, fed by anonymous clients, neither slows the server nor stops
 * working for later requests or other owners; what RE2 cannot compile is refused on save and
 * answered 422 for older documents; one request's matching work is bounded by a count.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../../testing/server-fixture.js';
import { insertMock, type ResponseDraft } from './mock-fixture.js';
import { fetchAnswer as call } from '../../../testing/http-calls.js';

/** A classic email check that backtracks exponentially in JavaScript on "aaaa...a@a...a!" */
const EMAIL = '^([a-zA-Z0-9_.-])+@(([a-zA-Z0-9-])+\\.)+([a-zA-Z0-9]{2,4})+$';
const EVIL_EMAIL = `${'a'.repeat(30)}@${'a'.repeat(30)}.${'a'.repeat(30)}!`;

const emailRoute = (value: string) => ({
  method: 'POST' as const,
  path: '/signup',
  responses: [
    { id: 'ok', default: true, body: { type: 'json' as const, value: 'ok' } },
    {
      id: 'valid',
      rules: [{ target: 'body' as const, name: 'email', operator: 'regex' as const, value }],
      body: { type: 'json' as const, value: 'valid' },
    },
    {
      id: 'nested',
      rules: [{ target: 'query' as const, name: 'q', operator: 'regex' as const, value: '^(a+)+$' }],
      body: { type: 'json' as const, value: 'as' },
    },
  ],
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`mock rule regexes on RE2 (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, async () => {
    let server: TestServer;
    let key: string;
    let otherKey: string;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
      key = await server.userKey('unlimited');
      otherKey = await server.userKey('unlimited');
      await insertMock(server.store.db, key, { name: 'Tenant one', public: true, routes: [emailRoute(EMAIL)] });
      await insertMock(server.store.db, otherKey, { name: 'Tenant two', public: true, routes: [emailRoute(EMAIL)] });
    });
    after(() => server.close());
    const signup = (slug: string, email: string, q = '') =>
      call(`${server.url}/mock/${slug}/signup${q ? `?q=${q}` : ''}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });

    test('catastrophic inputs from anonymous clients: answered, /health stays quick, and the rules keep working for later requests and other owners', async () => {
      const until = Date.now() + 2000;
      const statuses = new Map<number, number>();
      const attack = async () => {
        while (Date.now() < until) {
          const answer = await signup('tenant-one', EVIL_EMAIL, `${'a'.repeat(60)}!`);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      };
      const healthTimes: number[] = [];
      const watch = async () => {
        while (Date.now() < until) {
          const started = performance.now();
          assert.equal((await call(`${server.url}/health`)).status, 200);
          healthTimes.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      await Promise.all([...Array.from({ length: 8 }, attack), watch()]);
      assert.deepEqual(
        [...statuses.keys()],
        [200],
        `every hostile request is answered (the default response): ${JSON.stringify([...statuses])}`,
      );
      // Generous: proves the server is not frozen, not how fast it is.
      assert.ok(Math.max(...healthTimes) < 5000, `/health took up to ${Math.round(Math.max(...healthTimes))} ms`);
      for (const slug of ['tenant-one', 'tenant-two']) {
        const valid = await signup(slug, 'ada@example.com');
        assert.equal(valid.status, 200, valid.text);
        assert.equal(valid.json, 'valid', `${slug}: the rule still runs`);
        assert.equal((await signup(slug, 'x', 'aaaa')).json, 'as');
        assert.equal((await signup(slug, EVIL_EMAIL)).json, 'ok');
      }
    });

    test('RE2 syntax: backreferences and lookarounds are refused on save, naming the rule; an older document gets a 422 naming it, every time, and its other routes still answer', async () => {
      for (const pattern of ['(a)\\1', '^(?=.*\\d)\\w+$', '(?<!x)y', '(?!a)b']) {
        const refused = await call(`${server.url}/api/mocks?key=${key}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Lookaround',
            routes: [
              {
                path: '/x',
                responses: [
                  { body: { type: 'json', value: 1 } },
                  {
                    rules: [{ target: 'query', name: 'q', operator: 'regex', value: pattern }],
                    body: { type: 'json', value: 2 },
                  },
                ],
              },
            ],
          }),
        });
        assert.equal(refused.status, 400, `${pattern}: ${refused.text}`);
        assert.equal(refused.json.details[0].path, 'routes[0].responses[1].rules[0].value');
        assert.match(
          refused.json.error,
          /^routes\[0\]\.responses\[1\]\.rules\[0\]\.value is not a valid regular expression: .*RE2 syntax/,
        );
      }
      const accepted = await call(`${server.url}/api/mocks?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Re2 fine',
          routes: [
            {
              path: '/x',
              responses: [
                {
                  rules: [{ target: 'query', name: 'q', operator: 'regex', value: '(?i)^ab+c$' }],
                  body: { type: 'json', value: 'matched' },
                },
                { default: true, body: { type: 'json', value: 'no' } },
              ],
            },
          ],
        }),
      });
      assert.equal(accepted.status, 201, accepted.text);
      assert.equal((await call(`${server.url}/mock/re2-fine/x?key=${key}&q=ABBC`)).json, 'matched');
      await insertMock(server.store.db, key, {
        name: 'Saved before',
        routes: [
          {
            path: '/x',
            responses: [
              { body: { type: 'json', value: 1 } },
              {
                rules: [{ target: 'query', name: 'q', operator: 'regex', value: '^(?=a)a+$' }],
                body: { type: 'json', value: 2 },
              },
            ],
          },
          { path: '/y', responses: [{ body: { type: 'json', value: 'y' } }] },
        ],
      });
      for (const q of ['aaa', 'b']) {
        const answer = await call(`${server.url}/mock/saved-before/x?key=${key}&q=${q}`);
        assert.equal(answer.status, 422, answer.text);
        assert.match(
          answer.json.error,
          /^routes\[0\]\.responses\[1\]\.rules\[0\]\.value is not a valid regular expression/,
        );
      }
      assert.equal((await call(`${server.url}/mock/saved-before/y?key=${key}`)).json, 'y');
    });

    test('patterns that would take long to compile (counted repetitions expanded) are refused on save from their text, without compiling them', async () => {
      // Each is ~190 characters that RE2 would expand to ~180,000 instructions, ~0.2 s to compile.
      const alternatives = (seed: number) =>
        Array.from({ length: 60 }, (_, i) =>
          String.fromCharCode(0x4e00 + seed * 128 + 2 * i, 0x4e01 + seed * 128 + 2 * i),
        ).join('|');
      const responses = Array.from({ length: 5 }, (_, r) => ({
        body: { type: 'json', value: r },
        rules: Array.from({ length: 20 }, (_, k) => ({
          target: 'query',
          name: 'q',
          operator: 'regex',
          value: `(?:${alternatives(r * 20 + k)}){1000}`,
        })),
      }));
      const started = performance.now();
      const refused = await call(`${server.url}/api/mocks?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Slow to compile', routes: [{ path: '/x', responses }] }),
      });
      const took = performance.now() - started;
      assert.equal(refused.status, 400, refused.text);
      assert.match(
        refused.json.error,
        /^routes\[0\]\.responses\[0\]\.rules\[0\]\.value is too complex a regular expression: it compiles to \d+ steps per character, at most 1000/,
      );
      assert.equal(refused.json.details.length, 100, 'every one is named');
      // Generous: compiling them would take some 20 s; refusing them from their text takes milliseconds.
      assert.ok(took < 5000, `the save took ${Math.round(took)} ms`);
    });

    test("one request's matching work is bounded by a count: long values against 400 rules get a 422 for that request only; short ones are served", async () => {
      const responses: ResponseDraft[] = [];
      for (let r = 0; r < 20; r++) {
        const rules = Array.from({ length: 20 }, (_, k) => ({
          target: 'header' as const,
          name: 'x-in',
          operator: 'regex' as const,
          value: `^[a-z]*b${r}_${k}$`,
        }));
        responses.push({ rules, rulesOperator: 'any', body: { type: 'json', value: r }, default: r === 19 });
      }
      await insertMock(server.store.db, key, { name: 'Many rules', public: true, routes: [{ path: '/r', responses }] });
      const long = await call(`${server.url}/mock/many-rules/r`, { headers: { 'x-in': 'a'.repeat(4000) } });
      assert.equal(long.status, 422, long.text);
      assert.match(
        long.json.error,
        /^routes\[0\]\.responses\[\d+\]\.rules\[\d+\]\.value could not be tested: this request's regex work would take more than 1000000 steps/,
      );
      const short = await call(`${server.url}/mock/many-rules/r`, { headers: { 'x-in': 'aab7_3' } });
      assert.equal(short.status, 200, short.text);
      assert.equal(short.json, 7);
      assert.equal(
        (await call(`${server.url}/mock/many-rules/r`, { headers: { 'x-in': 'zzz' } })).json,
        19,
        'nothing remembered from the long one',
      );
    });
  });
}
