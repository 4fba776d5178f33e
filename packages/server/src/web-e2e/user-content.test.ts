/**
 * What users write never runs as the app, in a real browser (Debian chromium): a generate link
 * whose XML output forms an XHTML <script> runs nothing for a signed-in victim who opens it, every
 * answer but the page itself is a sandboxed document, the page keeps to its own Content Security
 * Policy (and works under it), and another site cannot frame the signed-in page.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { PAGE_CSP, SANDBOX_CSP } from '../http/security-headers.js';
import { browserSkip, browserSuite } from './browser.js';

const EVIL = 'http://evil.test/';

/** What the attacker's script does with the victim's session: reads it, then saves a schema with it. */
const PAYLOAD = `window.__ran = true;
fetch('/api/session').then((r) => r.json()).then((s) => fetch('/api/schemas/planted', {
  method: 'PUT', headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
  body: JSON.stringify({ fields: [{ name: 'id', type: 'Row Number' }] }) })).then(() => { window.__done = true; });`;

/** The attack's link: the attacker's own key, an xmlns attribute with the XHTML namespace, the script as the record's text. */
function xhtmlScriptLink(key: string): string {
  const fields = [
    { name: '@xmlns', type: 'Custom List', values: ['http://www.w3.org/1999/xhtml'] },
    { name: '$value', type: 'Custom List', values: [PAYLOAD] },
  ];
  return `/api/generate.xml?key=${key}&count=1&record_element=script&fields=${encodeURIComponent(JSON.stringify(fields))}`;
}

async function victimSchemas(page: Page): Promise<string[]> {
  await page.goto('/');
  return page.evaluate(async () =>
    ((await (await fetch('/api/schemas')).json()) as { schemas: { name: string }[] }).schemas.map((s) => s.name),
  );
}

/** Collects the page's Content Security Policy violations from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const found: string[] = [];
    (globalThis as unknown as { __violations: string[] }).__violations = found;
    const target = (
      globalThis as unknown as {
        document: {
          addEventListener(
            type: string,
            listener: (event: { violatedDirective: string; blockedURI: string }) => void,
          ): void;
        };
      }
    ).document;
    target.addEventListener('securitypolicyviolation', (event) =>
      found.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (globalThis as unknown as { __violations?: string[] }).__violations ?? []);
}

describe('user content never runs as the app', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('a generate.xml link forming an XHTML <script> runs nothing for a signed-in victim', async () => {
    const attackerKey = await suite.server.userKey('free');
    const { page } = await suite.signedIn('/');
    const sessionCookie = async () => (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).sort();
    const cookiesBefore = await sessionCookie();
    const response = await page.goto(xhtmlScriptLink(attackerKey));
    assert.equal(response?.status(), 200);
    assert.equal(response?.headers()['content-security-policy'], SANDBOX_CSP);
    assert.equal(response?.headers()['x-content-type-options'], 'nosniff');
    const body = await response!.text();
    assert.ok(
      body.includes('_xmlns="http://www.w3.org/1999/xhtml"'),
      'the namespace attribute is renamed, not declared',
    );
    await page.waitForLoadState('load');
    assert.equal(
      await page.evaluate(() => (globalThis as unknown as { __ran?: boolean }).__ran ?? false),
      false,
      'the script did not run',
    );
    assert.deepEqual(await sessionCookie(), cookiesBefore, 'no cookie changed');
    assert.deepEqual(await victimSchemas(page), [], "nothing was saved with the victim's session");
  });

  test('every answer but the page is a sandboxed document that is never sniffed', async () => {
    const key = await suite.server.userKey('free');
    const context = await suite.newContext();
    const paths = [
      '/health',
      '/api/types',
      `/api/generate.csv?key=${key}&fields=${encodeURIComponent('[{"name":"a","type":"Row Number"}]')}`,
      '/api/no-such-endpoint?<script>',
      '/images/dummy/10x10.svg',
      '/api/openapi.json',
    ];
    for (const path of paths) {
      const answer = await context.request.get(path);
      assert.equal(answer.headers()['content-security-policy'], SANDBOX_CSP, path);
      assert.equal(answer.headers()['x-content-type-options'], 'nosniff', path);
      assert.equal(answer.headers()['referrer-policy'], 'same-origin', path);
    }
  });

  test('the page has its own policy, works under it, and breaks none of it', async () => {
    const { page } = await suite.signedIn('/');
    const violations = await watchViolations(page);
    const response = await page.goto('/');
    assert.equal(response?.headers()['content-security-policy'], PAGE_CSP);
    assert.equal(response?.headers()['x-frame-options'], 'DENY');
    await page.getByRole('button', { name: 'Formula' }).first().click();
    // The formula editor injects its styles; the preview fetches rows; then the other pages.
    await page.getByRole('dialog').locator('.cm-editor').waitFor();
    await page.keyboard.press('Escape');
    for (const path of ['/datasets', '/mocks', '/account', '/downloads', '/scenarios']) {
      await page.goto(path);
      await page.getByRole('main').waitFor();
    }
    const script = await page.request.get((await page.locator('script[src]').first().getAttribute('src'))!);
    assert.equal(
      script.headers()['content-security-policy'],
      PAGE_CSP,
      'built assets carry the page policy, not the sandbox',
    );
    assert.deepEqual(await violations(), []);
  });

  test('another site cannot frame the signed-in page', async () => {
    const { page } = await suite.signedIn('/');
    await page.route(EVIL, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Evil</title><iframe name="victim" src="${suite.server.url}/account"></iframe>`,
      }),
    );
    // The frame's load event fires either way; a refused frame shows the browser's error page.
    await page.goto(EVIL, { waitUntil: 'load' });
    const frame = page.frames().find((f) => f !== page.mainFrame());
    assert.ok(frame, 'the iframe exists');
    assert.match(
      frame.url(),
      /^chrome-error:/,
      `the account page was refused inside the other site (frame at ${frame.url()})`,
    );
  });
});
