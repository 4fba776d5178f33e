/**
 * Mock APIs are user content: in a real browser (Debian chromium), a signed-in victim who opens an
 * attacker's public mock runs none of its script and keeps their own session, whatever cookie the
 * mock sends; with ROWLOOM_MOCK_ORIGIN the app sends /mock/... to that origin, which serves
 * nothing of the app, while the mocks page's test panel keeps working. The host names app.test
 * and mocks.test are mapped to the test server by chromium's host resolver rules.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { insertMock } from '../features/mocks/serve/mock-fixture.js';
import { serverForSuite, type TestServer } from '../testing/server-fixture.js';
import { fetchAnswer as call } from '../testing/http-calls.js';
import { browserSkip, browserSuite, launchBrowser } from './browser.js';

/** What the attacker's page would do with the victim's session: read it, and post it to a mock whose log the attacker reads. */
const STEALING_PAGE = `<!doctype html><title>Gift</title><h1>A gift for you</h1>
<script>
window.__mockScriptRan = true;
fetch('/api/session').then((r) => r.text()).then((text) => fetch('/mock/collector/collect', { method: 'POST', body: text }));
</script>`;

interface LogEntry {
  body: string | null;
}

/** Saves the attacker's two public mocks through the API: the page, and the collector that logs what is posted to it. */
async function plantAttack(server: TestServer, attackerKey: string): Promise<void> {
  const save = (document: unknown) =>
    call(`${server.url}/api/mocks?key=${attackerKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(document),
    });
  const collector = await save({
    name: 'Collector',
    public: true,
    routes: [{ method: 'POST', path: '/collect', responses: [{ body: { type: 'json', value: 'thanks' } }] }],
  });
  assert.equal(collector.status, 201, collector.text);
  const gift = await save({
    name: 'Free gift',
    public: true,
    routes: [
      {
        path: '/gift',
        responses: [{ body: { type: 'text', text: STEALING_PAGE, contentType: 'text/html; charset=utf-8' } }],
      },
    ],
  });
  assert.equal(gift.status, 201, gift.text);
}

async function collected(server: TestServer, attackerKey: string): Promise<LogEntry[]> {
  return (await call(`${server.url}/api/mocks/Collector/requests?key=${attackerKey}`)).json.requests as LogEntry[];
}

/** Opens the attacker's page, waits for it to render, and gives a script (if one ran) time to post. */
async function openGift(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { name: 'A gift for you' }).waitFor();
  // A grace period for the script's two fetches, were it running; not a timing under test.
  await page.waitForTimeout(1500);
}

const sessionCookie = async (context: BrowserContext, url: string) =>
  (await context.cookies(url)).find((cookie) => cookie.name === 'rowloom_session')?.value;

/** Who the page's own session says it is. */
async function signedInAs(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/session');
    return answer.status === 200 ? ((await answer.json()) as { user: { email: string } }).user.email : null;
  });
}

describe("mock content in a browser, on the app's origin", { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('a signed-in victim opening a public text/html mock: no script runs, nothing reaches the attacker, the session cookie is unchanged', async () => {
    const attackerKey = await suite.server.userKey('unlimited');
    await plantAttack(suite.server, attackerKey);
    const { page, email } = await suite.signedIn('/');
    const before = await sessionCookie(page.context(), suite.server.url);
    assert.ok(before, 'the victim is signed in');
    await openGift(page, '/mock/free-gift/gift');
    assert.equal(
      await page.evaluate(() => (globalThis as { __mockScriptRan?: boolean }).__mockScriptRan),
      undefined,
      "the mock's script did not run",
    );
    assert.deepEqual(await collected(suite.server, attackerKey), [], "nothing was posted to the attacker's collector");
    assert.equal(await sessionCookie(page.context(), suite.server.url), before);
    await page.goto('/');
    assert.equal(await signedInAs(page), email);
  });

  test("a mock sending Set-Cookie: rowloom_session=<the attacker's token> does not change whose session the victim has; a login mock's own cookie stays on its path", async () => {
    const attacker = await suite.server.signUp();
    const attackerKey = await suite.server.userKey('unlimited');
    const trap = {
      name: 'Session trap',
      public: true,
      routes: [
        {
          path: '/login',
          responses: [
            {
              headers: { 'Set-Cookie': `${attacker.cookie}; Path=/; HttpOnly` },
              body: { type: 'text' as const, text: '<h1>Welcome</h1>', contentType: 'text/html' },
            },
          ],
        },
      ],
    };
    const refused = await call(`${suite.server.url}/api/mocks?key=${attackerKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(trap),
    });
    assert.equal(refused.status, 400, 'refused on save');
    assert.match(refused.json.error, /headers\["Set-Cookie"\] may not set the cookie "rowloom_session"/);
    // As if saved before the rule existed: the runtime refuses it too.
    await insertMock(suite.server.store.db, attackerKey, trap);
    const login = await call(`${suite.server.url}/api/mocks?key=${attackerKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Login mock',
        public: true,
        routes: [
          {
            path: '/login',
            responses: [
              {
                headers: { 'Set-Cookie': 'sid=mock-session; Path=/; HttpOnly' },
                body: { type: 'json', value: { ok: true } },
              },
            ],
          },
        ],
      }),
    });
    assert.equal(login.status, 201, login.text);

    const { page, email } = await suite.signedIn('/');
    const context = page.context();
    const before = await sessionCookie(context, suite.server.url);
    const answer = await page.goto('/mock/session-trap/login');
    assert.equal(answer?.status(), 422);
    assert.equal(await sessionCookie(context, suite.server.url), before, "the victim's session cookie is unchanged");
    assert.equal((await page.goto('/mock/login-mock/login'))?.status(), 200);
    const sid = (await context.cookies(suite.server.url + '/mock/login-mock/login')).find(
      (cookie) => cookie.name === 'sid',
    );
    assert.equal(sid?.path, '/mock/login-mock', "the mock's cookie is confined to the mock");
    assert.equal(
      (await context.cookies(`${suite.server.url}/api/session`)).some((cookie) => cookie.name === 'sid'),
      false,
      'and not sent to the app',
    );
    await page.goto('/');
    assert.equal(await signedInAs(page), email, 'the victim is still themselves');
    assert.notEqual(email, attacker.email);
  });

  test('the request log view shows a cut body flagged and credentials redacted', async () => {
    const { page } = await suite.signedIn('/');
    const csrfToken = ((await (await page.request.get('/api/session')).json()) as { csrfToken: string }).csrfToken;
    const created = await page.request.post('/api/mocks', {
      headers: { 'X-CSRF-Token': csrfToken },
      data: {
        name: 'Inbox',
        public: true,
        routes: [{ method: 'POST', path: '/in', responses: [{ body: { type: 'json', value: 1 } }] }],
      },
    });
    assert.equal(created.status(), 201, await created.text());
    const sent = await page.request.post('/mock/inbox/in', {
      headers: { authorization: 'Bearer sk_live_secret_value' },
      data: 'x'.repeat(20_000),
    });
    assert.equal(sent.status(), 200);
    await page.goto('/mocks/Inbox');
    const log = page.getByRole('table', { name: 'Requests, newest first' });
    await log.getByRole('button', { name: /\/in/ }).click();
    await log.getByText('cut: only its first 8 KiB were kept').waitFor();
    await log.getByText('Bearer [redacted]').waitFor();
    assert.doesNotMatch(await log.innerText(), /sk_live_secret_value/);
  });
});

describe('mocks on an origin of their own (ROWLOOM_MOCK_ORIGIN) in a browser', { skip: browserSkip() }, () => {
  const APP = 'http://app.test';
  const MOCKS = 'http://mocks.test';
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  // Registered before the server's hooks, so the browser closes first.
  after(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
  });
  const suite = serverForSuite('sqlite', { publicUrl: APP, mockOrigin: MOCKS });
  before(async () => {
    browser = await launchBrowser([`--host-resolver-rules=MAP *.test 127.0.0.1:${new URL(suite.server.url).port}`]);
  });

  /** A new user signed up through the page at APP, with the page open there. */
  async function victim(): Promise<{ page: Page; context: BrowserContext; email: string }> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${APP}/`);
    const email = `victim-${Date.now()}@example.com`;
    const status = await page.evaluate(
      async (address) =>
        (
          await fetch('/api/session/signup', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: address, password: 'correct horse battery staple' }),
          })
        ).status,
      email,
    );
    assert.equal(status, 200);
    return { page, context, email };
  }

  test("a link to /mock/... on the app lands on the mock origin, without the app's cookie, and runs nothing", async () => {
    await plantAttack(suite.server, suite.key);
    const { page, context, email } = await victim();
    const before = await sessionCookie(context, APP);
    assert.ok(before);
    await openGift(page, `${APP}/mock/free-gift/gift?from=mail`);
    assert.equal(page.url(), `${MOCKS}/mock/free-gift/gift?from=mail`);
    assert.equal(await page.evaluate(() => (globalThis as { __mockScriptRan?: boolean }).__mockScriptRan), undefined);
    assert.deepEqual(await collected(suite.server, suite.key), []);
    assert.equal(await sessionCookie(context, MOCKS), undefined, "the mock origin never holds the app's cookie");
    assert.equal(await sessionCookie(context, APP), before);
    await page.goto(`${APP}/`);
    assert.equal(await signedInAs(page), email);
  });

  test('the mock origin serves no page, API or file of the app', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    for (const path of ['/', '/mocks', '/api/session', '/api/types', '/openapi.json']) {
      const answer = await page.goto(`${MOCKS}${path}`);
      assert.equal(answer?.status(), 404, path);
      assert.match(await page.locator('body').innerText(), /this host serves only mock APIs/, path);
    }
  });

  test("the mocks page's test panel still reaches a private mock with the session", async () => {
    const { page } = await victim();
    // Through the page (the browser resolves app.test; the test's own HTTP client does not).
    const created = await page.evaluate(async () => {
      const { csrfToken } = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const document = {
        name: 'Mine',
        routes: [
          { method: 'GET', path: '/ping', responses: [{ status: 200, body: { type: 'json', value: { pong: true } } }] },
        ],
      };
      const answer = await fetch('/api/mocks', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-CSRF-Token': csrfToken },
        body: JSON.stringify(document),
      });
      return { status: answer.status, url: ((await answer.json()) as { url: string }).url };
    });
    assert.deepEqual(created, { status: 201, url: `${MOCKS}/mock/mine` });
    await page.goto(`${APP}/mocks/Mine`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.test-outcome .status-pill', { hasText: /^200\b/ }).waitFor();
    assert.deepEqual(JSON.parse((await page.getByLabel('Response body').textContent()) ?? ''), { pong: true });
  });
});
