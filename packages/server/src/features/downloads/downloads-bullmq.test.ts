/**
 * The downloads API on the BullMQ runner (REDIS_URL), with a real `rowloom worker` process and
 * two API instances on PostgreSQL (one on SQLite): the job's file, made in shards by the
 * worker, equals one generate call; a job cancelled through the other instance stops and its
 * rows come back. A unique queue prefix per run; its keys are removed after.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../../testing/server-fixture.js';
import { BullMQRunner } from '../../jobs/engine/bullmq-runner.js';
import { jobKeys } from '../../jobs/engine/queue-keys.js';
import type { ArtifactStore, DownloadStatus } from '../../jobs/job-contract.js';
import { REDIS_URL, removeKeys, skipUnlessRedis, uniquePrefix } from '../../jobs/testing/redis.js';
import { startWorker, stopWorker, type WorkerProcess } from '../../jobs/testing/worker-processes.js';
import { call, post, waitFor } from '../../testing/downloads-helpers.js';

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
  { name: 'when', type: 'Formula', value: 'now()' },
];

const redisSkip = await skipUnlessRedis();

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(
    `downloads on BullMQ with a worker process (${dialect})`,
    { skip: redisSkip || (await skipUnlessAvailable(dialect)) },
    () => {
      const prefix = uniquePrefix();
      let database: TestDatabase;
      let a: TestServer;
      let b: TestServer;
      let worker: WorkerProcess;
      before(async () => {
        database = newTestDatabase(dialect);
        const options = {
          ownsDatabase: false,
          downloads: { shardRows: 2000 },
          jobRunner: (store: ArtifactStore) => new BullMQRunner({ redisUrl: REDIS_URL, prefix, store, backoffMs: 100 }),
        };
        a = await startTestServer(database, options);
        // SQLite: one instance (two SQLite connections in one process cannot wait for each other's locks).
        b = dialect === 'postgres' ? await startTestServer(database, options) : a;
        worker = await startWorker({
          REDIS_URL,
          ROWLOOM_QUEUE_PREFIX: prefix,
          ROWLOOM_DOWNLOADS_DIR: join(dirname(database.sqliteFile), 'downloads'),
        });
      });
      after(async () => {
        if (worker) await stopWorker(worker);
        await a?.close();
        if (b && b !== a) await b.close();
        await database?.drop();
        await removeKeys(prefix);
      });

      test('the worker makes the file in shards; it is byte-identical to generate, and every instance reports it', async () => {
        const key = await a.userKey('unlimited');
        const started = await call(a, `/api/downloads.csv?count=9001&seed=bull&key=${key}`, post(FIELDS));
        assert.equal(started.status, 202, started.text);
        const id = (started.json as unknown as DownloadStatus).id;
        const done = await waitFor(b, key, id, ['done', 'failed']);
        assert.equal(done.status, 'done', JSON.stringify(done));
        assert.equal(done.recordsGenerated, 9001);
        const file = await call(b, `/api/downloads/${id}/file?key=${key}`);
        const reference = await call(a, `/api/generate.csv?count=9001&seed=bull&key=${key}`, post(FIELDS));
        assert.ok(file.bytes.equals(reference.bytes), 'the sharded file differs from generate');
        // The file is its 5 parts served in order: ranges of an odd length cross every part boundary.
        const etag = file.headers.get('etag')!;
        assert.equal(etag, `"${id}-${file.bytes.length}"`);
        const pieces: Buffer[] = [];
        for (let start = 0; start < file.bytes.length; start += 65_537) {
          const end = Math.min(start + 65_536, file.bytes.length - 1);
          const piece = await call(a, `/api/downloads/${id}/file?key=${key}`, {
            headers: { range: `bytes=${start}-${end}`, 'if-range': etag },
          });
          assert.equal(piece.status, 206, piece.text);
          assert.equal(piece.headers.get('content-range'), `bytes ${start}-${end}/${file.bytes.length}`);
          pieces.push(piece.bytes);
        }
        assert.ok(Buffer.concat(pieces).equals(reference.bytes), 'the ranges put together differ from generate');
      });

      test('a job reading a dataset: frozen for the worker as its table (the form workers read), the file byte-identical to generate', async () => {
        const key = await a.userKey('unlimited');
        const rows = Array.from({ length: 3000 }, (_, i) => [String(1000 + i), `Town ${i % 7}, "old" é`]);
        const csv = 'id,city\n' + rows.map(([id, city]) => `${id},"${city.replaceAll('"', '""')}"`).join('\n') + '\n';
        const stored = await call(a, `/api/datasets/towns?key=${key}`, {
          method: 'POST',
          headers: { 'content-type': 'text/csv' },
          body: csv,
        });
        assert.equal(stored.status, 200, stored.text);
        const fields = [
          { name: 'n', type: 'Row Number' },
          { name: 'id', type: 'Dataset Column', dataset: 'towns', column: 'id', selectionStyle: 'sequential' },
          { name: 'city', type: 'Dataset Column', dataset: 'towns', column: 'city' },
          { name: 'joined', type: 'Formula', value: "from_dataset('towns', 'city', id: (1000 + n).to_s)" },
        ];
        const started = await call(a, `/api/downloads.csv?count=9001&seed=towns&key=${key}`, post(fields));
        assert.equal(started.status, 202, started.text);
        const id = (started.json as unknown as DownloadStatus).id;
        // Read before the assembler removes it (the job is stored before the answer).
        const redis = new Redis(REDIS_URL);
        const frozenText = await redis.get(jobKeys(prefix, id).frozen).finally(() => redis.disconnect());
        assert.deepEqual((JSON.parse(frozenText!) as { datasets: unknown }).datasets, {
          towns: { columns: ['id', 'city'], rows },
        });
        const done = await waitFor(b, key, id, ['done', 'failed']);
        assert.equal(done.status, 'done', JSON.stringify(done));
        const file = await call(b, `/api/downloads/${id}/file?key=${key}`);
        const reference = await call(a, `/api/generate.csv?count=9001&seed=towns&key=${key}`, post(fields));
        assert.equal(reference.status, 200, reference.text);
        assert.ok(file.bytes.equals(reference.bytes), 'the sharded file differs from generate');
      });

      test('the worker makes an xlsx file (one piece) and a jsonl file (shards), each byte-identical to generate', async () => {
        const key = await a.userKey('unlimited');
        for (const [format, count] of [
          ['xlsx', 5001],
          ['jsonl', 9001],
        ] as const) {
          const started = await call(a, `/api/downloads.${format}?count=${count}&seed=bull&key=${key}`, post(FIELDS));
          assert.equal(started.status, 202, started.text);
          const id = (started.json as unknown as DownloadStatus).id;
          const done = await waitFor(b, key, id, ['done', 'failed']);
          assert.equal(done.status, 'done', JSON.stringify(done));
          assert.equal(done.recordsGenerated, count);
          const file = await call(b, `/api/downloads/${id}/file?key=${key}`);
          const reference = await call(a, `/api/generate.${format}?count=${count}&seed=bull&key=${key}`, post(FIELDS));
          assert.equal(reference.status, 200, reference.text);
          assert.ok(file.bytes.equals(reference.bytes), `${format}: the worker's file differs from generate`);
        }
      });

      test('cancelled through the other instance: the job stops, says cancelled, and its unmade rows come back', async () => {
        const key = await a.userKey('gold');
        const started = await call(a, `/api/downloads.csv?count=4000000&key=${key}`, post(FIELDS));
        assert.equal(started.status, 202, started.text);
        const id = (started.json as unknown as DownloadStatus).id;
        await waitFor(a, key, id, ['running', 'assembling', 'done']);
        const cancelled = await call(b, `/api/downloads/${id}?key=${key}`, { method: 'DELETE' });
        assert.equal(cancelled.status, 200, cancelled.text);
        const status = cancelled.json as unknown as DownloadStatus;
        assert.equal(status.status, 'cancelled');
        assert.ok(status.recordsGenerated < 4_000_000);
        const usage = (await call(a, `/api/usage?key=${key}`)).json as { records: number };
        assert.equal(usage.records, status.recordsGenerated);
        assert.equal((await waitFor(a, key, id, ['cancelled'])).status, 'cancelled');
      });
    },
  );
}
