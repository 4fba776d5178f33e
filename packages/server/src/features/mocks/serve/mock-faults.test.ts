/**
 * Faults and latency as a client sees them, through real HTTP. Statistical checks have
 * tolerances that fail by chance with probability below 1e-6.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { skipUnlessAvailable } from '../../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../../testing/server-fixture.js';
import { insertMock, type MockDraft } from './mock-fixture.js';
import { binomialBounds } from './statistics.js';

/** node:http's view: status and body, or the error code the client reported. */
function rawGet(url: string): Promise<{ status?: number; body?: string; error?: string; chunks: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    let chunks = 0;
    const req = httpRequest(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        chunks++;
        body += chunk;
      });
      res.on('error', (error: NodeJS.ErrnoException) =>
        resolve({
          status: res.statusCode,
          error: error.code ?? error.message,
          chunks,
          ms: performance.now() - started,
        }),
      );
      res.on('end', () => resolve({ status: res.statusCode, body, chunks, ms: performance.now() - started }));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, chunks, ms: performance.now() - started }),
    );
    req.end();
  });
}

/** undici fetch's view: the status, or the cause's code when fetch (or reading the body) fails. */
async function fetchOutcome(url: string): Promise<{ status?: number; text?: string; error?: string }> {
  try {
    const response = await fetch(url);
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { error: cause?.code ?? cause?.message ?? (error as Error).message };
  }
}

