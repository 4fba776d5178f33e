/**
 * Proxy, record and replay over real HTTP on both databases, against a second local server as
 * the real back end: unmatched requests go through with the caller's own credentials only,
 * recorded answers are served offline afterwards, what a route cannot hold is said, slow or huge
 * back ends are cut off with a 502 naming them, and only hosts the operator allows are reached.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../../testing/server-fixture.js';
import { fetchAnswer as call, jsonRequest as json } from '../../../testing/http-calls.js';

interface BackEnd {
  url: string;
  hits: IncomingMessage[];
  close(): Promise<void>;
}

/** The "real API": users by id, a PNG, a slow and a huge answer, and a header echo. */
async function backEnd(): Promise<BackEnd> {
  const hits: IncomingMessage[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request);
    const path = request.url ?? '';
    if (path.startsWith('/v1/users/')) {
      const id = Number(path.split('/')[3].split('?')[0]);
      response.writeHead(200, {
        'content-type': 'application/json',
        'x-total': '42',
        'set-cookie': 'sid=1',
        date: 'x',
      });
      response.end(JSON.stringify({ id, name: `user ${id}`, query: path.split('?')[1] ?? '' }));
    } else if (path === '/v1/logo.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
    } else if (path === '/v1/slow') {
      setTimeout(() => response.end('late'), 3000);
    } else if (path === '/v1/huge') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(1024 * 1024, 97);
      let sent = 0;
      const more = () => {
        while (sent < 20 && response.write(chunk)) sent++;
        if (sent < 20) response.once('drain', more);
        else response.end();
      };
      more();
    } else if (path === '/v1/echo') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ headers: request.headers, url: request.url }));
    } else {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"no such thing"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`mock proxy, record and replay (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, async () => {
    let server: TestServer;
    let key: string;
    let upstream: BackEnd;
    const create = (document: unknown) => call(`${server.url}/api/mocks?key=${key}`, json(document));

    before(async () => {
      upstream = await backEnd();
      server = await startTestServer(newTestDatabase(dialect), { mockProxyHosts: ['127.0.0.1'] });
      key = await server.userKey('unlimited');
    });
    after(async () => {
      await server.close();
      await upstream.close();
    });

    test("unmatched requests go to the back end with the caller's own credentials only; routes still answer", async () => {
      const created = await create({
        name: 'Passing',
        proxy: { url: upstream.url },
        routes: [{ path: '/users/7', responses: [{ body: { type: 'json', value: { mocked: true } } }] }],
      });
      assert.equal(created.status, 201, created.text);
      const mock = `${server.url}/mock/passing`;
      assert.deepEqual((await call(`${mock}/users/7?key=${key}`)).json, { mocked: true });
      const proxied = await call(`${mock}/users/3?key=${key}&page=2&page=3`);
      assert.equal(proxied.status, 200);
      assert.deepEqual(proxied.json, { id: 3, name: 'user 3', query: 'page=2&page=3' });
      assert.equal(proxied.headers.get('x-total'), '42');
      assert.equal(proxied.headers.get('set-cookie'), null, "the back end's cookies are not passed on");
      assert.equal(proxied.headers.get('x-rowloom-proxied'), 'true');
      assert.equal(proxied.headers.get('content-security-policy'), 'sandbox');

      const echo = await call(`${mock}/echo`, {
        headers: { 'x-api-key': key, authorization: 'Bearer upstream-token', cookie: 'rowloom_session=secret' },
      });
      const seen = echo.json as { headers: Record<string, string>; url: string };
      assert.equal(seen.headers.authorization, 'Bearer upstream-token');
      assert.equal(seen.headers['x-api-key'], undefined, "Rowloom's key stays here");
      assert.equal(seen.headers.cookie, undefined);
      assert.equal(seen.url, '/v1/echo');
      assert.equal((await call(`${mock}/nothing?key=${key}`)).status, 404, "the back end's own 404 comes back");
    });

    test('with record, each answer becomes a route and is replayed with the back end gone', async () => {
      const created = await create({ name: 'Recorder', proxy: { url: upstream.url, record: true }, routes: [] });
      assert.equal(created.status, 201, created.text);
      const mock = `${server.url}/mock/recorder`;
      const first = await call(`${mock}/users/5?key=${key}`);
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('x-rowloom-not-recorded'), null);
      const before = upstream.hits.length;
      const again = await call(`${mock}/users/5?key=${key}`);
      assert.equal(upstream.hits.length, before, 'answered by the recorded route');
      assert.deepEqual(again.json, first.json);
      assert.equal(again.headers.get('x-total'), '42');
      assert.equal(again.headers.get('x-rowloom-proxied'), null);

      const png = await call(`${mock}/logo.png?key=${key}`);
      assert.equal(png.status, 200);
      assert.match(png.headers.get('x-rowloom-not-recorded') ?? '', /not text \(content type image\/png\)/);

      const stored = (await call(`${server.url}/api/mocks/Recorder?key=${key}`)).json as {
        routes: {
          method: string;
          path: string;
          description: string;
          responses: { status: number; headers: Record<string, string> }[];
        }[];
      };
      assert.equal(stored.routes.length, 1);
      assert.equal(stored.routes[0].method, 'GET');
      assert.equal(stored.routes[0].path, '/users/5');
      assert.match(stored.routes[0].description, /^recorded from GET http:\/\/127\.0\.0\.1:\d+\/v1\/users\/5/);
      assert.deepEqual(stored.routes[0].responses[0].headers, { 'x-total': '42' });

      // Concurrent first requests for new paths: every one is recorded, none lost.
      await Promise.all([10, 11, 12, 13, 14, 15].map((id) => call(`${mock}/users/${id}?key=${key}`)));
      const after = (await call(`${server.url}/api/mocks/Recorder?key=${key}`)).json as { routes: { path: string }[] };
      assert.deepEqual(after.routes.map((route) => route.path).sort(), [
        '/users/10',
        '/users/11',
        '/users/12',
        '/users/13',
        '/users/14',
        '/users/15',
        '/users/5',
      ]);

      // Offline: the back end is gone; what was recorded still answers, the rest is a 502 naming it.
      const gone = await backEnd();
      await gone.close();
      const recorded = (await call(`${server.url}/api/mocks/Recorder?key=${key}`)).json as Record<string, unknown>;
      const offline = await call(
        `${server.url}/api/mocks/Recorder?key=${key}`,
        json({ ...recorded, proxy: { url: gone.url, record: true } }, 'PUT'),
      );
      assert.equal(offline.status, 200, offline.text);
      assert.deepEqual((await call(`${mock}/users/12?key=${key}`)).json, { id: 12, name: 'user 12', query: '' });
      const unreachable = await call(`${mock}/users/99?key=${key}`);
      assert.equal(unreachable.status, 502);
      assert.match(
        unreachable.json.error,
        /the back end http:\/\/127\.0\.0\.1:\d+\/v1\/users\/99 could not be reached: ECONNREFUSED/,
      );
    });

    test('a back end that is too slow or answers too much is cut off with a 502', async () => {
      const created = await create({ name: 'Cut off', proxy: { url: upstream.url, timeoutMs: 500 }, routes: [] });
      assert.equal(created.status, 201, created.text);
      const started = performance.now();
      const slow = await call(`${server.url}/mock/cut-off/slow?key=${key}`);
      assert.equal(slow.status, 502);
      assert.match(slow.json.error, /no answer within 500 ms/);
      assert.ok(performance.now() - started < 2500);
      const huge = await call(`${server.url}/mock/cut-off/huge?key=${key}`);
      assert.equal(huge.status, 502);
      assert.match(huge.json.error, /over 8388608 bytes/);
    });

    test('only allowed hosts, no credentials in the URL, and no recording on a public mock', async () => {
      const cases: [unknown, RegExp][] = [
        [
          { url: 'http://169.254.169.254/latest' },
          /proxy\.url names the host 169\.254\.169\.254, which this server does not proxy to; allowed: 127\.0\.0\.1/,
        ],
        [{ url: 'http://user:pw@127.0.0.1/' }, /proxy\.url must not carry a user name or password/],
        [{ url: 'ftp://127.0.0.1/' }, /proxy\.url must be http or https/],
        [{ url: 'http://127.0.0.1/?a=1' }, /proxy\.url must not have a query/],
        [{ url: 'not a url' }, /proxy\.url must be an absolute http\(s\) URL/],
      ];
      for (const [proxy, message] of cases) {
        const answer = await create({ name: 'Bad proxy', proxy, routes: [] });
        assert.equal(answer.status, 400, answer.text);
        assert.match(answer.json.error, message);
      }
      const publicRecording = await create({
        name: 'Bad proxy',
        public: true,
        proxy: { url: upstream.url, record: true },
      });
      assert.equal(publicRecording.status, 400);
      assert.match(publicRecording.json.error, /proxy\.record needs a private mock API/);

      const closed = await startTestServer(newTestDatabase(dialect));
      try {
        const other = await closed.userKey('unlimited');
        const answer = await call(
          `${closed.url}/api/mocks?key=${other}`,
          json({ name: 'X', proxy: { url: upstream.url } }),
        );
        assert.equal(answer.status, 400);
        assert.match(
          answer.json.error,
          /this server sends mock requests to no back end \(its operator sets ROWLOOM_MOCK_PROXY_HOSTS\)/,
        );
      } finally {
        await closed.close();
      }
    });
  });
}
