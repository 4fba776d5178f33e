/**
 * Two server instances sharing one PostgreSQL database, as a scaled-out deployment runs: they
 * start together, see each other's saved schemas at once, and hold the daily quotas between
 * them under concurrent load. The quota check also runs on SQLite with one server.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { DEFAULT_PLANS, type Plans } from '../users/plans.js';
import { usageDay } from '../users/quota.js';
import { saveSchema } from '../features/schemas/schemas-store.js';
import { POSTGRES_URL, skipUnlessAvailable } from '../testing/databases.js';
import { newTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../testing/server-fixture.js';
import { findUserByKey } from '../users/users-store.js';

const PLANS: Plans = {
  ...DEFAULT_PLANS,
  tiny: { recordsPerRequest: 5000, requestsPerDay: 10, recordsPerDay: null },
  'tiny-records': { recordsPerRequest: 5000, requestsPerDay: null, recordsPerDay: 100 },
};

const FIELDS = JSON.stringify([
  { name: 'id', type: 'Row Number' },
  { name: 'email', type: 'Email Address' },
]);

const BURST = 40;

interface Outcome {
  status: number;
  retryAfter: string | null;
  body: string;
}

/** BURST generate requests at once, spread round-robin over the servers. */
async function burst(servers: TestServer[], key: string, count: number): Promise<Outcome[]> {
  return Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const server = servers[i % servers.length];
      const response = await fetch(`${server.url}/api/generate.json?key=${key}&count=${count}&array=true`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: FIELDS,
      });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
    }),
  );
}

function assertBurst(
  outcomes: Outcome[],
  allowed: number,
  count: number,
  limit: 'requestsPerDay' | 'recordsPerDay',
  limitValue: number,
): void {
  const statuses = outcomes.map((o) => o.status);
  assert.equal(statuses.filter((s) => s === 200).length, allowed, `statuses: ${statuses.join(',')}`);
  assert.equal(statuses.filter((s) => s === 429).length, BURST - allowed, `statuses: ${statuses.join(',')}`);
  for (const outcome of outcomes) {
    const body = JSON.parse(outcome.body) as Record<string, unknown>;
    if (outcome.status === 200) {
      assert.ok(Array.isArray(body) && body.length === count);
      continue;
    }
    assert.equal(body.error, 'Usage Limit Exceeded');
    assert.equal(body.limit, limit);
    assert.equal(body.allowed, limitValue);
    const retryAfter = Number(outcome.retryAfter);
    // Seconds until the counters reset at the next UTC midnight.
    assert.ok(
      Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 86_400,
      `Retry-After: ${outcome.retryAfter}`,
    );
  }
}

/** What the usage table recorded for the key's user today. */
async function usage(server: TestServer, key: string): Promise<{ requests: number; records: number }> {
  const user = await findUserByKey(server.store.db, key);
  assert.ok(user);
  const row = await server.store.db
    .selectFrom('usage')
    .select(['requests', 'records'])
    .where('user_id', '=', user.id)
    .where('day', '=', usageDay(new Date()))
    .executeTakeFirstOrThrow();
  return { requests: Number(row.requests), records: Number(row.records) };
}

