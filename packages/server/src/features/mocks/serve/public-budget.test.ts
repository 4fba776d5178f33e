/**
 * A public mock API's callers spend its own budget, never its owner's plan: after anonymous
 * traffic uses a mock's daily requests (or rows) up, the mock answers 429 naming its budget
 * while its owner's generate API, and the owner's other mocks, go on; and a tight loop is held
 * to the mock's rate. On both databases.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_PLANS } from '../../../users/plans.js';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { fetchAnswer as call } from '../../../testing/http-calls.js';
import { serverForSuite, type TestServer } from '../../../testing/server-fixture.js';
import { insertMock } from './mock-fixture.js';

/** The free plan with a small day: the owner's 3 requests, and 5 requests or 25 rows per public mock. */
const PLANS = {
  ...DEFAULT_PLANS,
  small: { ...DEFAULT_PLANS.free, requestsPerDay: 3, publicMockRequestsPerDay: 5, publicMockRecordsPerDay: 25 },
};

async function ownerGenerate(server: TestServer, key: string): Promise<number> {
  const answer = await call(`${server.url}/api/generate.json?key=${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '[{"name": "id", "type": "Row Number"}]',
  });
  return answer.status;
}

async function anonymous(server: TestServer, path: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await call(`${server.url}${path}`)).status);
  return statuses;
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`public mock budgets (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect, { plans: PLANS });

    test("anonymous calls spend the mock's own requests, never the owner's plan", async () => {
      const key = await suite.server.userKey('small');
      await insertMock(suite.server.store.db, key, {
        name: 'Open',
        public: true,
        routes: [{ path: '/x', responses: [{ body: { type: 'json', value: 1 } }] }],
      });
      await insertMock(suite.server.store.db, key, {
        name: 'Other',
        public: true,
        routes: [{ path: '/x', responses: [{ body: { type: 'json', value: 2 } }] }],
      });
      assert.deepEqual(await anonymous(suite.server, '/mock/open/x', 8), [200, 200, 200, 200, 200, 429, 429, 429]);
      const refused = await call(`${suite.server.url}/mock/open/x`);
      const body = refused.json as { error: string; limit: string; allowed: number };
      assert.equal(body.limit, 'publicMockRequestsPerDay');
      assert.equal(body.allowed, 5);
      assert.match(body.error, /public mock API 'Open' has used its budget of 5 requests for today/);
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
      assert.equal(await ownerGenerate(suite.server, key), 200, "the owner's own API is untouched");
      const usage = (await call(`${suite.server.url}/api/usage?key=${key}`)).json as { requests: number };
      assert.equal(usage.requests, 1, "only the owner's own generate request was counted on the plan");
      assert.deepEqual(
        await anonymous(suite.server, '/mock/other/x', 2),
        [200, 200],
        'each public mock has a budget of its own',
      );
    });

    test("a public mock's generated rows are held to its own daily rows", async () => {
      const key = await suite.server.userKey('small');
      const saved = await call(`${suite.server.url}/api/schemas/Ten?key=${key}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: '[{"name": "id", "type": "Row Number"}]',
      });
      assert.equal(saved.status, 200);
      await insertMock(suite.server.store.db, key, {
        name: 'Rows',
        public: true,
        routes: [{ path: '/rows', responses: [{ body: { type: 'schema', schema: 'Ten', count: 10 } }] }],
      });
      const statuses = await anonymous(suite.server, '/mock/rows/rows', 3);
      assert.deepEqual(statuses, [200, 200, 429]);
      assert.equal(
        ((await call(`${suite.server.url}/mock/rows/rows`)).json as { limit: string }).limit,
        'publicMockRecordsPerDay',
      );
    });

    test("a private mock is its owner's, on the owner's plan as before", async () => {
      const key = await suite.server.userKey('small');
      await insertMock(suite.server.store.db, key, {
        name: 'Mine',
        routes: [{ path: '/x', responses: [{ body: { type: 'json', value: 1 } }] }],
      });
      assert.deepEqual(await anonymous(suite.server, `/mock/mine/x?key=${key}`, 4), [200, 200, 200, 429]);
      assert.equal(await ownerGenerate(suite.server, key), 429, 'the private calls used the plan up');
    });
  });
}

describe('a public mock is held to its rate', () => {
  const suite = serverForSuite('sqlite', { publicMockRate: 5 });

  test('a burst past twice the rate is refused with Retry-After; a private mock is not rate-limited', async () => {
    await insertMock(suite.server.store.db, suite.key, {
      name: 'Busy',
      public: true,
      routes: [{ path: '/x', responses: [{ body: { type: 'json', value: 1 } }] }],
    });
    await insertMock(suite.server.store.db, suite.key, {
      name: 'Quiet',
      routes: [{ path: '/x', responses: [{ body: { type: 'json', value: 1 } }] }],
    });
    const answers = await Promise.all(Array.from({ length: 30 }, () => call(`${suite.server.url}/mock/busy/x`)));
    const refused = answers.filter((a) => a.status === 429);
    assert.ok(answers.filter((a) => a.status === 200).length >= 10, 'a burst of twice the rate passes');
    assert.ok(refused.length >= 15, `most of the burst is refused (${refused.length} of 30)`);
    assert.equal(refused[0].headers.get('retry-after'), '1');
    assert.equal((refused[0].json as { limit: string }).limit, 'publicMockRate');
    const own = await Promise.all(
      Array.from({ length: 30 }, () => call(`${suite.server.url}/mock/quiet/x?key=${suite.key}`)),
    );
    assert.deepEqual(new Set(own.map((a) => a.status)), new Set([200]));
  });
});
