/**
 * Sign-in limits that a stranger cannot turn against an owner, on both databases: failures from
 * other client addresses (real ones: requests sent from 127.0.0.2, 127.0.0.3, ...) do not keep
 * the owner out, a browser holding the account's known-device cookie is never counted with
 * strangers, and guessing spread over many addresses stays bounded by the per-email limit.
 */
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';
import { DEFAULT_ACCOUNTS, type SignInLimit } from './accounts-config.js';
import { DEVICE_COOKIE } from './device-cookie.js';
import { call, send, setCookie, signInFrom } from '../../testing/accounts-http.js';
import { startInFreshWindow } from '../../testing/rate-windows.js';

const MINUTES_15 = 15 * 60 * 1000;
const PASSWORD = 'violet tractor seventeen umbrellas';

/** 127.0.0.<n>: every one a client address of its own. */
const address = (n: number) => `127.0.0.${n}`;

async function statusesFrom(server: TestServer, from: string, email: string, attempts: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) statuses.push((await signInFrom(from, server, email, `wrong guess ${i}`)).status);
  return statuses;
}

/** An account signed up from 127.0.0.1, and the known-device cookie its browser got. */
async function owner(server: TestServer): Promise<{ email: string; device: string }> {
  const email = `owner-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const up = await call(server, '/api/session/signup', send('POST', { email, password: PASSWORD }));
  assert.equal(up.status, 200, up.text);
  const device = setCookie(up, DEVICE_COOKIE);
  assert.ok(device, 'sign-up marks the browser as a known device');
  return { email, device };
}

const serverWith = (dialect: 'sqlite' | 'postgres', signInLimit: SignInLimit) =>
  startTestServer(newTestDatabase(dialect), { accounts: { signInLimit } });

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`sign-in lockout (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    // Limits count in fixed windows of the clock: no test may straddle a window's end.
    beforeEach(() => startInFreshWindow(MINUTES_15));
    let production: TestServer;
    let small: TestServer;
    before(async () => {
      [production, small] = await Promise.all([
        serverWith(dialect, DEFAULT_ACCOUNTS.signInLimit),
        serverWith(dialect, { perEmailPerClient: 3, perIp: 30, perEmail: 9, windowMs: MINUTES_15 }),
      ]);
    });
    after(async () => {
      await production?.close();
      await small?.close();
    });

    test('the defaults: 10 per email from one address or known browser, 30 per address, 100 per email from unknown browsers', () => {
      assert.deepEqual(DEFAULT_ACCOUNTS.signInLimit, {
        perEmailPerClient: 10,
        perIp: 30,
        perEmail: 100,
        windowMs: MINUTES_15,
      });
    });

    test('40 failures from one address and 11 from others do not keep the owner out: neither a known browser nor a new one', async () => {
      const { email, device } = await owner(production);
      const attacker = await statusesFrom(production, address(2), email, 40);
      assert.deepEqual(attacker.slice(0, 10), Array(10).fill(401), 'ten guesses from the address are checked');
      assert.deepEqual(attacker.slice(10), Array(30).fill(429), 'then that address is refused, and counts no further');
      for (let n = 3; n < 14; n++)
        assert.equal(
          (await signInFrom(address(n), production, email, 'another wrong guess')).status,
          401,
          `from ${address(n)}`,
        );
      const known = await signInFrom(address(1), production, email, PASSWORD, device);
      assert.equal(known.status, 200, `the owner's known browser: ${known.text}`);
      const fresh = await signInFrom(address(1), production, email, PASSWORD);
      assert.equal(fresh.status, 200, `the owner's new browser: ${fresh.text}`);
      const elsewhere = await signInFrom(address(14), production, email, PASSWORD);
      assert.equal(elsewhere.status, 200, `the owner from another address: ${elsewhere.text}`);
      assert.equal(
        (await signInFrom(address(2), production, email, PASSWORD)).status,
        429,
        'the address that failed 40 times still waits',
      );
    });

    test('guessing spread over many addresses is bounded by the per-email limit; the known browser still signs in', async () => {
      const { email, device } = await owner(small);
      const statuses: number[] = [];
      for (let n = 20; n < 26; n++) statuses.push(...(await statusesFrom(small, address(n), email, 4)));
      assert.equal(
        statuses.filter((s) => s === 401).length,
        9,
        `exactly the per-email allowance was checked: ${statuses.join(',')}`,
      );
      assert.equal(statuses.filter((s) => s === 429).length, 24 - 9);
      const fresh = await signInFrom(address(30), small, email, PASSWORD);
      assert.equal(fresh.status, 429, 'a browser the account does not know waits for the window, like the attacker');
      assert.match(String(fresh.json.error), /browsers it does not know.*signed in with before/);
      assert.ok(Number(fresh.headers.get('retry-after')) >= 1);
      const known = await signInFrom(address(30), small, email, PASSWORD, device);
      assert.equal(known.status, 200, `the known browser: ${known.text}`);
    });

    test('parallel guesses from many addresses cannot slip past the per-email limit, and do not lock the known browser', async () => {
      const { email, device } = await owner(small);
      const answers = await Promise.all(
        Array.from({ length: 18 }, (_, i) => signInFrom(address(40 + (i % 6)), small, email, `parallel guess ${i}`)),
      );
      const statuses = answers.map((a) => a.status);
      assert.equal(statuses.filter((s) => s === 401).length, 9, statuses.join(','));
      assert.equal(statuses.filter((s) => s === 429).length, 9, statuses.join(','));
      assert.equal((await signInFrom(address(1), small, email, PASSWORD, device)).status, 200);
    });

    test('a known browser has a limit of its own: 3 failures, then it waits too', async () => {
      const { email, device } = await owner(small);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await signInFrom(address(50), small, email, `wrong ${i}`, device)).status);
      assert.deepEqual(statuses, [401, 401, 401, 429]);
      // Its failures did not count for the address or the email: a new browser there still gets in.
      assert.equal((await signInFrom(address(50), small, email, PASSWORD)).status, 200);
    });

    test("the device cookie is signed, HttpOnly, SameSite=Strict and only for /api/session; a forged one or another account's is a stranger's", async () => {
      const { email, device } = await owner(small);
      const other = await owner(small);
      const answer = await signInFrom(address(1), small, email, PASSWORD);
      const header = answer.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`)) ?? '';
      assert.match(header, /HttpOnly/i);
      assert.match(header, /SameSite=Strict/i);
      assert.match(header, /Path=\/api\/session(;|$)/);
      assert.match(header, /Max-Age=\d{7,}/, 'kept for months');
      // Lock the account for strangers: 3 addresses x 3 failures.
      for (let n = 60; n < 63; n++) await statusesFrom(small, address(n), email, 3);
      assert.equal((await signInFrom(address(63), small, email, PASSWORD)).status, 429);
      const value = decodeURIComponent(device.slice(DEVICE_COOKIE.length + 1));
      const [userId, ...rest] = value.split('.');
      const forgedValue = [userId.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), ...rest].join('.');
      const forged = `${DEVICE_COOKIE}=${encodeURIComponent(forgedValue)}`;
      assert.equal(
        (await signInFrom(address(63), small, email, PASSWORD, forged)).status,
        429,
        'a changed cookie is no longer signed',
      );
      assert.equal(
        (await signInFrom(address(63), small, email, PASSWORD, other.device)).status,
        429,
        "another account's device cookie",
      );
      assert.equal((await signInFrom(address(63), small, email, PASSWORD, device)).status, 200, 'the genuine one');
    });

    test('a password change retires the old device cookies and gives the browser a new one', async () => {
      const { email, device } = await owner(small);
      const signedIn = await signInFrom(address(1), small, email, PASSWORD);
      const cookie = setCookie(signedIn, 'rowloom_session')!;
      const newPassword = 'copper lantern drifts over quiet meadows';
      const changed = await call(
        small,
        '/api/account/password',
        send(
          'PUT',
          { current: PASSWORD, password: newPassword },
          { cookie, 'x-csrf-token': String(signedIn.json.csrfToken) },
        ),
      );
      assert.equal(changed.status, 200, changed.text);
      const renewed = setCookie(changed, DEVICE_COOKIE);
      assert.ok(renewed, 'the browser that changed it stays known');
      for (let n = 70; n < 73; n++) await statusesFrom(small, address(n), email, 3);
      assert.equal(
        (await signInFrom(address(73), small, email, newPassword, device)).status,
        429,
        'the cookie from before the change is a stranger now',
      );
      assert.equal((await signInFrom(address(73), small, email, newPassword, renewed)).status, 200);
    });

    test('wrong current passwords on the password change have a bucket of their own: they do not lock the sign-in', async () => {
      const { email } = await owner(small);
      const signedIn = await signInFrom(address(1), small, email, PASSWORD);
      const headers = {
        cookie: setCookie(signedIn, 'rowloom_session')!,
        'x-csrf-token': String(signedIn.json.csrfToken),
      };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await call(
              small,
              '/api/account/password',
              send('PUT', { current: `not it ${i}`, password: 'copper lantern drifts over quiet meadows' }, headers),
            )
          ).status,
        );
      assert.deepEqual(statuses, [400, 400, 400, 429]);
      assert.equal((await signInFrom(address(1), small, email, PASSWORD)).status, 200);
    });
  });
}
