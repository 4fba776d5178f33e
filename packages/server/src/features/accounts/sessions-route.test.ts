/** Signing up, in and out through real HTTP on both databases; the cookie and its CSRF token on the other endpoints. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type SignedUp, type TestServer } from '../../testing/server-fixture.js';
import { createSession } from '../../users/sessions.js';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
}

async function call(server: TestServer, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(server.url + path, init);
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: the test looks at text
  }
  return { status: response.status, headers: response.headers, text, json };
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}): [string, RequestInit] => [
  path,
  { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
];

/** Headers of a cookie-authenticated request, with the CSRF token unless left out. */
const asUser = (user: SignedUp, csrf = true): Record<string, string> => ({
  cookie: user.cookie,
  ...(csrf ? { 'x-csrf-token': user.csrfToken } : {}),
});

function sessionCookie(answer: Answer): string | undefined {
  return answer.headers.getSetCookie().find((c) => c.startsWith('rowloom_session='));
}

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
];

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`sessions (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
    });
    after(() => server?.close());

    test('sign up sets an httpOnly, SameSite=Lax cookie and answers the user and a CSRF token', async () => {
      const answer = await call(
        server,
        ...post('/api/session/signup', { email: 'Ann@Example.com', password: 'correct horse battery' }),
      );
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(answer.json.user, { email: 'ann@example.com', plan: 'free', admin: false });
      assert.equal(typeof answer.json.csrfToken, 'string');
      const cookie = sessionCookie(answer);
      assert.ok(cookie, 'a rowloom_session cookie');
      assert.match(cookie, /HttpOnly/i);
      assert.match(cookie, /SameSite=Lax/i);
      assert.match(cookie, /Path=\//);
      assert.match(cookie, /Max-Age=\d+/);
      assert.doesNotMatch(cookie, /Secure/i, 'not Secure on a plain-http server');
      const session = await call(server, '/api/session', { headers: { cookie: cookie.split(';')[0] } });
      assert.equal(session.status, 200);
      assert.deepEqual(session.json, {
        user: { email: 'ann@example.com', plan: 'free', admin: false },
        csrfToken: answer.json.csrfToken,
      });
    });

    test('sign in with the right password (any case of the email), refused with a wrong one or an unknown email, alike', async () => {
      const user = await server.signUp();
      const ok = await call(
        server,
        ...post('/api/session', { email: user.email.toUpperCase(), password: user.password }),
      );
      assert.equal(ok.status, 200, ok.text);
      assert.equal((ok.json.user as { email: string }).email, user.email);
      const cookie = sessionCookie(ok)!.split(';')[0];
      assert.notEqual(cookie, user.cookie, 'a new session at each sign-in');
      const wrong = await call(server, ...post('/api/session', { email: user.email, password: 'not the password' }));
      assert.equal(wrong.status, 401);
      assert.deepEqual(wrong.json, { error: 'wrong email or password', code: 'unauthorized' });
      assert.equal(sessionCookie(wrong), undefined);
      const unknown = await call(
        server,
        ...post('/api/session', { email: 'nobody@example.com', password: 'whatever it is' }),
      );
      assert.equal(unknown.status, 401);
      assert.deepEqual(unknown.json, wrong.json);
    });

    test('signing in ends the session the browser had (no fixation: a planted token is never adopted)', async () => {
      const user = await server.signUp();
      const again = await call(
        server,
        ...post('/api/session', { email: user.email, password: user.password }, { cookie: user.cookie }),
      );
      assert.equal(again.status, 200);
      assert.equal(
        (await call(server, '/api/session', { headers: { cookie: user.cookie } })).status,
        401,
        'the old session ended',
      );
      const planted = 'rowloom_session=' + 'A'.repeat(43);
      const fresh = await call(
        server,
        ...post('/api/session', { email: user.email, password: user.password }, { cookie: planted }),
      );
      assert.notEqual(sessionCookie(fresh)!.split(';')[0], planted);
    });

    test('sign out deletes the session on the server: the same cookie is refused afterwards', async () => {
      const user = await server.signUp();
      const out = await call(server, '/api/session', { method: 'DELETE', headers: asUser(user) });
      assert.equal(out.status, 200);
      assert.deepEqual(out.json, { success: true });
      assert.match(sessionCookie(out) ?? '', /rowloom_session=;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/i);
      const ended = await call(server, '/api/session', { headers: { cookie: user.cookie } });
      assert.equal(ended.status, 401);
      assert.match(sessionCookie(ended) ?? '', /rowloom_session=;/, 'the dead cookie is cleared');
      const schemas = await call(server, '/api/schemas', { headers: { cookie: user.cookie } });
      assert.equal(schemas.status, 401);
    });

    test('sign out needs the CSRF token (a cookie-authenticated write)', async () => {
      const user = await server.signUp();
      const refused = await call(server, '/api/session', { method: 'DELETE', headers: asUser(user, false) });
      assert.equal(refused.status, 403);
      assert.match(String(refused.json.error), /X-CSRF-Token/);
      assert.equal(
        (await call(server, '/api/session', { headers: { cookie: user.cookie } })).status,
        200,
        'still signed in',
      );
    });

    test('GET /api/session without a cookie: 401 with an error and the sign-up policy', async () => {
      const answer = await call(server, '/api/session');
      assert.equal(answer.status, 401);
      assert.deepEqual(answer.json, { error: 'not signed in', code: 'unauthorized', signup: 'open' });
    });

    test('GET /api/session?optional=true: 200 {signedIn: false} and the policy when signed out; the session when signed in', async () => {
      const answer = await call(server, '/api/session?optional=true');
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json, { signedIn: false, signup: 'open' });
      const user = await server.signUp();
      const session = await call(server, '/api/session?optional=true', { headers: { cookie: user.cookie } });
      assert.equal(session.status, 200);
      assert.equal((session.json.user as { email: string }).email, user.email);
      assert.equal(session.json.csrfToken, user.csrfToken);
      const bad = await call(server, '/api/session?optional=maybe');
      assert.equal(bad.status, 400);
      assert.match(String(bad.json.error), /parameter "optional" must be true or false/);
    });

    test('the session says whether the user is an admin', async () => {
      const user = await server.signUp();
      const before = await call(server, '/api/session', { headers: { cookie: user.cookie } });
      assert.equal((before.json.user as { admin: boolean }).admin, false);
      const email = (before.json.user as { email: string }).email;
      await server.store.db.updateTable('users').set({ is_admin: 1 }).where('email', '=', email).execute();
      const after = await call(server, '/api/session', { headers: { cookie: user.cookie } });
      assert.equal((after.json.user as { admin: boolean }).admin, true);
    });

    test('a session ends 90 days after sign-in however much it is used', async () => {
      const user = await server.signUp();
      const token = user.cookie.split('=')[1];
      const id = createHash('sha256').update(token).digest('hex');
      await server.store.db
        .updateTable('sessions')
        .set({ created_at: new Date(Date.now() - 91 * 86_400_000).toISOString() })
        .where('id', '=', id)
        .execute();
      assert.equal((await call(server, '/api/session', { headers: { cookie: user.cookie } })).status, 401);
    });

    test('a user keeps at most 50 sessions: signing in past that ends the least recently used', async () => {
      const user = await server.signUp();
      const owner = await server.store.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', user.email)
        .executeTakeFirstOrThrow();
      // The first session looks long unused; 55 more sign-ins follow (sessions made directly: hashing 55 passwords adds nothing here).
      await server.store.db
        .updateTable('sessions')
        .set({ last_seen: new Date(Date.now() - 86_400_000).toISOString() })
        .where('user_id', '=', owner.id)
        .execute();
      for (let i = 0; i < 55; i++) await createSession(server.store.db, owner.id);
      const left = await server.store.db.selectFrom('sessions').select('id').where('user_id', '=', owner.id).execute();
      assert.equal(left.length, 50);
      assert.equal(
        (await call(server, '/api/session', { headers: { cookie: user.cookie } })).status,
        401,
        'the oldest went first',
      );
    });

    test('the cookie authenticates generate, schemas, datasets and types; writes need X-CSRF-Token', async () => {
      const user = await server.signUp();
      const types = await call(server, '/api/types', { headers: asUser(user, false) });
      assert.equal(types.status, 200);
      const generateBody = { method: 'POST', body: JSON.stringify({ fields: FIELDS }) };
      const noToken = await call(server, '/api/generate.json?count=3', {
        ...generateBody,
        headers: { ...asUser(user, false), 'content-type': 'application/json' },
      });
      assert.equal(noToken.status, 403);
      assert.match(String(noToken.json.error), /X-CSRF-Token/);
      const badToken = await call(server, '/api/generate.json?count=3', {
        ...generateBody,
        headers: { cookie: user.cookie, 'x-csrf-token': 'x'.repeat(43), 'content-type': 'application/json' },
      });
      assert.equal(badToken.status, 403);
      const generated = await call(server, '/api/generate.json?count=3', {
        ...generateBody,
        headers: { ...asUser(user), 'content-type': 'application/json' },
      });
      assert.equal(generated.status, 200, generated.text);
      assert.equal((JSON.parse(generated.text) as unknown[]).length, 3);

      const saved = await call(server, '/api/schemas/mine', {
        method: 'PUT',
        headers: { ...asUser(user), 'content-type': 'application/json' },
        body: JSON.stringify({ fields: FIELDS, count: 4 }),
      });
      assert.equal(saved.status, 200, saved.text);
      const unsaved = await call(server, '/api/schemas/other', {
        method: 'PUT',
        headers: { ...asUser(user, false), 'content-type': 'application/json' },
        body: JSON.stringify({ fields: FIELDS }),
      });
      assert.equal(unsaved.status, 403);
      const list = await call(server, '/api/schemas', { headers: asUser(user, false) });
      assert.deepEqual(
        (list.json.schemas as { name: string }[]).map((s) => s.name),
        ['mine'],
      );

      const uploaded = await call(server, '/api/datasets/colours', {
        method: 'POST',
        headers: { ...asUser(user), 'content-type': 'text/csv' },
        body: 'colour\nred\nblue\n',
      });
      assert.equal(uploaded.status, 200, uploaded.text);
      const datasets = await call(server, '/api/datasets', { headers: asUser(user, false) });
      assert.equal(datasets.status, 200, datasets.text);
      assert.match(datasets.text, /colours/);
    });

    test('a key wins over the cookie: a bad key is "Invalid API Key" even with a good cookie; a good key needs no CSRF token', async () => {
      const user = await server.signUp();
      const badKey = await call(server, '/api/types?key=nope', { headers: asUser(user) });
      assert.equal(badKey.status, 401);
      assert.deepEqual(badKey.json, { error: 'Invalid API Key', code: 'unauthorized' });
      const key = await server.userKey('unlimited');
      const withKey = await call(server, `/api/generate.json?count=2&key=${key}`, {
        method: 'POST',
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ fields: FIELDS }),
      });
      assert.equal(withKey.status, 200, withKey.text);
      const none = await call(server, '/api/schemas');
      assert.deepEqual(
        none.json,
        { error: 'Invalid API Key', code: 'unauthorized' },
        'no credential at all: the answer client libraries know',
      );
    });

    test("one user cannot see another user's schemas through the cookie", async () => {
      const first = await server.signUp();
      const second = await server.signUp();
      const saved = await call(server, '/api/schemas/secret%20plan', {
        method: 'PUT',
        headers: { ...asUser(first), 'content-type': 'application/json' },
        body: JSON.stringify({ fields: FIELDS }),
      });
      assert.equal(saved.status, 200, saved.text);
      const list = await call(server, '/api/schemas', { headers: asUser(second) });
      assert.deepEqual(list.json.schemas, []);
      const one = await call(server, '/api/schemas/secret%20plan', { headers: asUser(second) });
      assert.equal(one.status, 404);
      const generate = await call(server, '/api/generate.json?schema=secret%20plan', {
        method: 'POST',
        headers: asUser(second),
      });
      assert.ok(generate.status >= 400 && generate.status < 500, generate.text);
    });

    test('an expired session is refused and removed', async () => {
      const user = await server.signUp();
      await server.store.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      assert.equal((await call(server, '/api/session', { headers: { cookie: user.cookie } })).status, 401);
      const generate = await call(server, '/api/types', { headers: { cookie: user.cookie } });
      assert.equal(generate.status, 401);
    });

    test('a session in use slides forward: its expiry moves to 14 days from now, and GET /api/session renews the cookie', async () => {
      const user = await server.signUp();
      const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
      const longAgo = new Date(Date.now() - 10 * 60 * 1000).toISOString();
      await server.store.db.updateTable('sessions').set({ expires_at: soon, last_seen: longAgo }).execute();
      const answer = await call(server, '/api/session', { headers: { cookie: user.cookie } });
      assert.equal(answer.status, 200);
      assert.match(sessionCookie(answer) ?? '', /Max-Age=1209600/);
      const token = user.cookie.split('=')[1];
      const rows = await server.store.db
        .selectFrom('sessions')
        .select(['expires_at', 'last_seen'])
        .where('id', '=', createHash('sha256').update(token).digest('hex'))
        .execute();
      assert.equal(rows.length, 1);
      const days = (Date.parse(rows[0].expires_at) - Date.now()) / 86_400_000;
      assert.ok(days > 13.9 && days <= 14, `expires in ${days} days`);
      assert.ok(Date.parse(rows[0].last_seen) > Date.parse(longAgo));
    });

    test('the session is stored as a hash of the cookie token, never the token itself', async () => {
      const user = await server.signUp();
      const token = user.cookie.split('=')[1];
      const rows = await server.store.db.selectFrom('sessions').select(['id']).execute();
      assert.ok(rows.length > 0);
      assert.ok(rows.every((row) => row.id !== token && /^[0-9a-f]{64}$/.test(row.id)));
    });
  });
}
