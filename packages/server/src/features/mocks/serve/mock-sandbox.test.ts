/**
 * Nothing a mock's author writes runs as the app or reaches its cookies, through real HTTP on both
 * databases: every answer of the runtime is sandboxed, headers that would weaken that or act on
 * the whole host are refused (on save, and at run time for older documents and handlers), and a
 * mock's cookies are checked and confined to its own path.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../../testing/server-fixture.js';
import { DEFAULT_PLANS } from '../../../users/plans.js';
import type { MockHostNames } from './host-names.js';
import { insertMock, type MockDraft } from './mock-fixture.js';
import { fetchAnswer as call, rawRequest, withHost } from '../../../testing/http-calls.js';

const SUFFIX = 'mocks.example.test';

/** The status line and headers as they came over the socket (a malformed chunk fault breaks any HTTP client). */
function rawHead(url: string, path: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(text.split('\r\n\r\n', 1)[0]));
  });
}

function assertSandboxed(label: string, headers: { get(name: string): string | null }): void {
  assert.equal(headers.get('content-security-policy'), 'sandbox', `${label}: Content-Security-Policy`);
  assert.equal(headers.get('x-content-type-options'), 'nosniff', `${label}: X-Content-Type-Options`);
}

const plain = (headers: Record<string, unknown>) => ({
  get: (name: string) => (headers[name] === undefined ? null : String(headers[name])),
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(
    `mock answers are sandboxed and cannot touch the app's cookies (${dialect})`,
    { skip: await skipUnlessAvailable(dialect) },
    async () => {
      let server: TestServer;
      let key: string;
      before(async () => {
        server = await startTestServer(newTestDatabase(dialect), {
          mockHostSuffix: SUFFIX,
          plans: { ...DEFAULT_PLANS, tiny: { ...DEFAULT_PLANS.free, requestsPerDay: 1, recordsPerDay: 100 } },
        });
        key = await server.userKey('unlimited');
        const schema = await call(`${server.url}/api/schemas/People?key=${key}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify([{ name: 'id', type: 'Row Number' }]),
        });
        assert.equal(schema.status, 200, schema.text);
      });
      after(() => server.close());
      const mock = (draft: MockDraft, owner = key) => insertMock(server.store.db, owner, draft);
      const refreshHosts = () => (server.app as unknown as { mockHostNames: MockHostNames }).mockHostNames.refresh();
      const save = (document: unknown) =>
        call(`${server.url}/api/mocks?key=${key}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(document),
        });

      test('every kind of answer carries Content-Security-Policy: sandbox and nosniff', async () => {
        const html = '<script>parent.postMessage(1, "*")</script>';
        await mock({
          name: 'Everything',
          public: true,
          host: `everything.${SUFFIX}`,
          routes: [
            { path: '/json', responses: [{ body: { type: 'json', value: { ok: true } } }] },
            { path: '/html', responses: [{ body: { type: 'text', text: html, contentType: 'text/html' } }] },
            {
              path: '/handler',
              responses: [{ body: { type: 'handler', source: `header 'Content-Type', 'text/html'\n'${html}'` } }],
            },
            {
              path: '/rows',
              responses: [
                { body: { type: 'schema', schema: 'People', count: 2, format: 'json', array: true, options: {} } },
              ],
            },
            { method: 'ANY', path: '/users', kind: 'crud', crud: { schema: 'People', count: 2, key: 'id' } },
            {
              path: '/down',
              faults: [{ kind: 'status', probability: 1, status: 503 }],
              responses: [{ body: { type: 'json', value: 1 } }],
            },
            {
              path: '/slow',
              faults: [{ kind: 'dribble', probability: 1, chunks: 2, durationMs: 50 }],
              responses: [{ body: { type: 'text', text: html, contentType: 'text/html' } }],
            },
            {
              path: '/broken',
              faults: [{ kind: 'malformed_chunk', probability: 1 }],
              responses: [{ body: { type: 'json', value: 1 } }],
            },
            { path: '/empty-route', responses: [] },
          ],
        });
        await mock({
          name: 'Private one',
          routes: [{ path: '/x', responses: [{ body: { type: 'json', value: 1 } }] }],
        });
        const tinyKey = await server.userKey('tiny');
        await mock(
          { name: 'Tiny budget', routes: [{ path: '/x', responses: [{ body: { type: 'json', value: 1 } }] }] },
          tinyKey,
        );
        await refreshHosts();
        const base = `${server.url}/mock/everything`;
        const cases: [string, string, number, RequestInit?][] = [
          ['literal json', `${base}/json`, 200],
          ['text/html body', `${base}/html`, 200],
          ['handler setting text/html', `${base}/handler`, 200],
          ['schema rows', `${base}/rows`, 200],
          ['crud collection', `${base}/users`, 200],
          ['status fault', `${base}/down`, 503],
          ['dribble fault', `${base}/slow`, 200],
          ['no responses (422)', `${base}/empty-route`, 422],
          ['no such route', `${base}/nothing`, 404],
          ['no such API', `${server.url}/mock/no-such-api/x`, 404],
          ['/mock itself', `${server.url}/mock/`, 404],
          ['private, no key (401)', `${server.url}/mock/private-one/x`, 401],
          [
            'CORS preflight',
            `${base}/json`,
            204,
            { method: 'OPTIONS', headers: { origin: 'http://elsewhere.test', 'access-control-request-method': 'GET' } },
          ],
          ['over the plan (first)', `${server.url}/mock/tiny-budget/x?key=${tinyKey}`, 200],
          ['over the plan (429)', `${server.url}/mock/tiny-budget/x?key=${tinyKey}`, 429],
        ];
        for (const [label, url, status, init] of cases) {
          const answer = await call(url, init);
          assert.equal(answer.status, status, `${label}: ${answer.text.slice(0, 200)}`);
          assertSandboxed(label, answer.headers);
        }
        const hosted = await withHost(server.url, `everything.${SUFFIX}`, '/html');
        assert.equal(hosted.status, 200, hosted.body);
        assertSandboxed('host-routed', plain(hosted.headers));
        const broken = await rawHead(server.url, '/mock/everything/broken');
        assert.match(broken, /^HTTP\/1\.1 200/);
        assert.match(broken, /\r\ncontent-security-policy: sandbox\r\n/i, `malformed chunk fault: ${broken}`);
        assert.match(broken, /\r\nx-content-type-options: nosniff\r\n/i);
      });

      test("a mock cannot send its own CSP, nosniff or host-wide headers: refused on save with the header's place, and 422 at run time for an older document or a handler", async () => {
        for (const name of [
          'Content-Security-Policy',
          'X-Content-Type-Options',
          'Clear-Site-Data',
          'Strict-Transport-Security',
          'NEL',
        ]) {
          const refused = await save({
            name: `Own ${name}`,
            routes: [
              {
                path: '/x',
                responses: [
                  { body: { type: 'json', value: 1 } },
                  { headers: { 'X-Fine': '1', [name]: 'x' }, body: { type: 'json', value: 1 } },
                ],
              },
            ],
          });
          assert.equal(refused.status, 400, `${name}: ${refused.text}`);
          assert.equal(refused.json.details[0].path, `routes[0].responses[1].headers["${name}"]`);
          assert.match(
            refused.json.error,
            new RegExp(
              `^routes\\[0\\]\\.responses\\[1\\]\\.headers\\["${name}"\\] (is set by the mock runtime|acts on the whole host)`,
            ),
          );
        }
        await mock({
          name: 'Older',
          public: true,
          routes: [
            {
              path: '/csp',
              responses: [
                {
                  headers: { 'Content-Security-Policy': "script-src 'unsafe-inline'" },
                  body: { type: 'text', text: '<script>1</script>', contentType: 'text/html' },
                },
              ],
            },
          ],
        });
        const older = await call(`${server.url}/mock/older/csp`);
        assert.equal(older.status, 422, older.text);
        assert.match(
          older.json.error,
          /^routes\[0\]\.responses\[0\]\.headers\["Content-Security-Policy"\] is set by the mock runtime/,
        );
        assertSandboxed('refused at run time', older.headers);
        await mock({
          name: 'Handler CSP',
          public: true,
          routes: [
            {
              path: '/x',
              responses: [
                { body: { type: 'handler', source: "header 'Content-Security-Policy', 'default-src *'\n'<p>hi</p>'" } },
              ],
            },
          ],
        });
        const handler = await call(`${server.url}/mock/handler-csp/x`);
        assert.equal(handler.status, 422, handler.text);
        assert.match(
          handler.json.error,
          /^routes\[0\]\.responses\[0\] \(GET \/x\): the handler's header "Content-Security-Policy" is set by the mock runtime/,
        );
        assertSandboxed('handler refused', handler.headers);
      });

      test("Set-Cookie: Rowloom's names, nameless cookies, Domain and __Host- are refused on save, naming the header", async () => {
        const refusals: [string, RegExp][] = [
          [
            'rowloom_session=attacker-token; Path=/',
            /may not set the cookie "rowloom_session": names beginning with rowloom_ belong to Rowloom/,
          ],
          ['ROWLOOM_SESSION=x', /may not set the cookie "ROWLOOM_SESSION"/],
          ['__Secure-rowloom_session=x; Secure', /may not set the cookie "__Secure-rowloom_session"/],
          [' rowloom_csrf =x', /may not set the cookie "rowloom_csrf"/],
          ['=rowloom_session=x', /must name its cookie/],
          ['rowloom_session', /must name its cookie/],
          ['sid=1; Path=/; Domain=example.test', /may not have a Domain attribute/],
          ['sid=1; domain=', /may not have a Domain attribute/],
          ['__Host-sid=1; Path=/; Secure', /may not set the __Host- cookie "__Host-sid"/],
        ];
        for (const [cookie, reason] of refusals) {
          const refused = await save({
            name: 'Cookies',
            routes: [
              { path: '/login', responses: [{ headers: { 'Set-Cookie': cookie }, body: { type: 'json', value: 1 } }] },
            ],
          });
          assert.equal(refused.status, 400, `${cookie}: ${refused.text}`);
          assert.equal(refused.json.details[0].path, 'routes[0].responses[0].headers["Set-Cookie"]', cookie);
          assert.match(refused.json.error, reason, cookie);
        }
        const allowed = await save({
          name: 'Login mock',
          slug: 'login-mock',
          public: true,
          host: `login-mock.${SUFFIX}`,
          routes: [
            {
              method: 'POST',
              path: '/login',
              responses: [
                {
                  headers: { 'Set-Cookie': 'sid=abc; Path=/; HttpOnly; SameSite=Lax' },
                  body: { type: 'json', value: { ok: true } },
                },
              ],
            },
            {
              method: 'POST',
              path: '/auth/token',
              responses: [
                {
                  headers: { 'set-cookie': 'refresh=r1; Path=/auth; Max-Age=60' },
                  body: { type: 'json', value: { ok: true } },
                },
              ],
            },
            {
              method: 'POST',
              path: '/plain',
              responses: [{ headers: { 'Set-Cookie': 'theme=dark' }, body: { type: 'empty' } }],
            },
          ],
        });
        assert.equal(allowed.status, 201, allowed.text);
        // At /mock/<slug> (an origin mocks share) the path is put under the API's own.
        const login = await call(`${server.url}/mock/login-mock/login`, { method: 'POST' });
        assert.deepEqual(login.headers.getSetCookie(), ['sid=abc; HttpOnly; SameSite=Lax; Path=/mock/login-mock']);
        assert.deepEqual(
          (await call(`${server.url}/mock/login-mock/auth/token`, { method: 'POST' })).headers.getSetCookie(),
          ['refresh=r1; Max-Age=60; Path=/mock/login-mock/auth'],
        );
        assert.deepEqual(
          (await call(`${server.url}/mock/login-mock/plain`, { method: 'POST' })).headers.getSetCookie(),
          ['theme=dark; Path=/mock/login-mock'],
        );
        // On its own host name the cookie is the host's: its path is kept.
        const hosted = await rawRequest(server.url, '/login', {
          method: 'POST',
          headers: { host: `login-mock.${SUFFIX}` },
        });
        assert.deepEqual(hosted.headers['set-cookie'], ['sid=abc; Path=/; HttpOnly; SameSite=Lax']);
      });

      test("Set-Cookie at run time: an older document or a handler setting Rowloom's cookie gets a 422 and no cookie; a handler's own cookie is confined", async () => {
        await mock({
          name: 'Old cookie',
          public: true,
          routes: [
            {
              path: '/x',
              responses: [
                {
                  headers: { 'Set-Cookie': 'rowloom_session=attacker-token; Path=/' },
                  body: { type: 'json', value: 1 },
                },
              ],
            },
          ],
        });
        const old = await call(`${server.url}/mock/old-cookie/x`);
        assert.equal(old.status, 422, old.text);
        assert.match(
          old.json.error,
          /^routes\[0\]\.responses\[0\]\.headers\["Set-Cookie"\] may not set the cookie "rowloom_session"/,
        );
        assert.deepEqual(old.headers.getSetCookie(), []);
        await mock({
          name: 'Handler cookies',
          public: true,
          routes: [
            {
              path: '/steal',
              responses: [
                {
                  body: {
                    type: 'handler',
                    source: "header 'Set-Cookie', 'rowloom_' + 'session=attacker-token; Path=/'\n{ ok: true }",
                  },
                },
              ],
            },
            {
              path: '/wide',
              responses: [
                {
                  body: { type: 'handler', source: "header 'set-cookie', 'sid=1; Domain=' + query['d']\n{ ok: true }" },
                },
              ],
            },
            {
              path: '/own',
              responses: [
                {
                  body: {
                    type: 'handler',
                    source: "header 'Set-Cookie', 'sid=' + request_number.to_s + '; Path=/'\n{ ok: true }",
                  },
                },
              ],
            },
          ],
        });
        const steal = await call(`${server.url}/mock/handler-cookies/steal`);
        assert.equal(steal.status, 422, steal.text);
        assert.match(
          steal.json.error,
          /^routes\[0\]\.responses\[0\] \(GET \/steal\): the handler's header "Set-Cookie" may not set the cookie "rowloom_session"/,
        );
        assert.deepEqual(steal.headers.getSetCookie(), []);
        const wide = await call(`${server.url}/mock/handler-cookies/wide?d=example.test`);
        assert.equal(wide.status, 422, wide.text);
        assert.match(wide.json.error, /handler's header "set-cookie" may not have a Domain attribute/);
        const own = await call(`${server.url}/mock/handler-cookies/own`);
        assert.equal(own.status, 200, own.text);
        assert.deepEqual(own.headers.getSetCookie(), ['sid=1; Path=/mock/handler-cookies']);
      });
    },
  );
}