/** Both quota checks, on one or more servers sharing a database. */
function quotaTests(servers: () => TestServer[]): void {
  test(`requests per day: ${BURST} concurrent requests, exactly 10 succeed, 30 get 429 with Retry-After`, async () => {
    const [first] = servers();
    const key = await first.userKey('tiny');
    assertBurst(await burst(servers(), key, 3), 10, 3, 'requestsPerDay', 10);
    assert.deepEqual(await usage(first, key), { requests: 10, records: 30 });
    // The limit stays shut afterwards, on every server.
    for (const server of servers()) {
      const response = await fetch(`${server.url}/api/generate.json?key=${key}`, { method: 'POST', body: FIELDS });
      assert.equal(response.status, 429);
      assert.equal(((await response.json()) as { error: string }).error, 'Usage Limit Exceeded');
    }
  });

  test(`records per day: ${BURST} concurrent requests of 7 rows against 100 a day, exactly 14 succeed`, async () => {
    const [first] = servers();
    const key = await first.userKey('tiny-records');
    assertBurst(await burst(servers(), key, 7), 14, 7, 'recordsPerDay', 100);
    assert.deepEqual(await usage(first, key), { requests: 14, records: 98 });
    // Two records are left: a request for 2 still fits, then nothing does.
    const last = servers()[servers().length - 1];
    const fits = await fetch(`${last.url}/api/generate.json?key=${key}&count=2`, { method: 'POST', body: FIELDS });
    assert.equal(fits.status, 200);
    await fits.arrayBuffer();
    const over = await fetch(`${first.url}/api/generate.json?key=${key}&count=1`, { method: 'POST', body: FIELDS });
    assert.equal(over.status, 429);
    await over.arrayBuffer();
  });
}

describe('two server instances on one PostgreSQL', { skip: await skipUnlessAvailable('postgres') }, () => {
  let database: TestDatabase;
  let a: TestServer | undefined;
  let b: TestServer | undefined;

  before(async () => {
    database = newTestDatabase('postgres');
    // A real deployment's schema exists before the instances start; create it so the two
    // instances race only on what production would: applying the migrations.
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(`create schema "${database.postgresSchema}"`);
    } finally {
      await client.end();
    }
    // Started together: both apply migrations to the same empty schema at once.
    [a, b] = await Promise.all([
      startTestServer(database, { plans: PLANS, ownsDatabase: false }),
      startTestServer(database, { plans: PLANS, ownsDatabase: false }),
    ]);
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  test('a schema saved through A generates through B, and a replacement shows at once', async () => {
    const key = await a!.userKey();
    // Saved through server A's API...
    const put = (fields: unknown[], count: number) =>
      fetch(`${a!.url}/api/schemas/${encodeURIComponent('shared people')}?key=${key}`, {
        method: 'PUT',
        body: JSON.stringify({ fields, count }),
      });
    assert.equal(
      (
        await put(
          [
            { name: 'id', type: 'Row Number' },
            { name: 'first', type: 'First Name' },
          ],
          4,
        )
      ).status,
      200,
    );
    // ...used through server B.
    const url = `${b!.url}/api/generate.json?key=${key}&schema=${encodeURIComponent('shared people')}`;
    const first = await fetch(url);
    assert.equal(first.status, 200);
    const rows = (await first.json()) as Record<string, unknown>[];
    assert.equal(rows.length, 4);
    assert.deepEqual(Object.keys(rows[0]), ['id', 'first']);

    assert.equal((await put([{ name: 'n', type: 'Row Number' }], 2)).status, 200);
    const second = await fetch(url);
    assert.equal(second.status, 200);
    assert.deepEqual(await second.json(), [{ n: 1 }, { n: 2 }]);
  });

  test("a schema saved through A is not another user's through B", async () => {
    const owner = await a!.userKey();
    const ownerUser = await findUserByKey(a!.store.db, owner);
    assert.ok(ownerUser);
    await saveSchema(a!.store.db, ownerUser.id, 'private', [{ name: 'id', type: 'Row Number' }], 1);
    const other = await b!.userKey();
    const response = await fetch(`${b!.url}/api/generate.json?key=${other}&schema=private`);
    assert.equal(response.status, 404);
    assert.equal(typeof ((await response.json()) as { error: unknown }).error, 'string');
  });

  describe('quotas held across both instances', () => {
    quotaTests(() => [a!, b!]);
  });
});

describe('quotas under concurrent load on one server (sqlite)', () => {
  let server: TestServer | undefined;
  before(async () => {
    server = await startTestServer(newTestDatabase('sqlite'), { plans: PLANS });
  });
  after(async () => {
    await server?.close();
  });
  quotaTests(() => [server!]);
});
