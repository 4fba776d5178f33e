/** The page is served at / and under its own routes, the API keeps its JSON 404s, and a browser renders it. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserSkip, browserSuite } from './browser.js';
import { serverForSuite } from '../testing/server-fixture.js';

describe('the web interface is served by the server', () => {
  const suite = serverForSuite('sqlite');

  test('GET / and the page routes answer the page; assets are cached for a year', async () => {
    for (const path of ['/', '/schemas/My%20Orders', '/datasets']) {
      const response = await fetch(suite.server.url + path, { headers: { accept: 'text/html' } });
      assert.equal(response.status, 200, path);
      const html = await response.text();
      assert.match(html, /<div id="root">/, path);
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html);
      assert.ok(asset, 'the page loads its script from /assets');
      const script = await fetch(suite.server.url + asset[1]);
      // Read whole: an unread body holds its connection open, and closing the server then waited
      // for the connection to time out (30 to 74 s of every run).
      await script.arrayBuffer();
      assert.equal(script.status, 200);
      assert.match(script.headers.get('cache-control') ?? '', /max-age=31536000/);
    }
  });

  test('the API and non-page requests keep their JSON 404', async () => {
    for (const [path, accept] of [
      ['/api/nothing', 'text/html'],
      ['/nothing', 'application/json'],
    ]) {
      const response = await fetch(suite.server.url + path, { headers: { accept } });
      assert.equal(response.status, 404, path);
      assert.match(((await response.json()) as { error: string }).error, /no such endpoint/);
    }
  });
});

describe('the page in a real browser', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('the page loads its main script compressed, in a coding the browser asked for, and runs it', async (t) => {
    const page = await (await suite.newContext()).newPage();
    const script = page.waitForResponse((response) => /\/assets\/index-[^/]+\.js$/.test(response.url()));
    await page.goto('/');
    const response = await script;
    const accepted = (await response.request().allHeaders())['accept-encoding'] ?? '';
    const encoding = (await response.allHeaders())['content-encoding'] ?? '';
    t.diagnostic(`Accept-Encoding "${accepted}", Content-Encoding "${encoding}"`);
    assert.match(encoding, /^(br|gzip)$/, `Content-Encoding "${encoding}" for Accept-Encoding "${accepted}"`);
    assert.ok(accepted.split(/,\s*/).includes(encoding), `"${encoding}" is one of "${accepted}"`);
    // The decoded script ran: the page routed itself to its sign-in form.
    await page.waitForURL(/\/signin/);
    await page
      .getByRole('button', { name: /sign in/i })
      .first()
      .waitFor();
  });

  test('a visitor who is not signed in is taken to the sign-in page', async () => {
    const page = await suite.open('/');
    await page.waitForURL(/\/signin/);
    assert.equal(await page.title(), 'Rowloom');
  });

  test('the navigation marks the page shown: Schema for the builder, also with a saved schema open', async () => {
    const { page } = await suite.signedIn('/schemas/Orders');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Schema', exact: true }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Schema', exact: true }).getAttribute('aria-current'), 'page');
    assert.equal(await nav.getByRole('link', { name: 'Schemas', exact: true }).getAttribute('aria-current'), null);
    await nav.getByRole('link', { name: 'Schemas', exact: true }).click();
    await page.waitForURL(/\/schemas$/);
    assert.equal(await nav.getByRole('link', { name: 'Schemas', exact: true }).getAttribute('aria-current'), 'page');
    assert.equal(await nav.getByRole('link', { name: 'Schema', exact: true }).getAttribute('aria-current'), null);
  });
});
