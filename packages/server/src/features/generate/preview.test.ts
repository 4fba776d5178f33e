/** ?preview=true: at most 100 rows, the same rows as without it, and not counted against the plan's day. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PLANS } from '../../users/plans.js';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';

const FIELDS = JSON.stringify([
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
]);

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`generate?preview=true (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    let key = '';
    before(async () => {
      // A plan of two requests a day, so one charged preview would show.
      server = await startTestServer(newTestDatabase(dialect), {
        plans: { ...DEFAULT_PLANS, free: { ...DEFAULT_PLANS.free, requestsPerDay: 2 } },
      });
      key = await server.userKey('free');
    });
    after(() => server.close());

    const generate = (query: string) =>
      fetch(`${server.url}/api/generate.json?key=${key}&seed=7&${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: FIELDS,
      });

    test('previews are not charged; the same seed gives the same rows as a charged request', async () => {
      const previews: string[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await generate('count=10&preview=true');
        assert.equal(response.status, 200);
        previews.push(await response.text());
      }
      const usage = (await (await fetch(`${server.url}/api/usage?key=${key}`)).json()) as {
        requests: number;
        records: number;
      };
      assert.deepEqual([usage.requests, usage.records], [0, 0]);
      const charged = await generate('count=10');
      assert.equal(charged.status, 200);
      assert.equal(await charged.text(), previews[0]);
      assert.equal((await generate('count=10')).status, 200);
      assert.equal((await generate('count=10')).status, 429, 'the plan allows two charged requests');
      assert.equal((await generate('count=10&preview=1')).status, 200, 'a preview still works when the day is spent');
    });

    test('a preview of more than 100 rows is a 400 naming the parameter', async () => {
      const response = await generate('count=101&preview=true');
      assert.equal(response.status, 400);
      assert.match(
        ((await response.json()) as { error: string }).error,
        /"preview" allows at most 100 rows, and count is 101/,
      );
    });
  });
}
