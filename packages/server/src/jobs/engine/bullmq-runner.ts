/**
 * The JobRunner on BullMQ (Redis): the API side. submit() stores the FrozenJob once and adds a
 * flow: a parent "assemble" job whose children are the shards, so the assembler runs only when
 * every shard is done, on whichever `rowloom worker` takes it. Shards retry with exponential
 * backoff; a worker that dies mid-shard loses its lock and BullMQ's stalled-job check hands the
 * shard to another worker. Progress comes back through QueueEvents (the workers call
 * job.updateProgress with a JobProgress); this runner never touches the database.
 *
 * Cancel: a flag in Redis that shard workers read every CANCEL_POLL_MILLISECONDS between
 * batches (they stop and fail the shard without retry), then the flow is removed (once no
 * worker holds a lock on it) and the artifacts go.
 */
import { FlowProducer, Job, Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { ArtifactStore, FrozenJob, JobProgress, JobRunner } from '../job-contract.js';
import { frozenJobBytes } from '../frozen-job-json.js';
import { checkJobId, jobFrame, shardCount } from './shard.js';
import { ProgressListeners } from './progress-listeners.js';
import { CANCEL_TTL_SECONDS, connectionOf, isShardJobId, JOB_KEY_TTL_SECONDS, jobKeys, QUEUE_NAME, shardJobId, type AssembleResult, type QueueSettings } from './queue-keys.js';

export interface BullMQRunnerOptions extends QueueSettings {
  store: ArtifactStore;
  /** Tries per shard and for the assembler (default 3). */
  attempts?: number;
  /** First retry's delay; doubles each time (default 2000 ms). */
  backoffMs?: number;
}

/** How long cancel() waits for workers to let go of the job's shards before removing it anyway. */
const CANCEL_WAIT_MILLISECONDS = 10_000;

export class BullMQRunner implements JobRunner {
  private readonly listeners = new ProgressListeners();
  private readonly queue: Queue;
  private readonly flows: FlowProducer;
  private readonly events: QueueEvents;
  private readonly redis: Redis;
  private readonly ready: Promise<unknown>;

  constructor(private readonly options: BullMQRunnerOptions) {
    const connection = connectionOf(options);
    this.queue = new Queue(QUEUE_NAME, { connection, prefix: options.prefix });
    this.flows = new FlowProducer({ connection, prefix: options.prefix });
    this.events = new QueueEvents(QUEUE_NAME, { connection, prefix: options.prefix });
    this.redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.events.on('progress', ({ data }) => this.relay(data));
    this.events.on('completed', ({ jobId, returnvalue }) => this.completed(jobId, returnvalue));
    this.events.on('failed', ({ jobId, failedReason }) => void this.failed(jobId, failedReason));
    this.ready = this.events.waitUntilReady();
  }

  async submit(job: FrozenJob): Promise<void> {
    checkJobId(job.id);
    jobFrame(job); // a bad schema fails the submission, before anything is queued
    await this.ready; // progress events of this job must not be missed
    const keys = jobKeys(this.options.prefix, job.id);
    await this.redis.multi().set(keys.frozen, frozenJobBytes(job), 'EX', JOB_KEY_TTL_SECONDS).del(keys.done, keys.cancel).exec();
    const retry = { attempts: this.options.attempts ?? 3, backoff: { type: 'exponential', delay: this.options.backoffMs ?? 2000 } };
    const finished = { removeOnComplete: true, removeOnFail: { age: 24 * 3600 } };
    await this.flows.add({
      name: 'assemble',
      queueName: QUEUE_NAME,
      data: { jobId: job.id },
      opts: { jobId: job.id, ...retry, ...finished },
      children: Array.from({ length: shardCount(job) }, (_, shard) => ({
        name: 'shard',
        queueName: QUEUE_NAME,
        data: { jobId: job.id, shard },
        // Lower shards first, so the file's beginning is ready first and progress is even.
        opts: { jobId: shardJobId(job.id, shard), ...retry, ...finished, failParentOnFailure: true, priority: Math.min(shard + 1, 2_097_152) },
      })),
    });
    this.listeners.emit({ jobId: job.id, status: 'queued', recordsGenerated: 0 });
  }

  async cancel(jobId: string): Promise<void> {
    checkJobId(jobId);
    const keys = jobKeys(this.options.prefix, jobId);
    await this.redis.set(keys.cancel, '1', 'EX', CANCEL_TTL_SECONDS);
    await this.removeFlow(jobId);
    await this.options.store.remove(jobId);
    const done = await this.redis.hvals(keys.done);
    await this.redis.del(keys.frozen, keys.done);
    this.listeners.emit({ jobId, status: 'cancelled', recordsGenerated: done.reduce((sum, rows) => sum + Number(rows), 0) });
  }

  onProgress(listener: (progress: JobProgress) => void): void {
    this.listeners.add(listener);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.events.close(), this.flows.close(), this.queue.close()]);
    this.redis.disconnect();
  }

  /**
   * Removes the assembler and its shards. A shard a worker holds cannot be removed; the worker
   * sees the flag and lets go (its shard fails, which fails the assembler), so this tries again
   * until nothing of the flow is locked.
   */
  private async removeFlow(jobId: string): Promise<void> {
    const deadline = Date.now() + CANCEL_WAIT_MILLISECONDS;
    for (;;) {
      try {
        await this.queue.remove(jobId, { removeChildren: true });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`job ${jobId} could not be removed from the queue: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  private relay(data: unknown): void {
    const progress = data as JobProgress;
    if (progress && typeof progress === 'object' && typeof progress.jobId === 'string' && typeof progress.status === 'string') this.listeners.emit(progress);
  }

  private completed(jobId: string, returnvalue: unknown): void {
    if (isShardJobId(jobId)) return;
    const result = (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as AssembleResult;
    this.listeners.emit({ jobId: result.jobId ?? jobId, status: 'done', recordsGenerated: result.recordsGenerated, bytes: result.bytes });
  }

  /** The assembler failed for good (a shard out of tries fails it too): unless cancelled, say why and clean up. */
  private async failed(jobId: string, reason: string): Promise<void> {
    if (isShardJobId(jobId)) return;
    const keys = jobKeys(this.options.prefix, jobId);
    try {
      if (await this.redis.exists(keys.cancel)) return;
      const error = (await this.shardFailure(reason)) ?? reason;
      const done = await this.redis.hvals(keys.done);
      this.listeners.emit({ jobId, status: 'failed', recordsGenerated: done.reduce((sum, rows) => sum + Number(rows), 0), error });
      await this.options.store.remove(jobId);
      await this.redis.del(keys.frozen, keys.done);
    } catch (error) {
      process.emitWarning(`cleaning up failed job ${jobId}: ${(error as Error).message}`);
    }
  }

  /** The failing shard's own message, which says more than BullMQ's "child <key> failed". */
  private async shardFailure(reason: string): Promise<string | null> {
    const child = /^child .*:([A-Za-z0-9_-]+-shard-\d+) failed$/.exec(reason);
    if (!child) return null;
    const shard = await Job.fromId(this.queue, child[1]);
    return shard?.failedReason ? `shard ${Number(child[1].split('-shard-')[1]) + 1}: ${shard.failedReason}` : null;
  }
}
