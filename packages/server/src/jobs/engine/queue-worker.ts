/**
 * The worker side of the BullMQ runner (what `rowloom worker` runs): takes shard and assembler
 * jobs from the queue. A shard's rows are made on this process's main thread a batch (~64 KiB
 * or 50 ms) at a time, yielding to the event loop between batches so BullMQ keeps renewing the
 * lock and the cancel flag is read; shards of `concurrency` jobs interleave batch by batch
 * (useful to overlap an S3 upload with generation). For more CPU, run more worker processes:
 * one per core is the intended shape, and a crashed process then costs one shard.
 */
import { hostname } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { WorkerSetup } from '@rowloom/core';
import type { ArtifactStore, FrozenJob, JobProgress } from '../job-contract.js';
import { jobFrame, jobSetup, shardBytes, shardCount, shardRange } from './shard.js';
import { CANCEL_POLL_MILLISECONDS, connectionOf, jobKeys, QUEUE_NAME, type AssembleData, type AssembleResult, type QueueSettings, type ShardData } from './queue-keys.js';

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
}

export const CANCELLED = 'cancelled';

/** The frozen jobs recently seen, so a worker reading shard after shard of one job parses it once. */
const FROZEN_CACHE_SIZE = 8;

export class QueueWorker {
  private readonly worker: Worker;
  private readonly redis: Redis;
  private readonly frozen = new Map<string, { job: FrozenJob; setup: WorkerSetup }>();
  private readonly log: (line: string) => void;

  constructor(private readonly options: QueueWorkerOptions) {
    this.log = options.log ?? (() => {});
    this.redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    const lockDuration = options.lockDurationMs ?? 30_000;
    this.worker = new Worker(QUEUE_NAME, (job) => this.process(job), {
      connection: connectionOf(options),
      prefix: options.prefix,
      concurrency: Math.max(1, options.concurrency ?? 1),
      lockDuration,
      stalledInterval: options.stalledIntervalMs ?? lockDuration,
      maxStalledCount: 2,
      // Shown as each active job's processedBy: which process on which machine holds it.
      name: `${hostname()}-${process.pid}`,
    });
    this.worker.on('error', (error) => this.log(`queue error: ${error.message}`));
  }

  waitUntilReady(): Promise<unknown> {
    return this.worker.waitUntilReady();
  }

  /** Stops taking jobs; `force` false waits for the current shards to finish, true lets them go (another worker retries them). */
  async close(force = false): Promise<void> {
    await this.worker.close(force);
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
    if (text === null) throw new UnrecoverableError(`job ${jobId}: its input is gone from Redis (cancelled or expired)`);
    const job = JSON.parse(text) as FrozenJob;
    const entry = { job, setup: jobSetup(job) };
    this.frozen.set(jobId, entry);
    if (this.frozen.size > FROZEN_CACHE_SIZE) this.frozen.delete(this.frozen.keys().next().value!);
    return entry;
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
    const [[, done], [, lastDone]] = (await this.redis.multi().hlen(key).hexists(key, String(last)).exec()) as [[unknown, number], [unknown, number]];
    const full = shardRange(frozen, 0).end - shardRange(frozen, 0).start;
    const lastRows = shardRange(frozen, last).end - shardRange(frozen, last).start;
    return Math.min(frozen.count, done * full - (lastDone ? full - lastRows : 0));
  }

  private async shard(job: Job<ShardData>): Promise<{ rows: number }> {
    const { jobId, shard } = job.data;
    if (await this.cancelled(jobId)) throw new UnrecoverableError(CANCELLED);
    const { job: frozen, setup } = await this.frozenJob(jobId);
    const { start, end } = shardRange(frozen, shard);
    const started = performance.now();
    await this.report(job, { jobId, status: 'running', recordsGenerated: await this.rowsDone(jobId, frozen) });
    const stop = new AbortController();
    const watch = setInterval(() => {
      this.cancelled(jobId).then((yes) => yes && stop.abort(), () => {});
    }, CANCEL_POLL_MILLISECONDS);
    let bytes = 0;
    try {
      await this.options.store.putPart(jobId, shard, counted(paced(shardBytes(frozen, shard, setup), stop.signal), (n) => (bytes += n)));
    } catch (error) {
      if (stop.signal.aborted) throw new UnrecoverableError(CANCELLED);
      throw error;
    } finally {
      clearInterval(watch);
    }
    if (await this.cancelled(jobId)) {
      await this.options.store.remove(jobId); // published just as the job was cancelled: take it back
      throw new UnrecoverableError(CANCELLED);
    }
    const keys = jobKeys(this.options.prefix, jobId);
    await this.redis.hset(keys.done, String(shard), String(end - start));
    const seconds = (performance.now() - started) / 1000;
    await this.report(job, { jobId, status: 'running', recordsGenerated: await this.rowsDone(jobId, frozen) });
    this.log(`job ${jobId} shard ${shard + 1}/${shardCount(frozen)} rows ${start}-${end} done in ${seconds.toFixed(2)} s (${bytes} bytes, ${Math.round((end - start) / Math.max(seconds, 1e-3))} rows/s, attempt ${job.attemptsMade + 1})`);
    return { rows: end - start };
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
    this.log(`job ${jobId} file assembled from ${shardCount(frozen)} shards in ${((performance.now() - started) / 1000).toFixed(2)} s (${bytes} bytes)`);
    return { jobId, bytes, recordsGenerated: frozen.count };
  }
}

/** The batches of a synchronous generator, with a turn of the event loop between them; stops when `signal` aborts. */
async function* paced(batches: Iterable<Buffer>, signal: AbortSignal): AsyncGenerator<Buffer> {
  for (const batch of batches) {
    if (signal.aborted) throw new Error(CANCELLED);
    yield batch;
    await nextTurn();
  }
}

async function* counted(source: AsyncIterable<Buffer>, add: (bytes: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    add(chunk.length);
    yield chunk;
  }
}
