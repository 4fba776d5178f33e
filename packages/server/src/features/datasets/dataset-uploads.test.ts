/**
 * Dataset uploads that try to hold the server: very wide headers, tables
 * bigger than the plan can store, values and names past the caps. Each is refused with a 4xx
 * naming the limit, while GET /health keeps answering, without reading the rest of the body
 * and without the table landing in the server's memory; a refused upload changes nothing.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_DATASET_COLUMN_NAME_BYTES, MAX_DATASET_COLUMNS, MAX_DATASET_VALUE_BYTES } from '@rowloom/core';
import { DEFAULT_PLANS } from '../../users/plans.js';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { whileProbingHealth } from '../../testing/health-probe.js';
import { fetchAnswer, type Answer } from '../../testing/http-calls.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';

const MIB = 1024 * 1024;
/** "Every /health answered within" this while an upload runs: generous, it only proves the server is not held. */
const HEALTHY_MS = 1000;

const csv = (body: string | Uint8Array): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'text/csv' },
  body,
});

/**
 * A body sent as a stream that gives `chunks` and then never ends (until the request is
 * aborted): the server can only answer it by not waiting for the rest.
 */
function endlessUpload(chunks: () => Iterator<Uint8Array>, signal: AbortSignal): RequestInit {
  const source = chunks();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = source.next();
      if (!next.done) controller.enqueue(next.value);
      // Past the last chunk: a pull that never settles, so the body never ends.
      else return new Promise(() => {});
    },
  });
  return { method: 'POST', headers: { 'content-type': 'text/csv' }, body, signal, duplex: 'half' } as RequestInit;
}

function* repeated(first: string, line: string, times: number, chunkLines = 32_768): Iterator<Uint8Array> {
  yield Buffer.from(first);
  for (let sent = 0; sent < times; sent += chunkLines)
    yield Buffer.from(line.repeat(Math.min(chunkLines, times - sent)));
}

function wideTable(columns: number): string {
  const header = Array.from({ length: columns }, (_, i) => `c${String(i).padStart(6, '0')}`).join(',');
  return `${header}\n${'1,'.repeat(columns - 1)}1\n`;
}

/** The most the server's heap grew over its level before `work`, sampled while it ran. */
async function heapGrowth<T>(work: () => Promise<T>): Promise<{ result: T; grownBytes: number }> {
  const start = process.memoryUsage().heapUsed;
  let most = start;
  const sampler = setInterval(() => (most = Math.max(most, process.memoryUsage().heapUsed)), 5);
  try {
    const result = await work();
    most = Math.max(most, process.memoryUsage().heapUsed);
    return { result, grownBytes: most - start };
  } finally {
    clearInterval(sampler);
  }
}

