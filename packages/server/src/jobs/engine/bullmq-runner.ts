/**
 * The JobRunner on BullMQ (Redis): the API side. submit() stores the FrozenJob once and adds a
 * flow: a parent "assemble" job whose children are the shards, so the assembler runs only when
 * every shard is done, on whichever `rowloom worker` takes it. Only the first SHARD_WINDOW shards
 * are queued up front; each finishing shard queues the one SHARD_WINDOW further on (while it still
 * holds the parent open), so a job of any size costs Redis a few hundred jobs at a time. Shards
 * retry with exponential backoff; a worker that dies mid-shard loses its lock and BullMQ's
 * stalled-job check hands the shard to another worker. Progress comes back through QueueEvents
 * (the workers call job.updateProgress with a JobProgress); this runner never touches the
 * database.
 *
 * A finished assembler job stays in the queue (FINISHED_JOB_TTL_SECONDS) until the API has
 * recorded it and calls forget(): a job that finished while every API server was down is found
 * there by the reconciler (inspect()).
 *
 * Cancel: a flag in Redis that shard workers read every CANCEL_POLL_MILLISECONDS between batches
 * (they stop and fail the shard without retry); a shard is only counted done if the flag is not
 * set (queue-worker.ts, atomically), so the rows counted at the cancel are final. The flow is then
 * removed once no worker holds a lock on it (BullMQ's remove answers 0, not an error, while one
 * does), and the artifacts go.
 */
