/**
 * A mock API read by browser code on another origin, as a front end on its own development
 * server calls a public mock: the page's script reads the handler's paging header X-Total and a
 * configured header through CORS, while a header the answer does not expose stays hidden from it.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { insertMock } from '../features/mocks/serve/mock-fixture.js';
import { browserSkip, browserSuite } from './browser.js';

/** The front end's own origin: a second server on loopback (another port is another origin). */
async function startClientOrigin(): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Client</title><h1>Client</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('a public mock fetched cross-origin in a browser', { skip: browserSkip() }, () => {
  const suite = browserSuite();
  let client: { server: Server; url: string };
  before(async () => {
    client = await startClientOrigin();
  });
  after(() => new Promise((resolve) => client.server.close(resolve)));

  test("the page's script reads X-Total and the response's own header; unexposed headers stay hidden", async () => {
    const key = await suite.server.userKey('unlimited');
    await insertMock(suite.server.store.db, key, {
      name: 'Paged Users',
      public: true,
      routes: [
        {
          path: '/users',
          responses: [
            {
              headers: { 'X-Api-Version': '3' },
              body: { type: 'handler', source: "header 'X-Total', 42\n[1, 2]" },
            },
          ],
        },
      ],
    });
    const page = await (await suite.newContext()).newPage();
    await page.goto(`${client.url}/`);
    const mockUrl = `${suite.server.url}/mock/paged-users/users`;
    assert.notEqual(new URL(mockUrl).origin, new URL(page.url()).origin, 'the fetch is cross-origin');
    const read = await page.evaluate(async (url) => {
      const answer = await fetch(url);
      return {
        status: answer.status,
        rows: ((await answer.json()) as unknown[]).length,
        total: answer.headers.get('X-Total'),
        version: answer.headers.get('X-Api-Version'),
        hidden: answer.headers.get('Content-Security-Policy'),
      };
    }, mockUrl);
    assert.deepEqual(read, { status: 200, rows: 2, total: '42', version: '3', hidden: null });
  });
});