function refusal(answer: Answer): { error: string; limit?: string; allowed?: number } {
  assert.equal(typeof answer.json?.error, 'string', answer.text);
  return answer.json;
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(
    `dataset uploads that would hold the server (${dialect})`,
    { skip: await skipUnlessAvailable(dialect) },
    () => {
      let server: TestServer;
      before(async () => {
        server = await startTestServer(newTestDatabase(dialect), {
          plans: {
            ...DEFAULT_PLANS,
            one: {
              recordsPerRequest: null,
              requestsPerDay: null,
              recordsPerDay: null,
              datasets: 1,
              datasetBytes: null,
            },
          },
        });
      });
      after(() => server.close());

      const upload = (key: string, name: string, init: RequestInit) =>
        fetchAnswer(`${server.url}/api/datasets/${name}?key=${key}`, init);

      test('60,000 and 1,000,000 columns (0.5 MB, 9.9 MB): a 400 naming the column cap, /health answering all along', async (t) => {
        const key = await server.userKey('unlimited');
        for (const columns of [60_000, 1_000_000]) {
          const body = wideTable(columns);
          const { result, health } = await whileProbingHealth(server.url, () =>
            upload(key, `wide-${columns}`, csv(body)),
          );
          assert.equal(result.status, 400, result.text.slice(0, 300));
          assert.deepEqual(refusal(result), {
            error: `the header row has ${columns} columns; a dataset may have at most ${MAX_DATASET_COLUMNS}: split the table, or leave out the columns no schema reads`,
            code: 'invalid_request',
            limit: 'datasetColumns',
            allowed: MAX_DATASET_COLUMNS,
          });
          t.diagnostic(
            `${columns} columns: /health answered ${health.count} times, the slowest in ${health.slowestMs.toFixed(0)} ms`,
          );
          assert.ok(
            health.count > 0 && health.slowestMs < HEALTHY_MS,
            `${columns} columns (${(body.length / 1e6).toFixed(1)} MB): /health took up to ${health.slowestMs.toFixed(0)} ms over ${health.count} answers`,
          );
        }
        assert.equal((await fetchAnswer(`${server.url}/api/datasets?key=${key}`)).json.datasets.length, 0);
      });

      test("rows past the free plan's storage: a 403 as soon as the table cannot fit, the rest of the body unread and the table never in the server's heap", async (t) => {
        const key = await server.userKey('free');
        const allowed = DEFAULT_PLANS.free.datasetBytes!;
        const rows = 4_900_000;
        const abort = new AbortController();
        try {
          // 9.8 MB of one-digit rows (each 6 bytes as stored), sent as a body that never ends.
          const { result, grownBytes } = await heapGrowth(() =>
            whileProbingHealth(server.url, () =>
              upload(key, 'many', {
                ...endlessUpload(() => repeated('n\n', '1\n', rows), abort.signal),
                signal: AbortSignal.any([abort.signal, AbortSignal.timeout(120_000)]),
              }),
            ),
          );
          const answer = result.result;
          assert.equal(answer.status, 403, answer.text);
          const { error, limit, allowed: answeredAllowed } = refusal(answer);
          assert.deepEqual({ limit, allowed: answeredAllowed }, { limit: 'datasetBytes', allowed });
          const readRows = Number(/after (\d+) rows/.exec(error)?.[1]);
          assert.ok(readRows > 0 && readRows < rows / 2, error);
          assert.match(error, new RegExp(`the free plan allows ${allowed}`));
          t.diagnostic(
            `refused after ${readRows} rows; heap grew by ${(grownBytes / MIB).toFixed(1)} MiB; /health slowest ${result.health.slowestMs.toFixed(0)} ms`,
          );
          // Parsed whole, the rows would take hundreds of MB here (2.3 GB for this file before).
          assert.ok(grownBytes < 64 * MIB, `the heap grew by ${(grownBytes / MIB).toFixed(0)} MiB`);
          assert.ok(
            result.health.slowestMs < HEALTHY_MS,
            `/health took up to ${result.health.slowestMs.toFixed(0)} ms`,
          );
        } finally {
          abort.abort();
        }
        assert.equal((await fetchAnswer(`${server.url}/api/datasets?key=${key}`)).json.datasets.length, 0);
      });

      test("the plan's dataset count is checked before the body is read", async () => {
        const key = await server.userKey('one');
        assert.equal((await upload(key, 'first', csv('a\n1\n'))).status, 200);
        const abort = new AbortController();
        try {
          const answer = await upload(key, 'second', {
            ...endlessUpload(() => repeated('a\n', '1\n', 1000), abort.signal),
            signal: AbortSignal.any([abort.signal, AbortSignal.timeout(60_000)]),
          });
          assert.equal(answer.status, 403, answer.text);
          assert.deepEqual(
            { limit: answer.json.limit, allowed: answer.json.allowed },
            { limit: 'datasets', allowed: 1 },
          );
          assert.match(answer.json.error, /would make 2 datasets; the one plan allows 1/);
        } finally {
          abort.abort();
        }
        // Replacing the one it has is still allowed.
        assert.equal((await upload(key, 'first', csv('a\n2\n'))).status, 200);
      });

      test('a value or a column name past its cap: a 400 naming the line, the column and the limit; the old version stays', async () => {
        const key = await server.userKey('free');
        assert.equal((await upload(key, 'people', csv('id,name\n1,Ann\n2,Bob\n'))).status, 200);
        const before = (await fetchAnswer(`${server.url}/api/datasets/people?key=${key}`)).text;
        const longName = 'x'.repeat(MAX_DATASET_COLUMN_NAME_BYTES + 1);
        const named = await upload(key, 'people', csv(`id,${longName}\n1,Ann\n`));
        assert.equal(named.status, 400, named.text);
        assert.deepEqual(refusal(named), {
          error: `column 2 of the header row ("${'x'.repeat(40)}...") is a name of ${MAX_DATASET_COLUMN_NAME_BYTES + 1} bytes; a column name may have at most ${MAX_DATASET_COLUMN_NAME_BYTES}: shorten it`,
          code: 'invalid_request',
          limit: 'datasetColumnNameBytes',
          allowed: MAX_DATASET_COLUMN_NAME_BYTES,
        });
        const valued = await upload(
          key,
          'people',
          csv(`id,name\n1,Ann\n2,"${'é'.repeat(MAX_DATASET_VALUE_BYTES / 2)}!"\n3,Cy\n`),
        );
        assert.equal(valued.status, 400, valued.text.slice(0, 300));
        assert.deepEqual(refusal(valued), {
          error: `line 3, column 2 ("name"): the value is ${MAX_DATASET_VALUE_BYTES + 1} bytes long; a value may have at most ${MAX_DATASET_VALUE_BYTES} bytes: shorten it`,
          code: 'invalid_request',
          limit: 'datasetValueBytes',
          allowed: MAX_DATASET_VALUE_BYTES,
        });
        const tooBig = await upload(key, 'people', csv(`id\n${'123456789\n'.repeat(1_000_000)}`));
        assert.equal(tooBig.status, 403, tooBig.text);
        assert.equal((await fetchAnswer(`${server.url}/api/datasets/people?key=${key}`)).text, before);
      });

      test('GET /api/datasets/<name> shows the first rows kept apart at upload, without reading the others', async () => {
        const key = await server.userKey('unlimited');
        const rows = Array.from({ length: 50 }, (_, i) => `${i},v${i}`);
        assert.equal((await upload(key, 'kept', csv(`n,label\n${rows.join('\n')}\n`))).status, 200);
        // Were the rows read to show the preview, it would now be empty.
        await server.store.db.updateTable('datasets').set({ rows: '[]' }).where('name', '=', 'kept').execute();
        const shown = (await fetchAnswer(`${server.url}/api/datasets/kept?key=${key}`)).json;
        assert.equal(shown.rows, 50);
        assert.deepEqual(
          shown.preview,
          Array.from({ length: 10 }, (_, i) => ({ n: String(i), label: `v${i}` })),
        );
      });
    },
  );
}