const json = (value: unknown) => ({ body: { type: 'json' as const, value } });

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`mock faults and latency (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
    });
    after(() => server.close());
    let n = 0;
    /** A public mock API with one route; returns its URL. */
    const route = async (draft: Omit<MockDraft['routes'][number], 'path'>, api: Partial<MockDraft> = {}) => {
      const key = await server.userKey();
      const name = `faults-${++n}`;
      await insertMock(server.store.db, key, { name, public: true, ...api, routes: [{ path: '/r', ...draft }] });
      return { url: `${server.url}/mock/${name}/r`, key };
    };

    test('reset, empty and malformed_chunk as node:http and fetch see them; status faults answer normally', async () => {
      const reset = await route({ faults: [{ kind: 'reset', probability: 1 }], responses: [json(1)] });
      const empty = await route({ faults: [{ kind: 'empty', probability: 1 }], responses: [json(1)] });
      const malformed = await route({ faults: [{ kind: 'malformed_chunk', probability: 1 }], responses: [json(1)] });
      const status = await route({
        responses: [
          { ...json(1), faults: [{ kind: 'status', probability: 1, status: 503, body: '{"error":"down"}' }] },
        ],
      });
      assert.equal((await rawGet(reset.url)).error, 'ECONNRESET');
      assert.equal((await fetchOutcome(reset.url)).error, 'ECONNRESET');
      const emptyRaw = await rawGet(empty.url);
      assert.equal(emptyRaw.error, 'ECONNRESET', 'node:http: socket hang up');
      assert.equal(emptyRaw.status, undefined);
      assert.equal((await fetchOutcome(empty.url)).error, 'UND_ERR_SOCKET', 'undici: other side closed');
      const malformedRaw = await rawGet(malformed.url);
      assert.equal(malformedRaw.error, 'HPE_INVALID_CHUNK_SIZE');
      const malformedFetch = await fetchOutcome(malformed.url);
      assert.ok(malformedFetch.error, `fetch must fail, got ${JSON.stringify(malformedFetch)}`);
      const down = await fetchOutcome(status.url);
      assert.deepEqual(down, { status: 503, text: '{"error":"down"}' });
      // The log is written once each response is over: wait for the last one.
      let log: { fault: string | null; status: number | null }[] = [];
      for (let i = 0; i < 100 && !log.some((row) => row.fault === 'status'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        log = await server.store.db
          .selectFrom('mock_requests')
          .select(['fault', 'status'])
          .where('fault', 'is not', null)
          .execute();
      }
      assert.ok(
        ['reset', 'empty', 'malformed_chunk', 'status'].every((kind) => log.some((row) => row.fault === kind)),
        JSON.stringify(log),
      );
    });

    test('dribble sends the real body in pieces over the duration', async () => {
      const dribble = await route({
        responses: [
          {
            body: { type: 'text', text: 'abcdefghijkl' },
            faults: [{ kind: 'dribble', probability: 1, chunks: 4, durationMs: 300 }],
          },
        ],
      });
      const result = await rawGet(dribble.url);
      assert.equal(result.body, 'abcdefghijkl');
      assert.ok(result.chunks >= 3, `${result.chunks} pieces`);
      assert.ok(result.ms >= 290, `${result.ms} ms`);
    });

    test('everyNth fires on exactly those requests (the shared request number)', async () => {
      const nth = await route({ faults: [{ kind: 'status', everyNth: 3, status: 500 }], responses: [json('ok')] });
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) statuses.push((await fetchOutcome(nth.url)).status!);
      assert.deepEqual(statuses, [200, 200, 500, 200, 200, 500, 200, 200, 500]);
    });

    test('a client that leaves during the delay cancels the work: nothing generated, nothing charged', async () => {
      const { url, key } = await route({
        latency: { type: 'fixed', ms: 1500 },
        responses: [{ body: { type: 'schema', schema: 'Rows', count: 5 } }],
      });
      await fetch(`${server.url}/api/schemas/Rows?key=${key}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ name: 'id', type: 'Row Number' }]),
      }).then((response) => response.text());
      const started = performance.now();
      // node:http, not fetch: after an abort undici opens a spare connection, which would hold the server's close.
      const aborted = await new Promise<string>((resolve) => {
        const req = httpRequest(url, { agent: false }, () => resolve('answered'));
        req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        req.end();
        setTimeout(() => req.destroy(), 100);
      });
      assert.equal(aborted, 'ECONNRESET');
      await new Promise((resolve) => setTimeout(resolve, 1700 - (performance.now() - started)));
      const usage = await server.store.db
        .selectFrom('usage')
        .innerJoin('users', 'users.id', 'usage.user_id')
        .select(['usage.requests'])
        .where('users.plan', '=', 'unlimited')
        .execute();
      const user = await server.store.db
        .selectFrom('mock_apis')
        .select('user_id')
        .where('slug', '=', `faults-${n}`)
        .executeTakeFirstOrThrow();
      const charged = await server.store.db
        .selectFrom('usage')
        .select('requests')
        .where('user_id', '=', user.user_id)
        .executeTakeFirst();
      assert.equal(charged, undefined, `charged: ${JSON.stringify(usage)}`);
      const [row] = await server.store.db
        .selectFrom('mock_requests')
        .innerJoin('mock_apis', 'mock_apis.id', 'mock_requests.mock_api_id')
        .select(['mock_requests.status'])
        .where('mock_apis.slug', '=', `faults-${n}`)
        .execute();
      assert.equal(row.status, null, 'logged without a status');
    });

    if (dialect === 'sqlite') {
      // The draws are the runtime's, not the database's: one dialect is enough for the statistics.
      test('probability 0.3 over 400 requests: the count of faults is binomial', async () => {
        const { url } = await route({
          faults: [{ kind: 'status', probability: 0.3, status: 503 }],
          responses: [json('ok')],
        });
        let faults = 0;
        for (let i = 0; i < 400; i++) if ((await fetchOutcome(url)).status === 503) faults++;
        const [lo, hi] = binomialBounds(400, 0.3);
        assert.ok(faults >= lo && faults <= hi, `${faults} faults, expected ${lo}..${hi}`);
      });

      test('lognormal latency through HTTP: median and log-sd of the response times', async () => {
        const { url } = await route(
          { responses: [json(1)] },
          { latency: { type: 'lognormal', median: 200, sigma: 0.5 } },
        );
        const logs: number[] = [];
        for (let batch = 0; batch < 3; batch++) {
          const times = await Promise.all(Array.from({ length: 20 }, () => rawGet(url).then((r) => r.ms)));
          logs.push(...times.map(Math.log));
        }
        logs.sort((a, b) => a - b);
        const median = (logs[29] + logs[30]) / 2;
        // Log-median standard error sqrt(pi/2) * 0.5 / sqrt(60) = 0.081 (5.4 of them), plus the request's own few ms.
        assert.ok(Math.abs(median - Math.log(200)) < 0.45, `median ${Math.exp(median)} ms`);
        const mean = logs.reduce((s, v) => s + v, 0) / logs.length;
        const sd = Math.sqrt(logs.reduce((s, v) => s + (v - mean) ** 2, 0) / (logs.length - 1));
        // The sample sd's standard error is about 0.5 / sqrt(120) = 0.046 (6 of them).
        assert.ok(Math.abs(sd - 0.5) < 0.28, `log sd ${sd}`);
      });

      test('uniform latency: no response comes before the minimum; the response overrides the route', async () => {
        const { url } = await route({
          latency: { type: 'fixed', ms: 5000 },
          responses: [{ ...json(1), latency: { type: 'uniform', min: 60, max: 90 } }],
        });
        const times = await Promise.all(Array.from({ length: 20 }, () => rawGet(url).then((r) => r.ms)));
        assert.ok(
          times.every((ms) => ms >= 59),
          times.join(' '),
        );
        assert.ok(
          times.every((ms) => ms < 4000),
          'the route latency was overridden',
        );
      });
    }
  });
}
