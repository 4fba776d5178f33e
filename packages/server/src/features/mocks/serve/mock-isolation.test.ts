/**
 * Which origin serves what, through real HTTP on both databases: with ROWLOOM_MOCK_ORIGIN the
 * app redirects /mock/... there and that host serves nothing but mocks; every name under the
 * mock host suffix serves only its mock API, never the app; reserved names are refused.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../../testing/server-fixture.js';
import type { MockHostNames } from './host-names.js';
import { insertMock } from './mock-fixture.js';
import { fetchAnswer as call, rawRequest } from '../../../testing/http-calls.js';

const SUFFIX = 'mocks.example.test';
const MOCK_ORIGIN = 'http://usercontent.example.net:8443';
const MOCK_HOST = 'usercontent.example.net:8443';
const APP_HOST = 'rowloom.example.org';

function assertSandboxed(label: string, headers: Record<string, unknown>): void {
  assert.equal(headers['content-security-policy'], 'sandbox', `${label}: Content-Security-Policy`);
  assert.equal(headers['x-content-type-options'], 'nosniff', `${label}: X-Content-Type-Options`);
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`mock origins (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, async () => {
    let server: TestServer;
    let key: string;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect), {
        mockHostSuffix: SUFFIX,
        mockOrigin: MOCK_ORIGIN,
        publicUrl: `http://${APP_HOST}`,
      });
      key = await server.userKey('unlimited');
      await insertMock(server.store.db, key, {
        name: 'Echo',
        public: true,
        host: `echo.${SUFFIX}`,
        routes: [
          {
            method: 'POST',
            path: '/echo',
            responses: [
              { status: 201, body: { type: 'handler', source: "{ name: body['name'], page: query['page'] }" } },
            ],
          },
          { path: '/hello', responses: [{ body: { type: 'json', value: 'hello' } }] },
        ],
      });
      await (server.app as unknown as { mockHostNames: MockHostNames }).mockHostNames.refresh();
    });
    after(() => server.close());
    const on = (
      host: string,
      path: string,
      options: { method?: string; headers?: Record<string, string>; body?: string } = {},
    ) => rawRequest(server.url, path, { ...options, headers: { host, ...options.headers } });

    test("on the app's host, /mock/... is redirected to the mock origin: 308 (method and body kept), path and query kept, sandboxed", async () => {
      const body = JSON.stringify({ name: 'Ada' });
      const post = await on(APP_HOST, '/mock/echo/echo?page=2&x=%2F', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      assert.equal(post.status, 308, post.body);
      assert.equal(post.headers.location, `${MOCK_ORIGIN}/mock/echo/echo?page=2&x=%2F`);
      assertSandboxed('redirect', post.headers);
      for (const path of ['/mock', '/mock/', '/mock/echo', '/mock/no-such-api/x']) {
        const answer = await on(APP_HOST, path);
        assert.equal(answer.status, 308, path);
        assert.equal(answer.headers.location, `${MOCK_ORIGIN}${path}`);
      }
      // Where the redirect leads, the same request is served.
      const there = await on(MOCK_HOST, '/mock/echo/echo?page=2', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      assert.equal(there.status, 201, there.body);
      assert.deepEqual(JSON.parse(there.body), { name: 'Ada', page: '2' });
      assertSandboxed('on the mock origin', there.headers);
      // A client that follows redirects gets there too (fetch keeps a 308's method and body).
      const followed = await call(`${server.url}/mock/echo/hello`, { redirect: 'manual' });
      assert.equal(followed.status, 308);
    });

    test("the web page's test panel requests (a header only a script can add) are served in place; anything else is redirected", async () => {
      const script = await on(APP_HOST, '/mock/echo/hello', { headers: { 'x-rowloom-test-panel': '1' } });
      assert.equal(script.status, 200, script.body);
      assert.equal(script.body, '"hello"');
      assertSandboxed('in place', script.headers);
      const navigation = await on(APP_HOST, '/mock/echo/hello', {
        headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      });
      assert.equal(navigation.status, 308);
    });

    test("the mock origin's host serves only mocks: no API, no web page, no OpenAPI document", async () => {
      for (const path of [
        '/',
        '/api/types',
        `/api/types?key=${key}`,
        '/api/session',
        '/api/mocks',
        '/openapi.json',
        '/index.html',
        '/assets/app.js',
        '/health',
        '/schemas',
      ]) {
        const answer = await on(MOCK_HOST, path);
        assert.equal(answer.status, 404, `${path}: ${answer.body.slice(0, 200)}`);
        assert.match(JSON.parse(answer.body).error, /this host serves only mock APIs/);
        assertSandboxed(path, answer.headers);
      }
      assert.equal((await on(MOCK_HOST, '/mock/echo/hello')).body, '"hello"');
      // The app itself is untouched on its own host.
      const types = await on(APP_HOST, `/api/types?key=${key}`);
      assert.equal(types.status, 200);
      assert.match(types.body, /"First Name"/);
    });

    test('a name under the mock host suffix never reaches the app: its mock API, or a 404', async () => {
      assert.equal((await on(`echo.${SUFFIX}`, '/hello')).body, '"hello"');
      for (const host of [`nobody.${SUFFIX}`, `deep.nobody.${SUFFIX}`, `NOBODY.${SUFFIX.toUpperCase()}:80`]) {
        for (const path of ['/', `/api/types?key=${key}`, '/api/session', '/openapi.json', '/mock/echo/hello']) {
          const answer = await on(host, path);
          assert.equal(answer.status, 404, `${host}${path}: ${answer.body.slice(0, 200)}`);
          assert.match(JSON.parse(answer.body).error, /no mock API at host/);
          assertSandboxed(`${host}${path}`, answer.headers);
        }
      }
    });

    test('reserved host names are refused on save and not routed when stored before', async () => {
      for (const host of [`www.${SUFFIX}`, `login.${SUFFIX}`, `admin.team.${SUFFIX}`, `API.${SUFFIX}`]) {
        const refused = await call(`${server.url}/api/mocks?key=${key}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Squat ${host}`, host }),
        });
        assert.equal(refused.status, 400, `${host}: ${refused.text}`);
        assert.match(refused.json.error, /^host may not use the reserved name "(www|login|admin|api)"/);
      }
      const fine = await call(`${server.url}/api/mocks?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Fine name', host: `www-staging.${SUFFIX}` }),
      });
      assert.equal(fine.status, 201, fine.text);
      assert.equal(fine.json.url, `${MOCK_ORIGIN}/mock/fine-name`, "the API's address is on the mock origin");
      await insertMock(server.store.db, key, {
        name: 'Old squatter',
        public: true,
        host: `www.${SUFFIX}`,
        routes: [
          {
            path: '/',
            responses: [{ body: { type: 'text', text: '<form>Sign in</form>', contentType: 'text/html' } }],
          },
        ],
      });
      await (server.app as unknown as { mockHostNames: MockHostNames }).mockHostNames.refresh();
      const squatted = await on(`www.${SUFFIX}`, '/');
      assert.equal(squatted.status, 404, squatted.body);
    });
  });
}