describe('uploads past the threads that read them', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(newTestDatabase('sqlite'), { concurrency: { maxUploads: 1, queueWaitMs: 300 } });
  });
  after(() => server.close());

  test('a 503 with Retry-After when every upload thread is busy past the wait; the held upload still completes', async () => {
    const [first, second] = [await server.userKey(), await server.userKey()];
    const abort = new AbortController();
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    // The first upload sends its header and then waits: it holds the only thread meanwhile.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(Buffer.from('a\n1\n'));
        void finished.then(() => controller.close());
      },
    });
    const held = fetchAnswer(`${server.url}/api/datasets/held?key=${first}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body,
      duplex: 'half',
      signal: abort.signal,
    } as RequestInit);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const busy = await fetchAnswer(`${server.url}/api/datasets/other?key=${second}`, csv('a\n1\n'));
      assert.equal(busy.status, 503, busy.text);
      assert.equal(busy.headers.get('retry-after'), '2');
      assert.match(busy.json.error, /the server is busy: 1 dataset uploads are running/);
      finish();
      assert.equal((await held).status, 200);
      assert.equal((await fetchAnswer(`${server.url}/api/datasets/other?key=${second}`, csv('a\n1\n'))).status, 200);
    } finally {
      abort.abort();
    }
  });
});
