/**
 * The runtime with its neighbours: mock APIs made through POST /api/mocks (validated, ids
 * assigned) served at once, also on their host; the request log read back through the
 * configuration API; and the web interface's page fallback never catching /mock/...
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { DEFAULT_INLINE_POLICY, GenerationPool } from '@rowloom/core';
import { Limiter } from '../../../concurrency/limiter.js';
import { DatasetTexts } from '../../datasets/dataset-texts.js';
import { openStore } from '../../../db/open-database.js';
import { acceptAnyBodyAsText } from '../../../http/body.js';
import { installErrorHandling } from '../../../http/error-handler.js';
import { installWebInterface } from '../../../http/web-interface.js';
import { DEFAULT_PLANS } from '../../../users/plans.js';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../../testing/server-fixture.js';
import { createUser } from '../../../users/users-store.js';
import { MockHostNames } from './host-names.js';
import { insertMock } from './mock-fixture.js';
import { mockRoutes } from './mock-routes.js';
import { RequestLog } from './request-log.js';
import { withHost } from '../../../testing/http-calls.js';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`mock runtime with the configuration API (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    let key: string;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect), { mockHostSuffix: 'example.test' });
      key = await server.userKey();
    });
    after(() => server.close());

    test('created through POST /api/mocks: served at once, on its host too; the log reads back; deleted: gone from its host', async () => {
      const created = await fetch(`${server.url}/api/mocks?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Configured',
          host: 'configured.example.test',
          routes: [
            {
              method: 'GET',
              path: '/hello/:who',
              responses: [{ status: 200, body: { type: 'json', value: { hello: true } } }],
            },
          ],
        }),
      });
      assert.equal(created.status, 201, await created.clone().text());
      const document = (await created.json()) as {
        slug: string;
        routes: { id: string; responses: { id: string }[] }[];
      };
      const served = await fetch(`${server.url}/mock/${document.slug}/hello/you?key=${key}`);
      assert.equal(served.status, 200);
      assert.deepEqual(await served.json(), { hello: true });
      assert.equal(served.headers.get('x-rowloom-mock-route'), document.routes[0].id);
      assert.equal(served.headers.get('x-rowloom-mock-response'), document.routes[0].responses[0].id);
      const hosted = await withHost(server.url, 'configured.example.test', `/hello/there?key=${key}`);
      assert.equal(hosted.status, 200, 'the host table was reloaded right after the save, no wait');
      let log: { path: string; status: number; routeId: string }[] = [];
      for (let i = 0; i < 50 && log.length < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        log = (
          (await (await fetch(`${server.url}/api/mocks/Configured/requests?key=${key}`)).json()) as {
            requests: typeof log;
          }
        ).requests;
      }
      assert.deepEqual(
        log.map((entry) => [entry.path, entry.status, entry.routeId]),
        [
          ['/hello/there', 200, document.routes[0].id],
          ['/hello/you', 200, document.routes[0].id],
        ],
      );
      assert.equal((await fetch(`${server.url}/api/mocks/Configured?key=${key}`, { method: 'DELETE' })).status, 204);
      const gone = await withHost(server.url, 'configured.example.test', `/hello/there?key=${key}`);
      assert.equal(gone.status, 404);
    });
  });
}

describe('the web interface page fallback never catches /mock/...', () => {
  const root = mkdtempSync(join(tmpdir(), 'rowloom-web-'));
  const database = newTestDatabase('sqlite');
  let app: ReturnType<typeof Fastify>;
  let pool: GenerationPool;
  let close: () => Promise<void>;
  before(async () => {
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>page</title>');
    const store = await openStore({ databaseUrl: null, sqliteFile: database.sqliteFile });
    const { key } = await createUser(store.db, 'web@example.com', 'unlimited');
    await insertMock(store.db, key, {
      name: 'Paged',
      public: true,
      routes: [{ path: '/users/:id', responses: [{ body: { type: 'json', value: 'mock' } }] }],
    });
    app = Fastify();
    acceptAnyBodyAsText(app);
    installErrorHandling(app);
    pool = new GenerationPool({ maxThreads: 1 });
    mockRoutes(app, {
      db: store.db,
      plans: DEFAULT_PLANS,
      timeLimitMs: null,
      publicUrl: null,
      sharing: {
        pool,
        limiter: new Limiter({ running: 1, queued: 1, waitMs: 1000, what: 'generations' }),
        stallMs: 10_000,
        inline: DEFAULT_INLINE_POLICY,
        datasetTexts: new DatasetTexts(),
      },
      hosts: new MockHostNames(),
      publicMockRate: 0,
      requestLog: new RequestLog(store.db, app.log),
      proxyPolicy: { hosts: [], publicRecording: false },
    });
    await installWebInterface(app, root);
    await app.ready();
    close = async () => {
      await app.close();
      await pool.close();
      await store.close();
      await database.drop();
      rmSync(root, { recursive: true, force: true });
    };
  });
  after(() => close());

  test('a browser asking for HTML gets the mock at /mock/<slug>/..., JSON 404s at /mock, the page elsewhere', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    const mock = await app.inject({ url: '/mock/paged/users/1', headers: html });
    assert.equal(mock.body, '"mock"');
    const bare = await app.inject({ url: '/mock/paged', headers: html });
    assert.equal(bare.statusCode, 404);
    assert.match(bare.body, /no route of mock API 'Paged' matches GET \//);
    for (const url of ['/mock', '/mock/']) {
      const none = await app.inject({ url, headers: html });
      assert.equal(none.statusCode, 404);
      assert.match(none.json().error, /mock APIs are served at/);
    }
    const page = await app.inject({ url: '/schemas/x', headers: html });
    assert.match(page.body, /<title>page<\/title>/, 'the fallback itself works');
  });
});
