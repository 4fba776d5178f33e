/**
 * The account endpoints with hostile bodies and headers (every JSON shape where a string is
 * expected, huge, NUL, lone surrogates, odd cookies, CSRF tokens and origins), seeded and
 * bounded, on SQLite and PostgreSQL: never a 5xx, every 4xx a JSON {"error"}, and the server
 * still signs people in afterwards.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type SignedUp, type TestServer } from '../../testing/server-fixture.js';
import { call, send } from '../../testing/accounts-http.js';

const HOSTILE_JSON: unknown[] = [
  null,
  true,
  -1,
  1e308,
  0.5,
  '',
  ' ',
  '\u0000',
  'a\u0000b@example.com',
  'x'.repeat(12_000),
  '\ud800',
  '\ud800@example.com',
  'é日本🎲@例え.jp',
  ['a@example.com'],
  { $ne: null },
  {},
  '@',
  'a@',
  '@b',
  'a@b@c',
  'a b@example.com',
  '<script>@x.y',
  "' or 1=1 --@x.y",
  'long enough password',
];
const HOSTILE_HEADER = [
  '',
  'x',
  'a'.repeat(43),
  '%',
  '%zz',
  'é',
  '\u007f',
  'null',
  'http://evil.example',
  'https://127.0.0.1',
  'x'.repeat(4000),
];

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Headers made of printable ASCII only (what fetch can send). */
function headerSafe(text: string): string {
  return [...text].filter((c) => c >= ' ' && c <= '~').join('');
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`account endpoints under hostile input (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    let user: SignedUp;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
      user = await server.signUp();
    });
    after(() => server?.close());

    test('200 seeded requests: never a 5xx, always a JSON error for a 4xx', async () => {
      const random = seeded(12);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
      const routes: [string, string, string[]][] = [
        ['POST', '/api/session', ['email', 'password']],
        ['POST', '/api/session/signup', ['email', 'password']],
        ['PUT', '/api/account/password', ['current', 'password']],
        ['POST', '/api/key', []],
        ['GET', '/api/key', []],
        ['GET', '/api/usage', []],
        ['DELETE', '/api/session', []],
        ['GET', '/api/session', []],
      ];
      for (let i = 0; i < 200; i++) {
        const [method, path, keys] = pick(routes);
        const body: Record<string, unknown> = {};
        for (const key of keys) if (random() < 0.9) body[key] = pick(HOSTILE_JSON);
        const headers: Record<string, string> = {};
        const cookieChoice = random();
        if (cookieChoice < 0.3) headers.cookie = `rowloom_session=${headerSafe(pick(HOSTILE_HEADER))}`;
        if (cookieChoice >= 0.3 && cookieChoice < 0.5) headers.cookie = user.cookie;
        if (random() < 0.3)
          headers['x-csrf-token'] = random() < 0.5 ? user.csrfToken : headerSafe(pick(HOSTILE_HEADER));
        if (random() < 0.2) headers.origin = headerSafe(pick(HOSTILE_HEADER));
        if (random() < 0.1) headers['sec-fetch-site'] = headerSafe(pick(HOSTILE_HEADER));
        const init =
          method === 'GET' || method === 'DELETE'
            ? { method, headers }
            : send(method, random() < 0.1 ? pick(['', '[', '"x"', '{"email":']) : body, headers);
        const answer = await call(server, path, init);
        const where = `#${i} ${method} ${path} ${JSON.stringify(body).slice(0, 200)} ${JSON.stringify(headers).slice(0, 200)}`;
        assert.ok(answer.status < 500, `${where}: ${answer.status} ${answer.text.slice(0, 300)}`);
        if (answer.status >= 400)
          assert.equal(typeof answer.json.error, 'string', `${where}: ${answer.text.slice(0, 300)}`);
      }
      // Still serving: a new user signs up and their cookie works.
      const fresh = await server.signUp();
      assert.equal((await call(server, '/api/usage', { headers: { cookie: fresh.cookie } })).status, 200);
    });
  });
}
