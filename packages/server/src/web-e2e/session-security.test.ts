/**
 * The session cookie's protections in a real browser (Debian chromium): the page's own fetches
 * sign up and use the cookie (which scripts cannot read), writes need the CSRF token, and another
 * site can neither sign the browser in (login CSRF) nor ride its session with a form post
 * (SameSite=Lax). The "other site" is a page the test serves itself at http://evil.test through
 * the browser's request interception: nothing leaves the machine.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkip, browserSuite } from './browser.js';

const EVIL = 'http://evil.test/';

/** A page at another site with a form posting `body` as text/plain (a "simple" cross-site request) to `target`. */
async function openForeignForm(page: Page, target: string, body: Record<string, string>): Promise<void> {
  // text/plain forms send name=value: a name ending in '"x":"' and a value '"}' make the body JSON.
  const json = JSON.stringify(body);
  const name = json.slice(0, -1) + ',"x":"';
  await page.route(EVIL, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Evil</title><form method="post" enctype="text/plain" action="${target}"><input type="hidden" name='${name}' value='"}'><button>Go</button></form>`,
    }),
  );
  await page.goto(EVIL);
}

describe('session cookie protections in a browser', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('the page signs up with fetch; the cookie is httpOnly; writes need X-CSRF-Token', async () => {
    const page = await suite.open('/');
    const signedUp = await page.evaluate(async () => {
      const response = await fetch('/api/session/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'browser@example.com', password: 'long enough password' }),
      });
      return { status: response.status, body: (await response.json()) as { csrfToken: string } };
    });
    assert.equal(signedUp.status, 200, "the browser's own Origin and Sec-Fetch-Site pass the same-origin rule");
    assert.equal(
      await page.evaluate(() =>
        (globalThis as unknown as { document: { cookie: string } }).document.cookie.includes('rowloom_session'),
      ),
      false,
      'scripts cannot read the cookie',
    );
    const statuses = await page.evaluate(async (csrfToken) => {
      const put = (headers: Record<string, string>) =>
        fetch('/api/schemas/from-browser', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ fields: [{ name: 'id', type: 'Row Number' }] }),
        }).then((r) => r.status);
      return {
        list: (await fetch('/api/schemas')).status,
        withoutToken: await put({}),
        withToken: await put({ 'X-CSRF-Token': csrfToken }),
      };
    }, signedUp.body.csrfToken);
    assert.deepEqual(statuses, { list: 200, withoutToken: 403, withToken: 200 });
  });

  test('another site cannot sign the browser in (login CSRF)', async () => {
    const victim = await suite.server.signUp();
    const context = await suite.newContext();
    const page = await context.newPage();
    await openForeignForm(page, `${suite.server.url}/api/session`, { email: victim.email, password: victim.password });
    const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Go' }).click()]);
    assert.equal(response?.status(), 403);
    assert.match(await page.locator('body').innerText(), /own page/);
    const cookies = await context.cookies(suite.server.url);
    assert.equal(
      cookies.find((c) => c.name === 'rowloom_session'),
      undefined,
      'no session was set',
    );
  });

  test('a form post from another site does not carry the session cookie (SameSite=Lax)', async () => {
    const context = await suite.newContext();
    const page = await context.newPage();
    await page.goto('/');
    const signedUp = await page.evaluate(async () => {
      const response = await fetch('/api/session/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'target@example.com', password: 'long enough password' }),
      });
      return response.status;
    });
    assert.equal(signedUp, 200);
    const cookie = (await context.cookies(suite.server.url)).find((c) => c.name === 'rowloom_session');
    assert.ok(cookie);
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Lax');
    await openForeignForm(page, `${suite.server.url}/api/schemas/planted`, { fields: '[]' } as Record<string, string>);
    const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Go' }).click()]);
    assert.equal(response?.status(), 401, 'the cross-site POST arrived without the cookie');
    await page.goto('/');
    const names = await page.evaluate(async () =>
      ((await (await fetch('/api/schemas')).json()) as { schemas: { name: string }[] }).schemas.map((s) => s.name),
    );
    assert.deepEqual(names, [], 'nothing was saved');
  });
});
