/**
 * The worker side of the BullMQ runner (what `rowloom worker` runs): takes shard and assembler
 * jobs from the queue. A shard's rows are made on this process's main thread a batch (~64 KiB
 * or 50 ms) at a time, yielding to the event loop between batches so BullMQ keeps renewing the
 * lock and the cancel flag is read; shards of `concurrency` jobs interleave batch by batch
 * (useful to overlap an S3 upload with generation). For more CPU, run more worker processes:
 * one per core is the intended shape, and a crashed process then costs one shard.
 */
import { hostname } from 'node:os';
import { MetricsTime, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { rangePlan, type RowCounter, type SchemaPlan, type WorkerSetup } from '@rowloom/core';
import type { ArtifactStore, FrozenJob, JobProgress } from '../job-contract.js';
import { jobFrame, jobSetup, shardCount, shardRange } from './shard.js';
import { writePart } from './part-writing.js';
import { joinAsWorker, type InstallationGuard } from './installation.js';
import {
  CANCEL_POLL_MILLISECONDS,
  connectionOf,
  JOB_KEY_TTL_SECONDS,
  jobKeys,
  PROGRESS_MILLISECONDS,
  QUEUE_NAME,
  shardJobId,
  shardOptions,
  type AssembleData,
  type AssembleResult,
  type QueueSettings,
  type ShardData,
} from './queue-keys.js';

export interface QueueWorkerOptions extends QueueSettings {
  store: ArtifactStore;
  /** Shards made at once (default 1). */
  concurrency?: number;
  /** A job whose worker stops renewing its lock for this long is stalled (default 30 s). */
  lockDurationMs?: number;
  /** How often this worker looks for stalled jobs (default: lockDurationMs). */
  stalledIntervalMs?: number;
  /** One line per shard and per file. */
  log?: (line: string) => void;
  /** How to name the store in messages (describeStore). */
  storeName?: string;
}

export const CANCELLED = 'cancelled';

/**
 * Counts a finished shard, atomically with the two checks that make counts exact: not once the
 * job is cancelled (the cancel's count is final), and not once the job is gone from Redis (a
 * Redis that restarted empty: the reconciler fails it; the part must not stay).
 */
const COMMIT_SHARD = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'cancelled' end
if redis.call('EXISTS', KEYS[2]) == 0 then return 'gone' end
redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[3], ARGV[3])
return 'ok'`;

/** The frozen jobs recently seen, so a worker reading shard after shard of one job parses it once. */
const FROZEN_CACHE_SIZE = 8;

export class QueueWorker {
  private readonly worker: Worker;
  private readonly redis: Redis;
  /** For queuing the shards after the first window. */
  private readonly queue: Queue;
  private installation: InstallationGuard | null = null;
  private readonly frozen = new Map<string, { job: FrozenJob; setup: WorkerSetup }>();
  /**
   * The plan of the last job this worker made a shard of, kept warm for its next shard (one
   * plan: with datasets it can be large).
   */
  private lastPlan: { jobId: string; plan: SchemaPlan } | null = null;
  private readonly log: (line: string) => void;

  constructor(private readonly options: QueueWorkerOptions) {
    this.log = options.log ?? (() => {});
    this.redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue(QUEUE_NAME, { connection: connectionOf(options), prefix: options.prefix });
    this.queue.on('error', () => {});
    const lockDuration = options.lockDurationMs ?? 30_000;
    this.worker = new Worker(QUEUE_NAME, (job) => this.process(job), {
      connection: connectionOf(options),
      prefix: options.prefix,
      concurrency: Math.max(1, options.concurrency ?? 1),
      lockDuration,
      stalledInterval: options.stalledIntervalMs ?? lockDuration,
      maxStalledCount: 2,
      // Taking jobs starts once the installation is checked (start()).
      autorun: false,
      // BullMQ's own completed/failed counters, which /metrics shows.
      metrics: { maxDataPoints: MetricsTime.ONE_WEEK },
      // Shown as each active job's processedBy: which process on which machine holds it.
      name: `${hostname()}-${process.pid}`,
    });
    this.worker.on('error', (error) => this.log(`queue error: ${error.message}`));
  }

  /**
   * Checks that this worker shares the servers' store and version (installation.ts: waits for a
   * server's record if there is none yet; throws InstallationMismatchError otherwise), then starts
   * taking jobs.
   */
  async start(signal?: AbortSignal): Promise<void> {
    const guard = await joinAsWorker(
      {
        redis: this.redis,
        prefix: this.options.prefix,
        store: this.options.store,
        storeName: this.options.storeName ?? 'the store',
      },
      this.log,
      signal,
    );
    this.installation = guard.start((problem) => this.log(`warning: ${problem}`));
    void this.worker.run().catch((error: Error) => this.log(`queue error: ${error.message}`));
    await this.worker.waitUntilReady();
  }

  /** Stops taking jobs; `force` false waits for the current shards to finish, true lets them go (another worker retries them). */
  async close(force = false): Promise<void> {
    this.installation?.stop();
    await this.worker.close(force);
    await this.queue.close().catch(() => {});
    this.redis.disconnect();
  }

  private process(job: Job): Promise<unknown> {
    if (job.name === 'shard') return this.shard(job as Job<ShardData>);
    if (job.name === 'assemble') return this.assemble(job as Job<AssembleData>);
    throw new UnrecoverableError(`unknown job kind "${job.name}"`);
  }

  private async cancelled(jobId: string): Promise<boolean> {
    return (await this.redis.exists(jobKeys(this.options.prefix, jobId).cancel)) === 1;
  }

  private async frozenJob(jobId: string): Promise<{ job: FrozenJob; setup: WorkerSetup }> {
    const cached = this.frozen.get(jobId);
    if (cached) return cached;
    const text = await this.redis.get(jobKeys(this.options.prefix, jobId).frozen);
    if (text === null)
      throw new UnrecoverableError(`job ${jobId}: its input is gone from Redis (cancelled or expired)`);
    const job = JSON.parse(text) as FrozenJob;
    const entry = { job, setup: jobSetup(job) };
    this.frozen.set(jobId, entry);
    if (this.frozen.size > FROZEN_CACHE_SIZE) this.frozen.delete(this.frozen.keys().next().value!);
    return entry;
  }

  private planOf(jobId: string, setup: WorkerSetup): SchemaPlan {
    if (this.lastPlan?.jobId !== jobId) this.lastPlan = { jobId, plan: rangePlan(setup) };
    return this.lastPlan.plan;
  }

  private async report(job: Job, progress: JobProgress): Promise<void> {
    await job.updateProgress(progress as unknown as object);
  }

  /**
   * Rows of the shards done so far, from two O(1) reads (how many shards are done, and whether the
   * last, shorter one is): summing the tally would cost each shard a read of every other, which
   * grows with the square of the shard count.
   */
  private async rowsDone(jobId: string, frozen: FrozenJob): Promise<number> {
    const key = jobKeys(this.options.prefix, jobId).done;
    const last = shardCount(frozen) - 1;
    const [[, done], [, lastDone]] = (await this.redis.multi().hlen(key).hexists(key, String(last)).exec()) as [
      [unknown, number],
      [unknown, number],
    ];
    const full = shardRange(frozen, 0).end - shardRange(frozen, 0).start;
    const lastRows = shardRange(frozen, last).end - shardRange(frozen, last).start;
    return Math.min(frozen.count, done * full - (lastDone ? full - lastRows : 0));
  }

  private async shard(job: Job<ShardData>): Promise<{ rows: number }> {
    const { jobId, shard } = job.data;
    if (await this.cancelled(jobId)) throw new UnrecoverableError(CANCELLED);
    const { job: frozen, setup } = await this.frozenJob(jobId);
    const plan = this.planOf(jobId, setup);
    const { start, end } = shardRange(frozen, shard);
    const started = performance.now();
    await this.report(job, {
      jobId,
      status: 'running',
      recordsGenerated: await this.rowsDone(jobId, frozen),
      inFlight: 0,
    });
    const stop = new AbortController();
    const watch = setInterval(() => {
      this.cancelled(jobId).then(
        (yes) => yes && stop.abort(),
        () => {},
      );
    }, CANCEL_POLL_MILLISECONDS);
    // Rows made within the shard, reported every PROGRESS_MILLISECONDS: a status that moved only
    // per shard stood still for seconds at a time.
    const counter: RowCounter = { rows: 0 };
    let reported = 0;
    const progress = setInterval(() => {
      if (counter.rows === reported) return;
      reported = counter.rows;
      this.rowsDone(jobId, frozen)
        .then((rows) => this.report(job, { jobId, status: 'running', recordsGenerated: rows, inFlight: reported }))
        .catch(() => {});
    }, PROGRESS_MILLISECONDS);
    let bytes = 0;
    try {
      bytes = await writePart(this.options.store, {
        jobId,
        job: frozen,
        shard,
        setup,
        plan,
        counter,
        signal: stop.signal,
      });
    } catch (error) {
      if (stop.signal.aborted) throw new UnrecoverableError(CANCELLED);
      throw error;
    } finally {
      clearInterval(watch);
      clearInterval(progress);
    }
    const keys = jobKeys(this.options.prefix, jobId);
    const outcome = await this.redis.eval(
      COMMIT_SHARD,
      3,
      keys.cancel,
      keys.frozen,
      keys.done,
      String(shard),
      String(end - start),
      String(JOB_KEY_TTL_SECONDS),
    );
    if (outcome === 'cancelled') {
      await this.options.store.remove(jobId); // published just as the job was cancelled: take it back
      throw new UnrecoverableError(CANCELLED);
    }
    if (outcome === 'gone') {
      // The job is no longer in Redis (it restarted empty, or the job expired): nobody will
      // assemble it. Its parts go, unless its file is there (this was a late duplicate).
      if ((await this.options.store.fileSize(jobId)) === null) await this.options.store.remove(jobId);
      throw new UnrecoverableError(`job ${jobId} is gone from the queue`);
    }
    await this.queueNext(job, shardCount(frozen));
    const seconds = (performance.now() - started) / 1000;
    await this.report(job, {
      jobId,
      status: 'running',
      recordsGenerated: await this.rowsDone(jobId, frozen),
      inFlight: 0,
    });
    this.log(
      `job ${jobId} shard ${shard + 1}/${shardCount(frozen)} rows ${start}-${end} done in ${seconds.toFixed(2)} s (${bytes} bytes, ${Math.round((end - start) / Math.max(seconds, 1e-3))} rows/s, attempt ${job.attemptsMade + 1})`,
    );
    return { rows: end - start };
  }

  /**
   * Queues the shard one window further on, as a child of the same assembler. This shard is still
   * one of the assembler's pending children while it does so, so the assembler cannot start early;
   * a cancelled or finished job's assembler is gone or past waiting, and gets no more shards.
   */
  private async queueNext(job: Job<ShardData>, shards: number): Promise<void> {
    const { jobId, shard, window } = job.data;
    if (!window || shard + window >= shards || !job.parent) return;
    const next = shard + window;
    if (await this.redis.hexists(jobKeys(this.options.prefix, jobId).done, String(next))) return; // a late duplicate of this shard
    if ((await this.queue.getJobState(jobId)) !== 'waiting-children') return;
    const retry = {
      attempts: job.opts.attempts ?? 3,
      backoff: (job.opts.backoff as { type: string; delay: number }) ?? { type: 'exponential', delay: 2000 },
    };
    try {
      await this.queue.add(
        'shard',
        { jobId, shard: next, window },
        {
          jobId: shardJobId(jobId, next),
          ...shardOptions(next, retry),
          parent: { id: job.parent.id!, queue: job.parent.queueKey ?? `${this.options.prefix}:${QUEUE_NAME}` },
        },
      );
    } catch (error) {
      if (await this.cancelled(jobId)) return; // removed by the cancel meanwhile
      throw error;
    }
  }

  private async assemble(job: Job<AssembleData>): Promise<AssembleResult> {
    const { jobId } = job.data;
    if (await this.cancelled(jobId)) throw new UnrecoverableError(CANCELLED);
    const { job: frozen } = await this.frozenJob(jobId);
    await this.report(job, { jobId, status: 'assembling', recordsGenerated: frozen.count });
    const { head, tail } = jobFrame(frozen);
    const started = performance.now();
    const bytes = await this.options.store.assemble(jobId, shardCount(frozen), head, tail);
    if (await this.cancelled(jobId)) {
      await this.options.store.remove(jobId);
      throw new UnrecoverableError(CANCELLED);
    }
    const keys = jobKeys(this.options.prefix, jobId);
    await this.redis.del(keys.frozen, keys.done);
    this.frozen.delete(jobId);
    this.log(
      `job ${jobId} file assembled from ${shardCount(frozen)} shards in ${((performance.now() - started) / 1000).toFixed(2)} s (${bytes} bytes)`,
    );
    return { jobId, bytes, recordsGenerated: frozen.count };
  }
}
