/**
 * CRUD collections shared by two server instances (this process and a child process, on one
 * SQLite file or one PostgreSQL schema), a full collection, and the bound on one list response.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { MOCK_LIMITS } from '@rowloom/contract';
import { resetCollections } from './crud-collection.js';
import { PAGE_MAX_CHARS } from './crud-listing.js';
import { crudRoute, list, openKit, serve, type Instance, type Kit } from '../../../testing/crud-test-kit.js';

async function storedCount(kit: Kit, routeId: string): Promise<number> {
  const row = await kit.store.db
    .selectFrom('mock_records')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('mock_api_id', '=', kit.mockApiId)
    .where('route_id', '=', routeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`CRUD collections across instances (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let kit: Kit;
    let second: Instance;
    before(async () => {
      kit = await openKit(dialect);
      second = await kit.startInstance();
    });
    after(() => kit.close());

    test('two instances seeding at the same moment give exactly count records, every time', async () => {
      const route = crudRoute('race', { count: 40 });
      for (let round = 0; round < 4; round++) {
        const replies = await Promise.all([
          serve(kit, route),
          serve(kit, route, { via: second }),
          serve(kit, route),
          serve(kit, route, { via: second }),
        ]);
        for (const reply of replies) {
          assert.equal(reply.status, 200, JSON.stringify(reply.body));
          assert.equal((reply.body as unknown[]).length, 40);
        }
        assert.deepEqual(replies[1].body, replies[0].body, 'both instances see the same records');
        assert.equal(await storedCount(kit, route.id), 40);
        assert.ok(
          replies.some((reply) => reply.rows === 40),
          'one of them seeded',
        );
        await resetCollections(kit.store.db, kit.mockApiId);
      }
    });

    test('concurrent POSTs without keys through both instances get distinct ids', async () => {
      const route = crudRoute('posts', { count: 5 });
      await serve(kit, route);
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          serve(kit, route, { method: 'POST', body: { n: i }, via: i % 2 === 0 ? undefined : second }),
        ),
      );
      for (const reply of replies) assert.equal(reply.status, 201, JSON.stringify(reply.body));
      const newIds = replies.map((reply) => (reply.body as { id: number }).id).sort((a, b) => a - b);
      assert.deepEqual(
        newIds,
        Array.from({ length: 30 }, (_, i) => 6 + i),
      );
      assert.equal(await storedCount(kit, route.id), 35);
      // Writes through one instance are read through the other.
      const patched = await serve(kit, route, { method: 'PATCH', key: '20', body: { seen: true }, via: second });
      assert.equal(patched.status, 200);
      assert.equal(((await serve(kit, route, { key: '20' })).body as { seen: boolean }).seen, true);
    });

    test('concurrent PATCHes of one record through both instances all land', async () => {
      const route = crudRoute('patches', { count: 1 });
      await serve(kit, route);
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          serve(kit, route, { method: 'PATCH', key: '1', body: { [`f${i}`]: i }, via: i % 2 ? second : undefined }),
        ),
      );
      for (const reply of replies) assert.equal(reply.status, 200);
      const record = (await serve(kit, route, { key: '1' })).body as Record<string, unknown>;
      for (let i = 0; i < 20; i++) assert.equal(record[`f${i}`], i, `patch ${i} was not lost`);
    });

    test(`a full collection (${MOCK_LIMITS.crudRecords} records) refuses POST with 409; the default list is capped at 1000 with links`, async () => {
      const route = crudRoute('full', { schema: 'tiny', count: MOCK_LIMITS.crudRecords });
      const first = await serve(kit, route, { url: '/mock/shop/users' });
      assert.equal(first.rows, MOCK_LIMITS.crudRecords);
      assert.equal((first.body as unknown[]).length, 1000);
      assert.equal(first.headers?.['x-total-count'], String(MOCK_LIMITS.crudRecords));
      assert.match(first.headers?.link ?? '', /<\/mock\/shop\/users\?page=2&per_page=1000>; rel="next"/);
      assert.match(first.headers?.link ?? '', /page=10&per_page=1000>; rel="last"/);
      const full = await serve(kit, route, { method: 'POST', body: {} });
      assert.equal(full.status, 409);
      assert.match((full.body as { error: string }).error, /\/users is full: it holds 10000 records/);
      assert.equal((await serve(kit, route, { method: 'DELETE', key: '17' })).status, 204);
      const racing = await Promise.all([
        serve(kit, route, { method: 'POST', body: {} }),
        serve(kit, route, { method: 'POST', body: {}, via: second }),
      ]);
      assert.deepEqual(
        racing.map((reply) => reply.status).sort(),
        [201, 409],
        'one place, one of two racing POSTs gets it',
      );
      assert.equal(await storedCount(kit, route.id), MOCK_LIMITS.crudRecords);
      // A filter over the whole collection is scanned in batches.
      const scanned = await serve(kit, route, { query: { id_gte: '9990', _sort: '-id' } });
      assert.deepEqual(
        (scanned.body as { id: number }[]).map((r) => r.id),
        [10001, 10000, 9999, 9998, 9997, 9996, 9995, 9994, 9993, 9992, 9991, 9990],
      );
    });

    test('a page of more JSON than one response carries is a 400 that says how many fit', async () => {
      const route = crudRoute('big', { count: 0 });
      const blob = 'x'.repeat(60_000);
      const needed = Math.ceil(PAGE_MAX_CHARS / 60_000) + 5;
      for (let i = 0; i < needed; i += 10) {
        await Promise.all(
          Array.from({ length: Math.min(10, needed - i) }, () => serve(kit, route, { method: 'POST', body: { blob } })),
        );
      }
      const whole = await serve(kit, route);
      assert.equal(whole.status, 400);
      assert.match(
        (whole.body as { error: string }).error,
        /more than the 16 MiB one response carries; ask for fewer records per page \(e\.g\. per_page=\d+\)/,
      );
      const filtered = await serve(kit, route, { query: { blob_like: 'xxx' } });
      assert.equal(filtered.status, 400, 'the scanned path checks the page too');
      const fitting = Number(/per_page=(\d+)/.exec((whole.body as { error: string }).error)![1]);
      assert.equal((await list(kit, route, { per_page: String(fitting) })).length, fitting, 'the suggested size fits');
    });
  });
}
