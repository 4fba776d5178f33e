/**
 * The BullMQ runner end to end: the real Redis, three `rowloom worker` child processes and the
 * real directory store. The files must be byte-identical to one generate call; a worker killed
 * mid-shard is recovered; a cancel stops every worker and leaves nothing behind.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import type { ArtifactStore, FrozenJob, JobProgress } from '../job-contract.js';
import { DirectoryStore } from '../store/fs-store.js';
import { BullMQRunner } from './bullmq-runner.js';
import { QUEUE_NAME, shardJobId } from './queue-keys.js';
import { singleShot, testJob, WRITER_VARIANTS } from '../testing/job-fixtures.js';
import { countKeys, REDIS_URL, removeKeys, skipUnlessRedis, uniquePrefix } from '../testing/redis.js';
import { startWorker, stopWorker, type WorkerProcess } from '../testing/worker-processes.js';
import { startTestS3Server, TEST_BUCKET, TEST_S3_CREDENTIALS, type TestS3Server } from '../testing/s3-test-server.js';
import { S3Store } from '../store/s3-store.js';

const LOCK_MS = 1500;
const redisSkip = await skipUnlessRedis();

async function read(store: ArtifactStore, jobId: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of await store.readFile(jobId)) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

class Watcher {
  readonly seen = new Map<string, JobProgress[]>();
  constructor(runner: BullMQRunner) {
    runner.onProgress((progress) => {
      const list = this.seen.get(progress.jobId) ?? [];
      list.push(progress);
      this.seen.set(progress.jobId, list);
    });
  }
  until(jobId: string, check: (progress: JobProgress) => boolean, timeoutMs = 60_000): Promise<JobProgress> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const look = () => {
        const hit = (this.seen.get(jobId) ?? []).find(check);
        if (hit) return resolve(hit);
        if (Date.now() - started > timeoutMs)
          return reject(new Error(`job ${jobId}: timed out; seen ${JSON.stringify(this.seen.get(jobId)?.slice(-3))}`));
        setTimeout(look, 25);
      };
      look();
    });
  }
  finished(jobId: string): Promise<JobProgress> {
    return this.until(jobId, (p) => ['done', 'failed', 'cancelled'].includes(p.status));
  }
}

function workerSuite(
  name: string,
  openStore: () => Promise<{ store: ArtifactStore; env: Record<string, string>; dispose: () => Promise<void> }>,
  variants: typeof WRITER_VARIANTS,
  extra: boolean,
): void {
  describe(`BullMQ runner with rowloom worker processes: ${name}`, { skip: redisSkip }, () => {
    const prefix = uniquePrefix();
    let store: ArtifactStore;
    let workerEnv: Record<string, string>;
    let dispose: () => Promise<void>;
    let runner: BullMQRunner;
    let watcher: Watcher;
    let queue: Queue;
    const workers: WorkerProcess[] = [];

    before(async () => {
      ({ store, env: workerEnv, dispose } = await openStore());
      workerEnv = { ...workerEnv, REDIS_URL, ROWLOOM_QUEUE_PREFIX: prefix, ROWLOOM_WORKER_LOCK_MS: String(LOCK_MS) };
      // The submitter first: it records the store and version the workers check at start.
      runner = new BullMQRunner({ redisUrl: REDIS_URL, prefix, store, backoffMs: 100 });
      await runner.start();
      workers.push(...(await Promise.all([1, 2, 3].map(() => startWorker(workerEnv)))));
      watcher = new Watcher(runner);
      queue = new Queue(QUEUE_NAME, { connection: { url: REDIS_URL }, prefix });
    });

    after(async () => {
      await Promise.all(workers.map(stopWorker));
      await runner?.close();
      await queue?.close();
      await removeKeys(prefix);
      assert.equal(await countKeys(prefix), 0);
      await dispose?.();
    });

    for (const { label, writer } of variants) {
      test(`three workers make a file identical to one generate call: ${label}`, async () => {
        const job = testJob(writer, 3001, 250);
        await runner.submit(job);
        const last = await watcher.finished(job.id);
        assert.equal(last.status, 'done', last.error);
        const expected = await singleShot(job);
        assert.equal(last.bytes, expected.length);
        assert.equal(last.recordsGenerated, 3001);
        assert.ok((await read(store, job.id)).equals(expected), `${label}: the assembled file differs`);
        const statuses = watcher.seen.get(job.id)!.map((p) => p.status);
        for (const status of ['queued', 'running', 'assembling', 'done'] as const)
          assert.ok(statuses.includes(status), `no ${status} in ${statuses}`);
        await store.remove(job.id);
      });
    }

    if (!extra) return;

    test('a window of 2 shards: the other 18 are queued as shards finish, the file is still identical and nothing is left queued', async () => {
      const windowed = new BullMQRunner({ redisUrl: REDIS_URL, prefix, store, backoffMs: 100, shardWindow: 2 });
      const seen = new Watcher(windowed);
      try {
        const job = testJob({ format: 'csv', includeHeader: true }, 2000, 100);
        await windowed.submit(job);
        const last = await seen.finished(job.id);
        assert.equal(last.status, 'done', last.error);
        assert.ok((await read(store, job.id)).equals(await singleShot(job)), 'the file differs');
        const logged = workers.flatMap((w) =>
          [...w.output().matchAll(new RegExp(`job ${job.id} shard (\\d+)/20 `, 'g'))].map((m) => Number(m[1])),
        );
        assert.deepEqual(
          [...new Set(logged)].sort((a, b) => a - b),
          Array.from({ length: 20 }, (_, i) => i + 1),
        );
        await windowed.forget(job.id);
        const left = await queue.getJobs([
          'active',
          'wait',
          'prioritized',
          'waiting-children',
          'delayed',
          'completed',
          'failed',
        ]);
        assert.deepEqual(
          left.filter((j) => j?.data?.jobId === job.id).map((j) => j.id),
          [],
        );
        await store.remove(job.id);
      } finally {
        await windowed.close();
      }
    });

    test('the shards were shared between the workers', () => {
      const busy = workers.filter((w) => /shard \d+\/\d+ rows/.test(w.output()));
      assert.ok(busy.length >= 2, `only ${busy.length} of 3 workers made shards`);
    });

    test('cancel mid-way: every worker stops, no part is written after, the artifacts and the flow are gone', async () => {
      const job = testJob({ format: 'csv' }, 2_000_000, 20_000);
      await runner.submit(job);
      await watcher.until(job.id, (p) => p.recordsGenerated > 0);
      await runner.cancel(job.id);
      const last = await watcher.finished(job.id);
      assert.equal(last.status, 'cancelled');
      assert.ok(last.recordsGenerated < job.count);
      assert.equal(await store.fileSize(job.id), null);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal(await store.fileSize(job.id), null);
      if (store instanceof DirectoryStore)
        assert.ok(!(await readdir(store.root)).includes(job.id), 'nothing of the job is left in the store');
      // A worker logs a shard a few Redis round trips after recording it done, so a shard done just
      // before the cancel can be logged after it. What must hold: every shard logged as done was
      // counted by the cancel (which sums the shards recorded done when it ran), so none was done after.
      const loggedRows = workers
        .flatMap((w) => [
          ...w.output().matchAll(new RegExp(`job ${job.id} shard \\d+/\\d+ rows (\\d+)-(\\d+) done`, 'g')),
        ])
        .reduce((sum, m) => sum + Number(m[2]) - Number(m[1]), 0);
      assert.ok(
        loggedRows <= last.recordsGenerated,
        `workers logged ${loggedRows} rows done, the cancel counted ${last.recordsGenerated}: a shard finished after the cancel`,
      );
      const active = await queue.getJobs(['active', 'wait', 'prioritized', 'waiting-children', 'delayed']);
      assert.deepEqual(
        active.filter((j) => j?.data?.jobId === job.id).map((j) => j.id),
        [],
      );
      assert.ok(!watcher.seen.get(job.id)!.some((p) => p.status === 'done' || p.status === 'failed'));
    });

    test('a worker killed (SIGKILL) mid-shard: another takes the shard over and the file is still identical', async () => {
      const job = testJob({ format: 'json', array: true }, 600_000, 100_000);
      await runner.submit(job);
      const holders: { worker: WorkerProcess; shardId: string }[] = [];
      for (let tries = 0; tries < 400 && holders.length === 0; tries++) {
        for (const active of await queue.getActive()) {
          const worker = workers.find((w) => active.processedBy?.endsWith(`-${w.pid}`) && w.child.exitCode === null);
          if (active.name === 'shard' && worker) holders.push({ worker, shardId: active.id! });
        }
        if (holders.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const victim = holders[0];
      assert.ok(victim, 'no worker was seen holding a shard');
      victim.worker.child.kill('SIGKILL');
      await victim.worker.exited;
      const last = await watcher.finished(job.id);
      assert.equal(last.status, 'done', last.error);
      assert.ok((await read(store, job.id)).equals(await singleShot(job)), 'the file differs after the recovery');
      const shard = Number(victim.shardId.split('-shard-')[1]);
      assert.equal(victim.shardId, shardJobId(job.id, shard));
      const survivors = workers.filter((w) => w !== victim.worker);
      assert.ok(
        survivors.some((w) => w.output().includes(`job ${job.id} shard ${shard + 1}/`)),
        `shard ${shard} was not redone by another worker`,
      );
      await store.remove(job.id);
      workers.splice(workers.indexOf(victim.worker), 1, await startWorker(workerEnv));
    });

    test('SIGTERM: a worker finishes its shard and exits 0', async () => {
      const job = testJob({ format: 'csv' }, 200_000, 50_000);
      await runner.submit(job);
      await watcher.until(job.id, (p) => p.status === 'running');
      const leaving = workers.pop()!;
      assert.equal(await stopWorker(leaving), 0);
      assert.match(leaving.output(), /SIGTERM: finishing the current shards/);
      assert.equal((await watcher.finished(job.id)).status, 'done');
      assert.ok((await read(store, job.id)).equals(await singleShot(job)));
      await store.remove(job.id);
    });
  });
}

workerSuite(
  'directory store',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rowloom-jobs-'));
    return {
      store: new DirectoryStore(dir),
      env: { ROWLOOM_DOWNLOADS_DIR: dir },
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  },
  WRITER_VARIANTS,
  true,
);

let s3: TestS3Server;
workerSuite(
  'S3 store (s3rver)',
  async () => {
    s3 = await startTestS3Server();
    return {
      store: new S3Store({ bucket: TEST_BUCKET, endpoint: s3.endpoint, client: { credentials: TEST_S3_CREDENTIALS } }),
      env: s3.env,
      dispose: () => s3.close(),
    };
  },
  WRITER_VARIANTS.filter((v) => ['csv with header', 'xml'].includes(v.label)),
  false,
);

export type { FrozenJob };

describe('BullMQ runner: a shard that cannot be made fails the job, with its reason', { skip: redisSkip }, () => {
  test("the frozen input gone: failed, the shard worker's message, artifacts removed", async () => {
    const prefix = uniquePrefix();
    const dir = await mkdtemp(join(tmpdir(), 'rowloom-jobs-fail-'));
    const store = new DirectoryStore(dir);
    const runner = new BullMQRunner({ redisUrl: REDIS_URL, prefix, store, backoffMs: 50 });
    const watcher = new Watcher(runner);
    let worker: WorkerProcess | null = null;
    try {
      const job = testJob({ format: 'csv' }, 100, 50);
      await runner.submit(job);
      await removeKeys(`${prefix}:rowloom-job`); // before any worker runs
      worker = await startWorker({ REDIS_URL, ROWLOOM_QUEUE_PREFIX: prefix, ROWLOOM_DOWNLOADS_DIR: dir });
      const last = await watcher.finished(job.id);
      assert.equal(last.status, 'failed');
      assert.match(last.error ?? '', /input is gone/);
      assert.equal(await store.fileSize(job.id), null);
    } finally {
      if (worker) await stopWorker(worker);
      await runner.close();
      await removeKeys(prefix);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