import { FlowProducer, Job, Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type {
  ArtifactStore,
  FrozenJob,
  JobProgress,
  JobRunner,
  QueueHealth,
  QueueMetrics,
  QueueView,
} from '../job-contract.js';
import { QueueUnavailableError } from '../job-contract.js';
import { frozenJobBytes } from '../frozen-job-json.js';
import { checkJobId, jobFrame, shardCount } from './shard.js';
import { InstallationMismatchError, joinAsServer, type InstallationGuard } from './installation.js';
import { ProgressListeners } from './progress-listeners.js';
import {
  CANCEL_TTL_SECONDS,
  connectionOf,
  failFastOptions,
  FINISHED_JOB_TTL_SECONDS,
  isShardJobId,
  JOB_KEY_TTL_SECONDS,
  jobKeys,
  QUEUE_NAME,
  SHARD_WINDOW,
  shardJobId,
  shardOptions,
  within,
  type AssembleResult,
  type QueueSettings,
} from './queue-keys.js';

export interface BullMQRunnerOptions extends QueueSettings {
  store: ArtifactStore;
  /** How to name the store in messages (describeStore); default "the store". */
  storeName?: string;
  /** Who submits, in messages: "this server" or "this command". */
  who?: string;
  /** Tries per shard and for the assembler (default 3). */
  attempts?: number;
  /** First retry's delay; doubles each time (default 2000 ms). */
  backoffMs?: number;
  /** Shards queued at once per job (default SHARD_WINDOW). */
  shardWindow?: number;
  /** How long a submission may take before it is refused with a 503 (default 5000 ms). */
  submitTimeoutMs?: number;
  /** How long cancel keeps trying to remove a job a worker still holds (default 60 s: past a dead worker's lock). */
  removalWaitMs?: number;
}

/** How long a question to Redis may take before the answer is "unreachable". */
const PROBE_MILLISECONDS = 2000;
const REMOVAL_RETRY_MILLISECONDS = 200;

const rowsOf = (tally: string[]) => tally.reduce((sum, rows) => sum + Number(rows), 0);

export class BullMQRunner implements JobRunner {
  private readonly listeners = new ProgressListeners();
  private readonly queue: Queue;
  private readonly flows: FlowProducer;
  private readonly events: QueueEvents;
  private readonly redis: Redis;
  /** Fails at once while disconnected: for "is Redis there?" and the figures. */
  private readonly probe: Redis;
  private started: Promise<void> | null = null;
  private installation: InstallationGuard | null = null;
  private readonly removals = new Set<Promise<void>>();
  private readonly stop = new AbortController();

  constructor(private readonly options: BullMQRunnerOptions) {
    const connection = connectionOf(options);
    this.queue = new Queue(QUEUE_NAME, { connection, prefix: options.prefix });
    this.flows = new FlowProducer({ connection, prefix: options.prefix });
    this.events = new QueueEvents(QUEUE_NAME, { connection, prefix: options.prefix });
    this.redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.probe = new Redis(options.redisUrl, failFastOptions());
    for (const client of [this.redis, this.probe]) client.on('error', () => {}); // reconnects on its own; health says so
    this.queue.on('error', () => {});
    this.flows.on('error', () => {});
    this.events.on('error', () => {});
    this.events.on('progress', ({ data }) => this.relay(data));
    this.events.on('completed', ({ jobId, returnvalue }) => this.completed(jobId, returnvalue));
    this.events.on('failed', ({ jobId, failedReason }) => void this.failed(jobId, failedReason));
  }

  /**
   * Ready to submit: listening to the queue's events (so no progress of a new job is missed), and
   * the installation checked (installation.ts). Rejects with InstallationMismatchError when this
   * process's store or version is not the one the others on the prefix use.
   */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.events.waitUntilReady();
      const guard = await joinAsServer(
        {
          redis: this.redis,
          prefix: this.options.prefix,
          store: this.options.store,
          storeName: this.options.storeName ?? 'the store',
        },
        this.options.who,
      );
      this.installation = guard.start((problem) => process.emitWarning(problem));
    })();
    this.started.catch(() => {
      this.started = null; // the next submission or start tries again
    });
    return this.started;
  }

  async submit(job: FrozenJob): Promise<void> {
    checkJobId(job.id);
    jobFrame(job); // a bad schema fails the submission, before anything is queued
    await this.reachable();
    const timeout = this.options.submitTimeoutMs ?? 5000;
    try {
      await within(this.start(), timeout, 'Redis');
      await within(this.enqueue(job), timeout, 'Redis');
    } catch (error) {
      if (error instanceof InstallationMismatchError)
        throw new QueueUnavailableError(`the job queue is misconfigured: ${error.message}`);
      throw new QueueUnavailableError(`the job queue (Redis) did not take the job: ${(error as Error).message}`);
    }
    this.listeners.emit({ jobId: job.id, status: 'queued', recordsGenerated: 0 });
  }

  private async enqueue(job: FrozenJob): Promise<void> {
    const keys = jobKeys(this.options.prefix, job.id);
    await this.redis
      .multi()
      .set(keys.frozen, frozenJobBytes(job), 'EX', JOB_KEY_TTL_SECONDS)
      .del(keys.done, keys.cancel)
      .exec();
    const retry = {
      attempts: this.options.attempts ?? 3,
      backoff: { type: 'exponential', delay: this.options.backoffMs ?? 2000 },
    };
    const window = Math.max(1, this.options.shardWindow ?? SHARD_WINDOW);
    const finished = {
      removeOnComplete: { age: FINISHED_JOB_TTL_SECONDS },
      removeOnFail: { age: FINISHED_JOB_TTL_SECONDS },
    };
    await this.flows.add({
      name: 'assemble',
      queueName: QUEUE_NAME,
      data: { jobId: job.id },
      opts: { jobId: job.id, ...retry, ...finished },
      children: Array.from({ length: Math.min(window, shardCount(job)) }, (_, shard) => ({
        name: 'shard',
        queueName: QUEUE_NAME,
        data: { jobId: job.id, shard, window },
        opts: { jobId: shardJobId(job.id, shard), ...shardOptions(shard, retry) },
      })),
    });
  }

  async cancel(jobId: string): Promise<{ recordsGenerated: number }> {
    checkJobId(jobId);
    const keys = jobKeys(this.options.prefix, jobId);
    await this.redis.set(keys.cancel, '1', 'EX', CANCEL_TTL_SECONDS);
    // From here no shard is counted done (queue-worker.ts commits a shard only without the flag).
    const recordsGenerated = rowsOf(await this.redis.hvals(keys.done));
    this.removeWhenReleased(jobId);
    this.listeners.emit({ jobId, status: 'cancelled', recordsGenerated });
    return { recordsGenerated };
  }

  async inspect(jobId: string): Promise<QueueView> {
    checkJobId(jobId);
    await this.reachable();
    return within(this.view(jobId), PROBE_MILLISECONDS * 2, 'Redis');
  }

  private async view(jobId: string): Promise<QueueView> {
    const keys = jobKeys(this.options.prefix, jobId);
    const [cancelled, tally] = await Promise.all([this.redis.exists(keys.cancel), this.redis.hvals(keys.done)]);
    const recordsGenerated = rowsOf(tally);
    const job = await Job.fromId(this.queue, jobId);
    const state = job ? await job.getState() : 'unknown';
    if (cancelled) return { state: 'cancelled', recordsGenerated };
    if (!job || state === 'unknown') return { state: 'missing' };
    if (state === 'completed') {
      const result = (
        typeof job.returnvalue === 'string' ? JSON.parse(job.returnvalue) : job.returnvalue
      ) as AssembleResult;
      return { state: 'done', bytes: result.bytes, recordsGenerated: result.recordsGenerated };
    }
    if (state === 'failed')
      return {
        state: 'failed',
        recordsGenerated,
        error: (await this.shardFailure(job.failedReason)) ?? job.failedReason,
      };
    if (state === 'waiting-children')
      return { state: 'active', status: recordsGenerated > 0 ? 'running' : 'queued', recordsGenerated };
    return { state: 'active', status: 'assembling', recordsGenerated };
  }

  async forget(jobId: string): Promise<void> {
    checkJobId(jobId);
    const keys = jobKeys(this.options.prefix, jobId);
    await this.queue.remove(jobId, { removeChildren: true });
    await this.redis.del(keys.frozen, keys.done);
  }

  async health(): Promise<QueueHealth> {
    try {
      await this.reachable();
      const workers = await within(this.queue.getWorkersCount(), PROBE_MILLISECONDS, 'Redis').catch(() => null);
      return { kind: 'redis', reachable: true, workers };
    } catch (error) {
      return { kind: 'redis', reachable: false, workers: null, error: (error as Error).message };
    }
  }

  async metrics(): Promise<QueueMetrics> {
    await this.reachable();
    return within(
      (async () => {
        const [jobs, workers, completed, failed] = await Promise.all([
          this.queue.getJobCounts(
            'wait',
            'prioritized',
            'waiting-children',
            'active',
            'delayed',
            'completed',
            'failed',
          ),
          this.queue.getWorkersCount(),
          this.queue.getMetrics('completed', 0, 0),
          this.queue.getMetrics('failed', 0, 0),
        ]);
        return {
          jobs,
          workers,
          completedTotal: Number(completed.meta.count) || 0,
          failedTotal: Number(failed.meta.count) || 0,
        };
      })(),
      PROBE_MILLISECONDS * 2,
      'Redis',
    );
  }

  onProgress(listener: (progress: JobProgress) => void): void {
    this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.stop.abort();
    this.installation?.stop();
    await Promise.allSettled([...this.removals]);
    await Promise.allSettled([this.events.close(), this.flows.close(), this.queue.close()]);
    this.redis.disconnect();
    this.probe.disconnect();
  }

  /** Throws QueueUnavailableError unless Redis answers a PING within PROBE_MILLISECONDS. */
  private async reachable(): Promise<void> {
    try {
      // Just made, or reconnecting: a connection that comes up within the time counts.
      if (this.probe.status !== 'ready')
        await within(new Promise((resolve) => this.probe.once('ready', resolve)), PROBE_MILLISECONDS, 'Redis');
      await within(this.probe.ping(), PROBE_MILLISECONDS, 'Redis');
    } catch (error) {
      throw new QueueUnavailableError(
        `the job queue (Redis at ${this.options.redisUrl.replace(/\/\/[^@/]*@/, '//***@')}) does not answer: ${(error as Error).message}`,
      );
    }
  }

  /**
   * Removes the assembler and its shards, then the artifacts, in the background. A shard a worker
   * holds cannot be removed (BullMQ answers 0): the worker sees the cancel flag within a second
   * and lets go, or, if it died, its lock expires; until then this tries again.
   */
  private removeWhenReleased(jobId: string): void {
    const keys = jobKeys(this.options.prefix, jobId);
    const deadline = Date.now() + (this.options.removalWaitMs ?? 60_000);
    const work = (async () => {
      while ((await this.queue.remove(jobId, { removeChildren: true })) !== 1) {
        if (Date.now() > deadline || this.stop.signal.aborted)
          throw new Error(
            `job ${jobId} is still held by a worker; the queue removes it when it fails (or after ${FINISHED_JOB_TTL_SECONDS / 3600} h)`,
          );
        await new Promise((resolve) => setTimeout(resolve, REMOVAL_RETRY_MILLISECONDS));
      }
      await this.options.store.remove(jobId);
      await this.redis.del(keys.frozen, keys.done);
    })().catch((error: unknown) => process.emitWarning(`cancelling job ${jobId}: ${(error as Error).message}`));
    this.removals.add(work);
    void work.finally(() => this.removals.delete(work));
  }

  private relay(data: unknown): void {
    const progress = data as JobProgress;
    if (
      progress &&
      typeof progress === 'object' &&
      typeof progress.jobId === 'string' &&
      typeof progress.status === 'string'
    )
      this.listeners.emit(progress);
  }

  private completed(jobId: string, returnvalue: unknown): void {
    if (isShardJobId(jobId)) return;
    const result = (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as AssembleResult;
    this.listeners.emit({
      jobId: result.jobId ?? jobId,
      status: 'done',
      recordsGenerated: result.recordsGenerated,
      bytes: result.bytes,
    });
  }

  /** The assembler failed for good (a shard out of tries fails it too): unless cancelled, say why and clean up. */
  private async failed(jobId: string, reason: string): Promise<void> {
    if (isShardJobId(jobId)) return;
    const keys = jobKeys(this.options.prefix, jobId);
    try {
      if (await this.redis.exists(keys.cancel)) {
        this.removeWhenReleased(jobId); // a cancelled job's shards let go: nothing holds it now
        return;
      }
      const error = (await this.shardFailure(reason)) ?? reason;
      const done = await this.redis.hvals(keys.done);
      this.listeners.emit({ jobId, status: 'failed', recordsGenerated: rowsOf(done), error });
      await this.options.store.remove(jobId);
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
