/**
 * Two server instances on one PostgreSQL database, started together: a session made on one is
 * known to the other, signing out on one ends it on both, a key regenerated on one is refused by
 * the other at once, and both seal and show keys with the one secret they settled on.
 */
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { POSTGRES_URL, skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../../testing/server-fixture.js';
import { asUser, call, send } from '../../testing/accounts-http.js';
import { startInFreshWindow } from '../../testing/rate-windows.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
describe('sessions shared by two instances on one PostgreSQL', { skip: await skipUnlessAvailable('postgres') }, () => {
  // Limits count in fixed windows of the clock: no test may straddle a window's end.
  beforeEach(() => startInFreshWindow(FIFTEEN_MINUTES));
  let database: TestDatabase;
  let a: TestServer | undefined;
  let b: TestServer | undefined;

  before(async () => {
    database = newTestDatabase('postgres');
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(`create schema "${database.postgresSchema}"`);
    } finally {
      await client.end();
    }
    // Started together: both migrate, and both make or read the sealing secret, at once.
    [a, b] = await Promise.all([
      startTestServer(database, { ownsDatabase: false }),
      startTestServer(database, { ownsDatabase: false }),
    ]);
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  test('signed up on A, signed in on B; signed out on B, refused on A', async () => {
    const user = await a!.signUp();
    const onB = await call(b!, '/api/session', { headers: asUser(user) });
    assert.equal(onB.status, 200);
    assert.equal(onB.json.csrfToken, user.csrfToken);
    const saved = await call(
      b!,
      '/api/schemas/shared',
      send('PUT', { fields: [{ name: 'id', type: 'Row Number' }] }, asUser(user)),
    );
    assert.equal(saved.status, 200, saved.text);
    assert.equal((await call(b!, '/api/session', { method: 'DELETE', headers: asUser(user) })).status, 200);
    assert.equal((await call(a!, '/api/session', { headers: asUser(user) })).status, 401);
    assert.equal((await call(a!, '/api/schemas', { headers: asUser(user) })).status, 401);
  });

  test('a key shown on A is the one B shows; regenerated on B, the old key is refused by A at once', async () => {
    const user = await a!.signUp();
    const shownA = await call(a!, '/api/key', { headers: asUser(user) });
    const shownB = await call(b!, '/api/key', { headers: asUser(user) });
    assert.equal(shownA.status, 200, shownA.text);
    assert.equal(shownB.json.key, shownA.json.key, 'one secret for both instances');
    const fresh = await call(b!, '/api/key', { method: 'POST', headers: asUser(user) });
    assert.equal(fresh.status, 200);
    assert.deepEqual((await call(a!, `/api/types?key=${shownA.json.key}`)).json, {
      error: 'Invalid API Key',
      code: 'unauthorized',
    });
    assert.equal((await call(a!, `/api/types?key=${fresh.json.key}`)).status, 200);
    const settings = await a!.store.db.selectFrom('settings').selectAll().execute();
    assert.equal(settings.length, 1, 'one secret stored');
  });

  test('the sign-in rate limit counts attempts made on either instance', async () => {
    const user = await a!.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const server = i % 2 === 0 ? a! : b!;
      statuses.push(
        (await call(server, '/api/session', send('POST', { email: user.email, password: `wrong guess ${i}` }))).status,
      );
    }
    assert.deepEqual(statuses, [...Array(10).fill(401), 429, 429]);
  });
});
