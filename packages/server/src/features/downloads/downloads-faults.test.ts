/**
 * The downloads table, the queue and the store must agree through faults: a private redis-server
 * (killed with SIGKILL and started again empty), real `rowloom worker` processes, the directory
 * store, API servers on SQLite and PostgreSQL (two sharing PostgreSQL). Each case ends with the
 * table, Redis and the store agreeing and the user charged exactly for what the job made.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { createUser } from '../../users/users-store.js';
import { newTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../../testing/server-fixture.js';
import { BullMQRunner } from '../../jobs/engine/bullmq-runner.js';
import type { DirectoryStore } from '../../jobs/store/fs-store.js';
import { Queue } from 'bullmq';
import { installationKey, QUEUE_NAME } from '../../jobs/engine/queue-keys.js';
import type { ArtifactStore, DownloadStatus } from '../../jobs/job-contract.js';
import { PrivateRedis } from '../../jobs/testing/private-redis.js';
import { uniquePrefix } from '../../jobs/testing/redis.js';
import { startWorker, stopWorker, type WorkerProcess } from '../../jobs/testing/worker-processes.js';
import { call, post, waitFor, type Answer } from '../../testing/downloads-helpers.js';

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
  { name: 'when', type: 'Formula', value: 'now()' },
];
const SHARD_ROWS = 20_000;
const LOCK_MS = 1500;
const STALL_MS = 1500;
const METRICS_TOKEN = 'metrics-token-for-the-fault-tests';
const redisFound = existsSync('/usr/bin/redis-server') || existsSync('/usr/local/bin/redis-server');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Every Redis key that names the job (BullMQ's and ours), with its time to live. */
async function keysOf(url: string, prefix: string, jobId: string): Promise<{ key: string; ttl: number }[]> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys = await client.keys(`${prefix}:*${jobId}*`);
    return Promise.all(keys.map(async (key) => ({ key, ttl: await client.ttl(key) })));
  } finally {
    client.disconnect();
  }
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(
    `downloads through faults of Redis and workers (${dialect})`,
    { skip: !redisFound ? 'redis-server is not installed' : await skipUnlessAvailable(dialect) },
    () => {
      const prefix = uniquePrefix();
      let redis: PrivateRedis;
      let database: TestDatabase;
      let a: TestServer;
      let b: TestServer;
      let storeDir: string;
      let workerEnv: Record<string, string>;
      const workers: WorkerProcess[] = [];

      const usage = async (key: string) =>
        (await call(a, `/api/usage?key=${key}`)).json as { requests: number; records: number };
      const submit = (server: TestServer, key: string, count: number, timeoutMs = 30_000): Promise<Answer> =>
        call(server, `/api/downloads.csv?count=${count}&seed=faults&key=${key}`, {
          ...post(FIELDS),
          signal: AbortSignal.timeout(timeoutMs),
        });
      const jobDir = (id: string) => join(storeDir, id);

      before(async () => {
        redis = await PrivateRedis.start();
        database = newTestDatabase(dialect);
        const options = {
          ownsDatabase: false,
          metricsToken: METRICS_TOKEN,
          downloads: {
            shardRows: SHARD_ROWS,
            reconcileEveryMs: 500,
            reconcileGraceMs: 1500,
            stallMs: STALL_MS,
            maxActiveJobs: 2,
          },
          jobRunner: (store: ArtifactStore) =>
            new BullMQRunner({
              redisUrl: redis.url,
              prefix,
              store,
              storeName: (store as DirectoryStore).root,
              backoffMs: 100,
              submitTimeoutMs: 1000,
            }),
        };
        a = await startTestServer(database, options);
        // SQLite: one instance (two SQLite connections in one process cannot wait for each other's locks).
        b = dialect === 'postgres' ? await startTestServer(database, options) : a;
        storeDir = join(dirname(database.sqliteFile), 'downloads');
        workerEnv = {
          REDIS_URL: redis.url,
          ROWLOOM_QUEUE_PREFIX: prefix,
          ROWLOOM_DOWNLOADS_DIR: storeDir,
          ROWLOOM_WORKER_LOCK_MS: String(LOCK_MS),
        };
      });
      after(async () => {
        await Promise.all(workers.map(stopWorker));
        await a?.close();
        if (b && b !== a) await b.close();
        await database?.drop();
        await redis?.stop();
      });

      test('no worker listening: the status says "waiting for a worker"', async () => {
        const key = await a.userKey('unlimited');
        const started = await submit(a, key, 1000);
        assert.equal(started.status, 202, started.text);
        const id = (started.json as unknown as DownloadStatus).id;
        const status = (await call(b, `/api/downloads/${id}?key=${key}`)).json as unknown as DownloadStatus;
        assert.equal(status.status, 'queued');
        assert.match(status.waiting ?? '', /^waiting for a worker: no rowloom worker is listening/);
        assert.equal(status.secondsLeft, null);
        const health = (await call(a, '/health')).json as {
          status: string;
          queue: { reachable: boolean; workers: number };
        };
        assert.deepEqual([health.status, health.queue.reachable, health.queue.workers], ['ok', true, 0]);
        workers.push(await startWorker(workerEnv));
        const done = await waitFor(a, key, id, ['done', 'failed']);
        assert.equal(done.status, 'done', JSON.stringify(done));
        assert.equal(done.waiting, null);
        assert.equal(((await call(a, '/health')).json as { queue: { workers: number } }).queue.workers, 1);
      });

      test('a worker on another store refuses to start, naming both stores; one of another version too', async () => {
        const elsewhere = join(dirname(storeDir), 'not-the-store');
        const refused = startWorker({ ...workerEnv, ROWLOOM_DOWNLOADS_DIR: elsewhere });
        await assert.rejects(
          refused,
          (error: Error) =>
            /exited \(2\)/.test(error.message) &&
            error.message.includes(elsewhere) &&
            error.message.includes(storeDir) &&
            /is not the store the servers/.test(error.message),
        );
        const client = new Redis(redis.url);
        try {
          const record = JSON.parse((await client.get(installationKey(prefix)))!) as { version: string };
          const otherPrefix = uniquePrefix();
          await client.set(
            installationKey(otherPrefix),
            JSON.stringify({ ...record, version: '0.0.1+000000000000' }),
            'EX',
            60,
          );
          await assert.rejects(startWorker({ ...workerEnv, ROWLOOM_QUEUE_PREFIX: otherPrefix }), (error: Error) =>
            /runs Rowloom .* but the servers and workers on queue prefix .* run 0\.0\.1/.test(error.message),
          );
        } finally {
          client.disconnect();
        }
      });

      test('progress moves within a shard, and a killed worker\'s shard shows as waiting, not "1 s left"', async () => {
        // A server whose shards are one job of 1,000,000 rows of 25 names: a few seconds of one
        // shard, long enough to find and kill the worker holding it (200,000 rows once finished first).
        const rows = 1_000_000;
        const c = await startTestServer(database, {
          ownsDatabase: false,
          downloads: { shardRows: rows, stallMs: STALL_MS },
          jobRunner: (store) =>
            new BullMQRunner({ redisUrl: redis.url, prefix, store, storeName: (store as DirectoryStore).root }),
        });
        const key = await c.userKey('unlimited');
        const fields = Array.from({ length: 25 }, (_, i) => ({ name: `f${i}`, type: 'Full Name' }));
        // Two jobs of one shard each: the first is watched, the second loses its worker mid-shard.
        const submitted = [
          await call(c, `/api/downloads.csv?count=${rows}&key=${key}`, post(fields)),
          await call(c, `/api/downloads.csv?count=${rows}&seed=2&key=${key}`, post(fields)),
        ];
        await c.close(); // queued; server a follows them (SQLite: one server at a time)
        for (const answer of submitted) assert.equal(answer.status, 202, answer.text);
        const [first, second] = submitted.map((answer) => (answer.json as unknown as DownloadStatus).id);
        const seen = new Set<number>();
        let last: DownloadStatus;
        do {
          last = (await call(a, `/api/downloads/${first}?key=${key}`)).json as unknown as DownloadStatus;
          if (last.status === 'running' && last.recordsGenerated > 0 && last.recordsGenerated < rows)
            seen.add(last.recordsGenerated);
          await sleep(100);
        } while (!['done', 'failed'].includes(last.status));
        // Reported twice a second: any figure strictly inside the one shard is a move within it (by
        // shard it could only be 0, then done); the job takes a few seconds here.
        assert.ok(seen.size >= 1, `the status never moved within the shard, then ${last.status}`);
        // A second worker listens; kill the one in the second job's shard: its rows are lost and the
        // shard waits for the lock to expire, though a worker is there.
        workers.push(await startWorker(workerEnv));
        const id = second;
        await until(
          'the second job to make rows',
          async () =>
            ((await call(a, `/api/downloads/${id}?key=${key}`)).json as unknown as DownloadStatus).recordsGenerated > 0,
        );
        const queue = new Queue(QUEUE_NAME, { connection: { url: redis.url }, prefix });
        const holder = await until('the worker holding the shard', async () =>
          (await queue.getActive())
            .map((job) => workers.find((w) => job.data.jobId === id && job.processedBy?.endsWith(`-${w.pid}`)))
            .find(Boolean),
        );
        await queue.close();
        holder.child.kill('SIGKILL');
        await holder.exited;
        workers.splice(workers.indexOf(holder), 1);
        const waiting = await until('the status to say it waits', async () => {
          const status = (await call(a, `/api/downloads/${id}?key=${key}`)).json as unknown as DownloadStatus;
          return status.status === 'running' && status.waiting ? status : null;
        });
        assert.match(waiting.waiting!, /^waiting for a worker: no rows made for \d+ s/);
        assert.equal(waiting.secondsLeft, null);
        const done = await waitFor(a, key, id, ['done', 'failed']);
        assert.equal(done.status, 'done', JSON.stringify(done));
      });

      test('per-user cap: a third job at once is a 429 naming the limit, and costs nothing', async () => {
        const key = await a.userKey('unlimited');
        await Promise.all(workers.splice(0).map(stopWorker)); // nothing runs: the jobs stay queued
        const first = await submit(a, key, 100);
        const second = await submit(b, key, 100);
        assert.deepEqual([first.status, second.status], [202, 202]);
        const third = await submit(a, key, 100);
        assert.equal(third.status, 429, third.text);
        assert.equal(third.json.limit, 'activeJobs');
        assert.equal(third.json.allowed, 2);
        assert.match(String(third.json.error), /ROWLOOM_MAX_JOBS_PER_USER/);
        assert.ok(Number(third.headers.get('retry-after')) > 0);
        assert.deepEqual(await usage(key), { ...(await usage(key)), requests: 2, records: 200 });
        for (const answer of [first, second])
          assert.equal(
            (await call(a, `/api/downloads/${answer.json.id}?key=${key}`, { method: 'DELETE' })).status,
            200,
          );
        workers.push(await startWorker(workerEnv));
      });

      test('cancel: the job leaves Redis entirely (but its cancel flag, which expires), the store, and the rows it did not make are given back', async () => {
        const key = await a.userKey('gold');
        const started = await submit(a, key, 600_000);
        assert.equal(started.status, 202, started.text);
        const id = (started.json as unknown as DownloadStatus).id;
        await until(
          'a shard done',
          async () =>
            ((await call(a, `/api/downloads/${id}?key=${key}`)).json as unknown as DownloadStatus).recordsGenerated >=
            SHARD_ROWS,
        );
        const cancelled = await call(b, `/api/downloads/${id}?key=${key}`, { method: 'DELETE' });
        assert.equal(cancelled.status, 200, cancelled.text);
        const status = cancelled.json as unknown as DownloadStatus;
        assert.equal(status.status, 'cancelled');
        assert.equal(status.recordsGenerated % SHARD_ROWS, 0, 'only finished shards are counted');
        const left = await until('the job to leave Redis', async () => {
          const keys = await keysOf(redis.url, prefix, id);
          return keys.every((k) => k.key.endsWith(`rowloom-cancel:${id}`)) ? keys : null;
        });
        for (const { ttl } of left) assert.ok(ttl > 0, 'the cancel flag expires');
        await until('the store to be clean', async () => !existsSync(jobDir(id)));
        assert.equal((await usage(key)).records, status.recordsGenerated);
        assert.equal(
          ((await call(a, `/api/downloads/${id}?key=${key}`)).json as unknown as DownloadStatus).recordsGenerated,
          status.recordsGenerated,
        );
      });

      test('submit while Redis is down: a prompt 503 with Retry-After, nothing charged, nothing stored; /health says degraded', async () => {
        const key = await a.userKey('unlimited');
        await redis.kill();
        try {
          const answer = await submit(b, key, 1000, 20_000);
          assert.equal(answer.status, 503, answer.text);
          assert.match(String(answer.json.error), /background jobs cannot be taken now: .*nothing was charged/);
          assert.ok(Number(answer.headers.get('retry-after')) > 0);
          const health = await call(a, '/health', { signal: AbortSignal.timeout(10_000) });
          assert.equal(health.status, 200);
          assert.equal(health.json.status, 'degraded');
          assert.equal((health.json.queue as { reachable: boolean }).reachable, false);
          assert.deepEqual(await usage(key), { ...(await usage(key)), requests: 0, records: 0 });
          assert.deepEqual((await call(a, `/api/downloads?key=${key}`)).json.downloads, []);
        } finally {
          await redis.restart();
        }
        // Back: the servers take jobs again (the workers reconnect on their own).
        const started = await until('a submission to be taken again', async () => {
          const answer = await submit(a, key, 1000);
          return answer.status === 202 ? answer : null;
        });
        const after = await waitFor(a, key, String(started.json.id), ['done', 'failed']);
        assert.equal(after.status, 'done', JSON.stringify(after));
      });

      test('Redis killed and restarted empty mid-job: the job fails, is refunded exactly, its parts are removed, nothing is left in Redis', async () => {
        const key = await a.userKey('gold');
        const started = await submit(a, key, 600_000);
        assert.equal(started.status, 202, started.text);
        const id = (started.json as unknown as DownloadStatus).id;
        await until('two shards done', async () => {
          const row = await a.store.db
            .selectFrom('downloads')
            .select('records_generated')
            .where('id', '=', id)
            .executeTakeFirst();
          return Number(row?.records_generated) >= 2 * SHARD_ROWS;
        });
        await redis.kill();
        await redis.restart();
        const failed = await waitFor(b, key, id, ['failed', 'done', 'cancelled'], 30_000);
        assert.equal(failed.status, 'failed', JSON.stringify(failed));
        assert.match(failed.error ?? '', /lost from the queue/);
        assert.ok(failed.recordsGenerated >= 2 * SHARD_ROWS && failed.recordsGenerated < 600_000);
        assert.equal((await usage(key)).records, failed.recordsGenerated, 'charged for the finished shards only');
        // A shard in flight when Redis went may still land for a moment; the worker takes it back.
        await until('the parts to be removed', async () => !existsSync(jobDir(id)));
        await sleep(1500);
        assert.ok(
          !existsSync(jobDir(id)),
          `left in the store: ${existsSync(jobDir(id)) ? readdirSync(jobDir(id)) : ''}`,
        );
        assert.deepEqual(await keysOf(redis.url, prefix, id), []);
        const row = await a.store.db
          .selectFrom('downloads')
          .select(['status', 'refunded'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        assert.deepEqual([row.status, Number(row.refunded)], ['failed', 1]);
      });

      test('GET /metrics: the queue, its workers and the jobs in Prometheus text, for an admin or the metrics token only', async () => {
        const { key: adminKey } = await createUser(a.store.db, `admin-${Date.now()}@example.com`, 'unlimited', {
          admin: true,
        });
        const userKey = await a.userKey('unlimited');
        assert.equal((await call(a, '/metrics')).status, 401);
        assert.equal((await call(a, `/metrics?key=${userKey}`)).status, 403);
        assert.equal(
          (await call(a, '/metrics', { headers: { authorization: 'Bearer not-the-token-at-all' } })).status,
          401,
        );
        for (const init of [
          { headers: { 'x-api-key': adminKey } },
          { headers: { authorization: `Bearer ${METRICS_TOKEN}` } },
        ] as RequestInit[]) {
          const answer = await call(a, '/metrics', init);
          assert.equal(answer.status, 200, answer.text);
          assert.match(answer.headers.get('content-type') ?? '', /^text\/plain/);
          assert.match(answer.text, /^rowloom_queue_up 1$/m);
          assert.match(answer.text, new RegExp(`^rowloom_queue_workers ${workers.length}$`, 'm'));
          assert.match(answer.text, /^rowloom_queue_jobs\{state="waiting-children"\} \d+$/m);
          assert.match(answer.text, /^rowloom_queue_failed_total \d+$/m);
          assert.match(answer.text, /^rowloom_queue_completed_total \d+$/m); // Redis restarted empty in the tests before
          assert.match(answer.text, /^rowloom_downloads\{status="done"\} [1-9]\d*$/m);
          assert.match(answer.text, /^rowloom_downloads\{status="cancelled"\} [1-9]\d*$/m);
        }
      });

      test('several servers reconciling the same lost job at once end it once, refunded once', async () => {
        const key = await a.userKey('gold');
        // Redis was restarted by an earlier test: the server takes jobs again once it is back.
        const small = await until('a submission to be taken', async () => {
          const answer = await submit(a, key, 1000);
          return answer.status === 202 ? answer : null;
        });
        assert.equal((await waitFor(a, key, String(small.json.id), ['done', 'failed'])).status, 'done');
        await Promise.all(workers.splice(0).map(stopWorker));
        const started = await submit(b, key, 100_000);
        const id = String(started.json.id);
        await sleep(1700); // past the grace period of a queued job
        await redis.kill();
        await redis.restart();
        // Both servers reconcile every 500 ms: both find it lost, one ends it.
        const failed = await waitFor(a, key, id, ['failed', 'done'], 30_000);
        assert.equal(failed.status, 'failed');
        await sleep(1500); // more rounds of both
        // A second refund would have taken the small job's 1,000 rows too.
        assert.deepEqual(await usage(key), { ...(await usage(key)), requests: 2, records: 1000 });
      });
    },
  );
}
