/**
 * Callbacks (webhooks) over real HTTP on both databases: after the answer has gone, after its
 * delay, the mock sends the configured request to a second local server, with the body's
 * placeholders filled from the request (JSON-escaped); callbacks to hosts the operator did not
 * allow, from public mocks, or with unknown placeholders are refused when saved.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../../testing/server-fixture.js';
import { fetchAnswer as call, jsonRequest as json } from '../../../testing/http-calls.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

async function receiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
        at: Date.now(),
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(check: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  assert.fail(`timed out waiting for ${what}`);
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`mock callbacks (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, async () => {
    let server: TestServer;
    let key: string;
    let hook: Awaited<ReturnType<typeof receiver>>;
    const create = (document: unknown) => call(`${server.url}/api/mocks?key=${key}`, json(document));

    before(async () => {
      hook = await receiver();
      server = await startTestServer(newTestDatabase(dialect), { mockProxyHosts: ['127.0.0.1'] });
      key = await server.userKey('unlimited');
    });
    after(async () => {
      await server.close();
      await hook.close();
    });

    test("after the answer and its delay, the callback goes out with the request's values in its body", async () => {
      const created = await create({
        name: 'Payments',
        routes: [
          {
            method: 'POST',
            path: '/payments/:id',
            responses: [
              {
                status: 202,
                body: { type: 'json', value: { accepted: true } },
                callbacks: [
                  {
                    url: `${hook.url}/hooks/payment?source=mock`,
                    delayMs: 300,
                    headers: { 'X-Signature': 'test-signature' },
                    body: '{"id": "{{request.params.id}}", "note": "{{request.body.note}}", "amount": {{request.body.amount}}, "mode": "{{request.query.mode}}", "path": "{{request.path}}", "at": "{{now}}"}',
                  },
                ],
              },
            ],
          },
        ],
      });
      assert.equal(created.status, 201, created.text);
      const sentAt = Date.now();
      const answer = await call(
        `${server.url}/mock/payments/payments/p-9?key=${key}&mode=test`,
        json({ note: 'he said "hi"\n', amount: 12.5 }),
      );
      assert.equal(answer.status, 202);
      const got = await until(
        () => hook.received.find((entry) => entry.url.startsWith('/hooks/payment')),
        'the callback',
      );
      assert.ok(got.at - sentAt >= 300, `it came ${got.at - sentAt} ms after the request, after its delay`);
      assert.equal(got.method, 'POST');
      assert.equal(got.url, '/hooks/payment?source=mock');
      assert.equal(got.headers['x-signature'], 'test-signature');
      assert.equal(got.headers['content-type'], 'application/json');
      const body = JSON.parse(got.body) as Record<string, unknown>;
      assert.deepEqual(
        { ...body, at: undefined },
        {
          id: 'p-9',
          note: 'he said "hi"\n',
          amount: 12.5,
          mode: 'test',
          path: '/payments/p-9',
          at: undefined,
        },
      );
      assert.ok(!Number.isNaN(Date.parse(body.at as string)));
    });

    test('callbacks are refused on save to hosts not allowed, from public mocks, and with unknown placeholders', async () => {
      const route = (callbacks: unknown, extra: object = {}) => ({
        name: 'Bad callbacks',
        ...extra,
        routes: [{ method: 'POST', path: '/x', responses: [{ callbacks }] }],
      });
      const cases: [unknown, RegExp][] = [
        [
          route([{ url: 'http://10.0.0.1/hook' }]),
          /routes\[0\]\.responses\[0\]\.callbacks\[0\]\.url names the host 10\.0\.0\.1, which this server does not proxy to/,
        ],
        [
          route([{ url: `${hook.url}/h`, body: '{{request.bodyy.id}}' }]),
          /callbacks\[0\]\.body \{\{request\.bodyy\.id\}\} reads request\.bodyy/,
        ],
        [
          route([{ url: `${hook.url}/h`, body: '{{ process.env }}' }]),
          /callbacks\[0\]\.body \{\{process\.env\}\} is not a placeholder/,
        ],
        [
          route([{ url: `${hook.url}/h`, headers: { Host: 'evil' } }]),
          /callbacks\[0\]\.headers\.Host is set by the server itself/,
        ],
        [
          route([{ url: `${hook.url}/h` }], { public: true }),
          /routes\[0\]\.responses\[0\]\.callbacks need a private mock API/,
        ],
        [route([{ url: `${hook.url}/h`, delayMs: 60_000 }]), /callbacks\[0\]\.delayMs/],
        [route([1, 2, 3, 4].map(() => ({ url: `${hook.url}/h` }))), /callbacks/],
      ];
      for (const [document, message] of cases) {
        const answer = await create(document);
        assert.equal(answer.status, 400, answer.text);
        assert.match(answer.json.error, message);
      }
    });
  });
}
