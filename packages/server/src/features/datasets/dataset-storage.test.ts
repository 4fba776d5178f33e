import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PLANS, parsePlanOverrides } from '../../users/plans.js';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';

const csv = (body: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'text/csv' }, body });

async function call(server: TestServer, path: string, init: RequestInit = {}) {
  const response = await fetch(server.url + path, init);
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

test('ROWLOOM_PLANS can set the dataset limits; every default plan has them', () => {
  const plans = parsePlanOverrides('{"free": {"datasets": 3, "datasetBytes": null}}');
  assert.equal(plans.free.datasets, 3);
  assert.equal(plans.free.datasetBytes, null);
  assert.throws(
    () => parsePlanOverrides('{"free": {"datasetBites": 3}}'),
    /datasetBites is not a limit; use .*datasetBytes/,
  );
  for (const name of ['free', 'silver', 'gold'])
    assert.ok(DEFAULT_PLANS[name].datasets! > 0 && DEFAULT_PLANS[name].datasetBytes! > 0, name);
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`dataset storage limits (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect), {
        plans: {
          ...DEFAULT_PLANS,
          small: { recordsPerRequest: null, requestsPerDay: null, recordsPerDay: null, datasets: 2, datasetBytes: 400 },
        },
      });
    });
    after(() => server.close());

    const names = async (key: string) =>
      ((await call(server, `/api/datasets?key=${key}`)).json().datasets as { name: string; rows: number }[]).map(
        (d) => `${d.name}:${d.rows}`,
      );

    test('past the count or the bytes a plan allows: 403 naming the limit, and nothing stored', async () => {
      const key = await server.userKey('small');
      assert.equal((await call(server, `/api/datasets/a?key=${key}`, csv('x\n1\n'))).status, 200);
      assert.equal((await call(server, `/api/datasets/b?key=${key}`, csv('x\n1\n'))).status, 200);
      const third = await call(server, `/api/datasets/c?key=${key}`, csv('x\n1\n'));
      assert.equal(third.status, 403, third.text);
      assert.match(String(third.json().error), /3 datasets; the small plan allows 2/);
      assert.deepEqual({ limit: third.json().limit, allowed: third.json().allowed }, { limit: 'datasets', allowed: 2 });
      assert.deepEqual(await names(key), ['a:1', 'b:1']);

      const replaced = await call(server, `/api/datasets/a?key=${key}`, csv('x\n1\n2\n'));
      assert.equal(replaced.status, 200, 'replacing a dataset does not count as another one');
      const big = await call(server, `/api/datasets/b?key=${key}`, csv(`x\n${'y'.repeat(500)}\n`));
      assert.equal(big.status, 403, big.text);
      assert.deepEqual(
        { limit: big.json().limit, allowed: big.json().allowed },
        { limit: 'datasetBytes', allowed: 400 },
      );
      assert.match(String(big.json().error), /bytes; the small plan allows 400/);
      assert.deepEqual(await names(key), ['a:2', 'b:1'], 'the old version stays');

      assert.equal((await call(server, `/api/datasets/a?key=${key}`, { method: 'DELETE' })).status, 200);
      assert.equal(
        (await call(server, `/api/datasets/c?key=${key}`, csv('x\n1\n'))).status,
        200,
        'room again after a delete',
      );
      const unlimited = await server.userKey('unlimited');
      for (const name of ['a', 'b', 'c'])
        assert.equal(
          (await call(server, `/api/datasets/${name}?key=${unlimited}`, csv(`x\n${'y'.repeat(500)}\n`))).status,
          200,
        );
    });

    test('concurrent uploads cannot pass the limit together', async () => {
      const key = await server.userKey('small');
      // Each of these fits alone (the plan allows two datasets); together only two may be stored.
      const statuses = await Promise.all(
        ['p', 'q', 'r', 's', 't', 'u'].map(
          async (name) => (await call(server, `/api/datasets/${name}?key=${key}`, csv('x\n1\n'))).status,
        ),
      );
      assert.equal(statuses.filter((s) => s === 200).length, 2, String(statuses));
      assert.equal(statuses.filter((s) => s === 403).length, 4, String(statuses));
      assert.equal((await names(key)).length, 2);
    });
  });
}
