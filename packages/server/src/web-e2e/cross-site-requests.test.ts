/**
 * Other sites riding a signed-in victim's cookie, in a real browser (Debian chromium). The
 * attacker's pages come from a second HTTP listener of the test's own on another loopback
 * origin: as http://localhost:<port> it is another site (cross-site) than the server at
 * http://127.0.0.1:<port>; as http://127.0.0.1:<other port> it is the same site (same host,
 * another port), whose sub-requests SameSite=Lax does not stop. Nothing leaves the machine.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSkip, browserSuite } from './browser.js';

const FIELDS = encodeURIComponent(JSON.stringify([{ name: 'id', type: 'Row Number' }]));

/** The attacker's web server: serves whatever HTML the test put at a path. */
function attackerSite(): {
  pages: Map<string, string>;
  port: () => number;
  start(): Promise<void>;
  stop(): Promise<void>;
} {
  const pages = new Map<string, string>();
  let server: Server | undefined;
  return {
    pages,
    port: () => (server!.address() as AddressInfo).port,
    start: () =>
      new Promise((resolve) => {
        server = createServer((request, response) => {
          const html = pages.get(new URL(request.url ?? '/', 'http://x').pathname);
          response
            .writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' })
            .end(html ?? 'not here');
        });
        server.listen(0, '127.0.0.1', () => resolve());
      }),
    stop: () => new Promise((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

/** The victim's own account, as its page sees it: jobs and today's usage. */
async function victimState(page: Page): Promise<{ downloads: number; requests: number; records: number }> {
  return page.evaluate(async () => {
    const downloads = (await (await fetch('/api/downloads')).json()) as { downloads: unknown[] };
    const usage = (await (await fetch('/api/usage')).json()) as { requests: number; records: number };
    return { downloads: downloads.downloads.length, requests: usage.requests, records: usage.records };
  });
}

/** The status the server answered to the request whose URL contains `part`, from its request log. */
function loggedStatus(lines: string[], part: string): number | undefined {
  const entries = lines.map(
    (line) => JSON.parse(line) as { reqId?: string; req?: { url?: string }; res?: { statusCode?: number } },
  );
  const request = entries.find((entry) => entry.req?.url?.includes(part));
  return entries.find((entry) => entry.reqId === request?.reqId && entry.res)?.res?.statusCode;
}

describe('another site riding the session cookie, in a browser', { skip: browserSkip() }, () => {
  const log: string[] = [];
  const suite = browserSuite({ logLevel: 'info', logStream: { write: (line: string) => void log.push(line) } });
  const attacker = attackerSite();
  before(() => attacker.start());
  after(() => attacker.stop());

  test("a cross-site link to GET /api/generate?background=true (or to charged rows) with the victim's cookie starts no job and charges nothing", async () => {
    const { page } = await suite.signedIn('/');
    const targets = [
      `${suite.server.url}/api/generate.csv?background=true&count=5000&fields=${FIELDS}`,
      `${suite.server.url}/api/generate.json?count=100&fields=${FIELDS}`,
    ];
    attacker.pages.set(
      '/prize',
      `<!doctype html><title>Prize</title>${targets.map((href, i) => `<a id="go${i}" href="${href}">Claim prize ${i}</a>`).join(' ')}`,
    );
    const cross = `http://localhost:${attacker.port()}/prize`;
    for (let i = 0; i < targets.length; i++) {
      await page.goto(cross);
      const [response] = await Promise.all([page.waitForNavigation(), page.click(`#go${i}`)]);
      const sent = await response!.request().allHeaders();
      assert.match(
        sent.cookie ?? '',
        /rowloom_session=/,
        "the browser did send the victim's cookie (a top-level link)",
      );
      assert.equal(sent['sec-fetch-site'], 'cross-site');
      assert.equal(response!.status(), 403, `link ${i}: ${await response!.text()}`);
    }
    await page.goto('/');
    assert.deepEqual(await victimState(page), { downloads: 0, requests: 0, records: 0 });
  });

  test("another site's page cannot write to the victim's project REST mock with the cookie", async () => {
    const { page } = await suite.signedIn('/');
    const tables = [{ name: 'customers', count: 5, fields: [{ name: 'id', type: 'Row Number' }] }];
    const stored = await page.evaluate(async (tables) => {
      const { csrfToken } = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const body = JSON.stringify({ rowloom_project: 1, name: 'mine', tables });
      const headers = { 'content-type': 'application/json', 'x-csrf-token': csrfToken };
      return (await fetch('/api/projects/mine/model', { method: 'PUT', headers, body })).status;
    }, tables);
    assert.equal(stored, 200);
    const url = `${suite.server.url}/api/projects/mine/rest/customers`;
    // A simple request (text/plain: no preflight, the body still JSON) and a JSON one (preflighted).
    attacker.pages.set(
      '/write',
      `<!doctype html><title>Write</title><script>
        window.results = [];
        const send = (init) => fetch(${JSON.stringify(url)}, { credentials: 'include', method: 'POST', ...init })
          .then((r) => r.status, () => 'blocked');
        Promise.all([
          send({ headers: { 'content-type': 'text/plain' }, body: '{"first_name":"evil"}' }),
          send({ headers: { 'content-type': 'application/json' }, body: '{"first_name":"evil"}' }),
        ]).then((r) => { window.results = r; window.done = true; });
      </script>`,
    );
    for (const origin of [`http://localhost:${attacker.port()}`, `http://127.0.0.1:${attacker.port()}`]) {
      await page.goto(`${origin}/write`);
      await page.waitForFunction('window.done === true');
      const results = (await page.evaluate('window.results')) as (number | string)[];
      for (const result of results) assert.ok(result === 'blocked' || result === 403, `${origin}: ${result}`);
    }
    await page.goto('/');
    const total = await page.evaluate(async () =>
      (await fetch('/api/projects/mine/rest/customers')).headers.get('x-total'),
    );
    assert.equal(total, '5', 'nothing was written');
  });

  test("a same-site page loading JSONP with <script src> gets none of the victim's rows", async () => {
    const { page } = await suite.signedIn('/');
    const saved = await page.evaluate(async () => {
      const { csrfToken } = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const body = JSON.stringify({ fields: [{ name: 'code', type: 'Custom List', values: ['victim-secret-4711'] }] });
      return (
        await fetch('/api/schemas/Secret', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
          body,
        })
      ).status;
    });
    assert.equal(saved, 200);
    const src = `${suite.server.url}/api/generate.json?schema=Secret&count=1&preview=true&callback=steal&n=${Date.now()}`;
    attacker.pages.set(
      '/jsonp',
      `<!doctype html><title>Same site</title><script>window.stolen = null; function steal(rows) { window.stolen = rows; }</script>` +
        `<script src="${src}" onload="window.done = 'load'" onerror="window.done = 'error'"></script>`,
    );
    await page.goto(`http://127.0.0.1:${attacker.port()}/jsonp`);
    await page.waitForFunction('window.done !== undefined');
    assert.equal(await page.evaluate('JSON.stringify(window.stolen)'), 'null', 'the callback never ran with rows');
    assert.equal(await page.evaluate('window.done'), 'error', 'no script came back');
    assert.equal(loggedStatus(log, src.slice(src.indexOf('/api/'))), 403, 'the server refused it');
  });
});
