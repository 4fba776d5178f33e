/**
 * What stands between the world and an account, on both databases: the sign-in rate limit, the
 * sign-up policy, the same-origin rule for signing in, and hostile bodies (always a 4xx).
 */
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';
import { DEFAULT_ACCOUNTS } from './accounts-config.js';
import { call, send, sessionCookie } from '../../testing/accounts-http.js';
import { startInFreshWindow } from '../../testing/rate-windows.js';

const LIMITED = { signInLimit: { perEmailPerClient: 3, perIp: 5, perEmail: 30, windowMs: 15 * 60 * 1000 } };

const FIFTEEN_MINUTES = 15 * 60 * 1000;
for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`sign-in guards (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    // Limits count in fixed windows of the clock: no test may straddle a window's end.
    beforeEach(() => startInFreshWindow(FIFTEEN_MINUTES));
    let server: TestServer;
    let limited: TestServer;
    before(async () => {
      [server, limited] = await Promise.all([
        startTestServer(newTestDatabase(dialect)),
        startTestServer(newTestDatabase(dialect), { accounts: LIMITED }),
      ]);
    });
    after(async () => {
      await server?.close();
      await limited?.close();
    });

    test('the production default limit: 10 failed sign-ins per email from one address in 15 minutes, then 429 with Retry-After', async () => {
      assert.equal(DEFAULT_ACCOUNTS.signInLimit.perEmailPerClient, 10);
      const user = await server.signUp();
      for (let i = 0; i < 10; i++) {
        assert.equal(
          (await call(server, '/api/session', send('POST', { email: user.email, password: `wrong guess ${i}` })))
            .status,
          401,
        );
      }
      const refused = await call(server, '/api/session', send('POST', { email: user.email, password: user.password }));
      assert.equal(refused.status, 429, 'even the right password waits');
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(
        Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 15 * 60,
        `Retry-After: ${refused.headers.get('retry-after')}`,
      );
      assert.match(String(refused.json.error), /too many sign-in attempts/);
      assert.equal(sessionCookie(refused), undefined);
    });

    test('successful sign-ins do not use up the allowance', async () => {
      const user = await limited.signUp();
      for (let i = 0; i < 6; i++)
        assert.equal(
          (await call(limited, '/api/session', send('POST', { email: user.email, password: user.password }))).status,
          200,
        );
    });

    test('per client address: failures across different emails are limited too', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push(
          (
            await call(
              limited,
              '/api/session',
              send('POST', { email: `nobody${i}@example.com`, password: 'some password' }),
            )
          ).status,
        );
      assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401]);
      assert.deepEqual(statuses.slice(5), [429, 429]);
    });

    test('parallel guesses cannot slip past the limit: exactly the allowance is checked', async () => {
      const db = newTestDatabase(dialect);
      const fresh = await startTestServer(db, {
        accounts: { signInLimit: { perEmailPerClient: 3, perIp: 1000, perEmail: 100, windowMs: 15 * 60 * 1000 } },
      });
      try {
        const user = await fresh.signUp();
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            call(fresh, '/api/session', send('POST', { email: user.email, password: `guess number ${i}` })),
          ),
        );
        const statuses = answers.map((a) => a.status).sort();
        assert.equal(statuses.filter((s) => s === 401).length, 3, statuses.join(','));
        assert.equal(statuses.filter((s) => s === 429).length, 9, statuses.join(','));
      } finally {
        await fresh.close();
      }
    });

    test('sign-up: 409 for an email that has an account, whatever its case', async () => {
      const user = await server.signUp();
      const again = await call(
        server,
        '/api/session/signup',
        send('POST', { email: user.email.toUpperCase(), password: 'another sturdy passphrase here' }),
      );
      assert.equal(again.status, 409);
      assert.match(String(again.json.error), /exists already/);
    });

    test('sign-up: 400 naming the field for a bad email or a short password', async () => {
      const badEmail = await call(
        server,
        '/api/session/signup',
        send('POST', { email: 'not an email', password: 'long enough password' }),
      );
      assert.equal(badEmail.status, 400);
      assert.equal(badEmail.json.error, 'body.email must be an email address, such as ann@example.com');
      const short = await call(
        server,
        '/api/session/signup',
        send('POST', { email: 'short@example.com', password: 'abc' }),
      );
      assert.equal(short.status, 400);
      assert.match(String(short.json.error), /"password"/);
    });

    test('sign-in and sign-up from another site are refused; from the page itself they work', async () => {
      const user = await server.signUp();
      const body = { email: user.email, password: user.password };
      const foreign = await call(server, '/api/session', send('POST', body, { origin: 'http://evil.example' }));
      assert.equal(foreign.status, 403);
      assert.match(String(foreign.json.error), /own page/);
      const crossSite = await call(server, '/api/session', send('POST', body, { 'sec-fetch-site': 'cross-site' }));
      assert.equal(crossSite.status, 403);
      const nullOrigin = await call(
        server,
        '/api/session/signup',
        send('POST', { email: 'x@example.com', password: 'long enough password' }, { origin: 'null' }),
      );
      assert.equal(nullOrigin.status, 403);
      const own = await call(
        server,
        '/api/session',
        send('POST', body, { origin: server.url, 'sec-fetch-site': 'same-origin' }),
      );
      assert.equal(own.status, 200, own.text);
    });

    test('hostile bodies get a 4xx naming what is wrong, never a 500', async () => {
      const cases: [string, string | Record<string, unknown>][] = [
        ['empty', ''],
        ['not JSON', '{"email": '],
        ['an array', '[1, 2]'],
        ['null', 'null'],
        ['a number email', { email: 42, password: 'long enough password' }],
        ['an object password', { email: 'a@example.com', password: { $gt: '' } }],
        ['an array email', { email: ['a@example.com'], password: 'long enough password' }],
        ['a missing password', { email: 'a@example.com' }],
        ['a NUL in the email', { email: 'a\u0000b@example.com', password: 'long enough password' }],
        ['a huge email', { email: `${'a'.repeat(5000)}@example.com`, password: 'long enough password' }],
        ['a long password', { email: 'a@example.com', password: 'p'.repeat(5000) }],
      ];
      for (const path of ['/api/session', '/api/session/signup']) {
        for (const [name, body] of cases) {
          const answer = await call(server, path, send('POST', body));
          assert.ok(
            answer.status >= 400 && answer.status < 500,
            `${path} with ${name}: ${answer.status} ${answer.text}`,
          );
          assert.equal(typeof answer.json.error, 'string', `${path} with ${name}`);
        }
        const huge = await call(
          server,
          path,
          send('POST', { email: 'a@example.com', password: 'x'.repeat(1024 * 1024) }),
        );
        assert.equal(huge.status, 413, `${path}: a 1 MiB body`);
      }
      const user = await server.signUp();
      const headers = { cookie: user.cookie, 'x-csrf-token': user.csrfToken };
      for (const body of [
        '[]',
        '{"current": 1, "password": 2}',
        '{"current": "x", "password": ["long enough password"]}',
      ]) {
        const answer = await call(server, '/api/account/password', send('PUT', body, headers));
        assert.equal(answer.status, 400, `${body}: ${answer.text}`);
      }
      const hugePut = await call(
        server,
        '/api/account/password',
        send('PUT', { current: 'x', password: 'y'.repeat(1024 * 1024) }, headers),
      );
      assert.equal(hugePut.status, 413);
      const weirdCookie = await call(server, '/api/session', {
        headers: { cookie: `rowloom_session=${'%'.repeat(5000)}` },
      });
      assert.equal(weirdCookie.status, 401);
    });

    test('unicode: an address and a password outside ASCII sign up and sign in; NFKC-equal passwords match', async () => {
      const email = 'zoë.ñandú@bücher.example';
      const password = 'ｐａｓｓｗｏｒｄ 🔑 ünïcödé';
      const up = await call(server, '/api/session/signup', send('POST', { email, password }));
      assert.equal(up.status, 200, up.text);
      assert.equal((up.json.user as { email: string }).email, email);
      assert.equal((await call(server, '/api/session', send('POST', { email, password }))).status, 200);
      assert.equal(
        (await call(server, '/api/session', send('POST', { email, password: 'password 🔑 ünïcödé' }))).status,
        200,
        'full-width letters are NFKC-equal to ASCII',
      );
    });

    test('a password holding a NUL or only spaces is fine to hash (it is never stored as text)', async () => {
      const user = await server.signUp(undefined, 'pass\u0000word plus');
      assert.equal(
        (await call(server, '/api/session', send('POST', { email: user.email, password: 'pass\u0000word plus' })))
          .status,
        200,
      );
      assert.equal(
        (await call(server, '/api/session', send('POST', { email: user.email, password: 'pass' }))).status,
        401,
      );
    });
  });

  describe(`sign-up policy (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    // Limits count in fixed windows of the clock: no test may straddle a window's end.
    beforeEach(() => startInFreshWindow(FIFTEEN_MINUTES));
    let domains: TestServer;
    let invite: TestServer;
    before(async () => {
      [domains, invite] = await Promise.all([
        startTestServer(newTestDatabase(dialect), {
          signup: { mode: 'domains', domains: ['example.com', 'example.org'], plan: 'silver' },
        }),
        startTestServer(newTestDatabase(dialect), { signup: { mode: 'invite' } }),
      ]);
    });
    after(async () => {
      await domains?.close();
      await invite?.close();
    });

    test('domains: an address at a listed domain signs up (on the configured plan); another gets 403 saying which domains', async () => {
      const ok = await call(
        domains,
        '/api/session/signup',
        send('POST', { email: 'ann@Example.org', password: 'long enough password' }),
      );
      assert.equal(ok.status, 200, ok.text);
      assert.deepEqual(ok.json.user, { email: 'ann@example.org', plan: 'silver', admin: false });
      const refused = await call(
        domains,
        '/api/session/signup',
        send('POST', { email: 'bob@elsewhere.net', password: 'long enough password' }),
      );
      assert.equal(refused.status, 403);
      assert.match(String(refused.json.error), /example\.com, example\.org/);
      assert.match(String(refused.json.error), /elsewhere\.net/);
      const sub = await call(
        domains,
        '/api/session/signup',
        send('POST', { email: 'eve@evil.example.com', password: 'long enough password' }),
      );
      assert.equal(sub.status, 403, 'a subdomain is not the domain');
    });

    test('invite: sign-up is closed with a 403 saying so; accounts made by the administrator still sign in', async () => {
      const refused = await call(
        invite,
        '/api/session/signup',
        send('POST', { email: 'ann@example.com', password: 'long enough password' }),
      );
      assert.equal(refused.status, 403);
      assert.match(String(refused.json.error), /invitation only/);
      assert.deepEqual((await call(invite, '/api/session')).json, {
        error: 'not signed in',
        code: 'unauthorized',
        signup: 'invite',
      });
      const count = await invite.store.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(count.n), 0);
    });
  });

  describe(`behind a reverse proxy (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect), {
        trustProxy: 1,
        accounts: { signInLimit: { perEmailPerClient: 100, perIp: 2, perEmail: 100, windowMs: 15 * 60 * 1000 } },
      });
    });
    after(() => server?.close());

    test('ROWLOOM_TRUST_PROXY=1: the per-address limit counts the client X-Forwarded-For names, not the proxy', async () => {
      const attempt = (client: string) =>
        call(
          server,
          '/api/session',
          send('POST', { email: 'nobody@example.com', password: 'some password' }, { 'x-forwarded-for': client }),
        );
      const first = [];
      for (let i = 0; i < 3; i++) first.push((await attempt('203.0.113.7')).status);
      assert.deepEqual(first, [401, 401, 429]);
      assert.equal((await attempt('203.0.113.8')).status, 401, 'another client has its own allowance');
      assert.equal((await attempt('198.51.100.1, 203.0.113.7')).status, 429, 'only the entry the proxy added counts');
    });
  });

  describe(`the session cookie behind https (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect), { publicUrl: 'https://rowloom.example.com' });
    });
    after(() => server?.close());

    test('is Secure when the public address is https, and the public origin may sign in', async () => {
      const up = await call(
        server,
        '/api/session/signup',
        send(
          'POST',
          { email: 'ann@example.com', password: 'long enough password' },
          { origin: 'https://rowloom.example.com' },
        ),
      );
      assert.equal(up.status, 200, up.text);
      assert.match(sessionCookie(up) ?? '', /;\s*Secure/i);
    });
  });
}
