/**
 * Previews (uncharged, made on every edit in the web page) reading a dataset of a million rows:
 * four at once must not hold the server (parsed on the request thread, they held /health
 * for 2.4 s at p95). The rows
 * are parsed on the generation threads, never on the thread that answers requests.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { whileProbingHealth } from '../../testing/health-probe.js';
import { fetchAnswer } from '../../testing/http-calls.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';

const ROWS = 1_000_000;
const FIELDS = [
  { name: 'id', type: 'Dataset Column', dataset: 'million', column: 'id' },
  { name: 'digit', type: 'Dataset Column', dataset: 'million', column: 'digit' },
  { name: 'city', type: 'Formula', value: "from_dataset('million', 'digit', id: '100042')" },
];

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`previews over a million-row dataset (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    let key = '';
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
      key = await server.userKey('unlimited');
      // 9 MB: "100000,0" .. "1099999,9".
      const lines = Array.from({ length: ROWS }, (_, i) => `${100_000 + i},${i % 10}`);
      const stored = await fetchAnswer(`${server.url}/api/datasets/million?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: `id,digit\n${lines.join('\n')}\n`,
      });
      assert.equal(stored.status, 200, stored.text);
      assert.equal(stored.json.rows, ROWS);
    });
    after(() => server.close());

    const preview = (seed: number) =>
      fetchAnswer(`${server.url}/api/generate.json?key=${key}&count=10&preview=true&seed=${seed}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(FIELDS),
      });

    // Four at once, once: each preview has its thread parse the million rows (seconds on a slow
    // machine), and three rounds of them were a minute of the suite on each database.
    test('four at once: every row from the dataset, /health answering all along', async (t) => {
      const { result, health } = await whileProbingHealth(server.url, () =>
        Promise.all([1, 2, 3, 4].map((n) => preview(n))),
      );
      t.diagnostic(`/health answered ${health.count} times, the slowest in ${health.slowestMs.toFixed(0)} ms`);
      for (const answer of result) {
        assert.equal(answer.status, 200, answer.text);
        const rows = answer.json as { id: string; digit: string; city: string }[];
        assert.equal(rows.length, 10);
        for (const row of rows) {
          const id = Number(row.id);
          assert.ok(id >= 100_000 && id < 100_000 + ROWS, row.id);
          assert.equal(row.digit, String((id - 100_000) % 10), 'the columns of one dataset row');
          assert.equal(row.city, '2');
        }
      }
      assert.ok(health.slowestMs < 1000, `/health took up to ${health.slowestMs.toFixed(0)} ms`);
    });

    test('the same seed gives the same bytes, and a replaced dataset is read in its new version', async () => {
      const first = await preview(99);
      assert.equal((await preview(99)).text, first.text);
      const replaced = await fetchAnswer(`${server.url}/api/datasets/million?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: 'id,digit\n100042,7\n',
      });
      assert.equal(replaced.status, 200, replaced.text);
      const rows = (await preview(99)).json as { id: string; digit: string; city: string }[];
      assert.deepEqual(rows[0], { id: '100042', digit: '7', city: '7' });
    });
  });
}
