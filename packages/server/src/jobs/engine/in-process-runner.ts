/**
 * The JobRunner without Redis: shards run on this server's generation threads (the shared
 * GenerationPool, so a background job takes turns with interactive requests rather than
 * blocking them), a few shards at a time across all jobs, written to the same ArtifactStore as
 * the BullMQ workers would, and assembled the same way. Nothing survives a restart: the API
 * marks jobs that were running as failed when it starts (it owns the downloads table).
 */
import type { GenerationPool, WorkerSetup } from '@rowloom/core';
import type { ArtifactStore, FrozenJob, JobProgress, JobRunner, QueueHealth } from '../job-contract.js';
import { checkJobId, jobFrame, jobSetup, shardCount, shardPart, shardRange } from './shard.js';
import { ProgressListeners } from './progress-listeners.js';

export interface InProcessRunnerOptions {
  store: ArtifactStore;
  pool: GenerationPool;
  /** Shards made at once, over all jobs (default 1: background work leaves the pool's other threads to requests). */
  concurrency?: number;
  /** Tries per shard (default 2): a thread that dies (out of memory) costs one. */
  attempts?: number;
}

interface Running {
  job: FrozenJob;
  stop: AbortController;
  rowsDone: number;
}

export class InProcessRunner implements JobRunner {
  private readonly listeners = new ProgressListeners();
  private readonly running = new Map<string, Running>();
  /** Shards waiting for a slot, first come first served over all jobs. */
  private readonly waiting: (() => void)[] = [];
  private busy = 0;
  private closed = false;

  constructor(private readonly options: InProcessRunnerOptions) {}

  async submit(job: FrozenJob): Promise<void> {
    if (this.closed) throw new Error('the job runner is closed');
    checkJobId(job.id);
    if (this.running.has(job.id)) throw new Error(`job ${job.id} is running already`);
    const frame = jobFrame(job); // a bad schema fails the submission, before any work
    const entry: Running = { job, stop: new AbortController(), rowsDone: 0 };
    this.running.set(job.id, entry);
    this.emit(entry, 'queued');
    void this.run(entry, frame.head, frame.tail);
  }

  async cancel(jobId: string): Promise<{ recordsGenerated: number }> {
    const entry = this.running.get(jobId);
    if (entry) {
      this.running.delete(jobId);
      entry.stop.abort();
    }
    await this.options.store.remove(jobId);
    if (entry) this.listeners.emit({ jobId, status: 'cancelled', recordsGenerated: entry.rowsDone });
    return { recordsGenerated: entry?.rowsDone ?? 0 };
  }

  /** The shards run on this server's own threads: always there. */
  async health(): Promise<QueueHealth> {
    return { kind: 'in-process', reachable: true, workers: 1 };
  }

  onProgress(listener: (progress: JobProgress) => void): void {
    this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.running.values()) entry.stop.abort();
    this.running.clear();
  }

  private emit(entry: Running, status: JobProgress['status'], extra: Partial<JobProgress> = {}): void {
    if (this.running.get(entry.job.id) !== entry) return; // cancelled: nothing more is said about it
    this.listeners.emit({ jobId: entry.job.id, status, recordsGenerated: entry.rowsDone, ...extra });
  }

  private async run(entry: Running, head: Buffer, tail: Buffer): Promise<void> {
    const { job, stop } = entry;
    const { store } = this.options;
    try {
      const setup = jobSetup(job);
      const shards = shardCount(job);
      let next = 0;
      // Each shard takes a slot; the shards of one job run in order of their index.
      const lanes = Array.from({ length: Math.min(shards, this.options.concurrency ?? 1) }, async () => {
        while (next < shards && !stop.signal.aborted) {
          const shard = next++;
          await this.inSlot(() => this.runShard(entry, setup, shard));
        }
      });
      await Promise.all(lanes);
      if (stop.signal.aborted) return;
      this.emit(entry, 'assembling');
      const bytes = await store.assemble(job.id, shards, head, tail);
      if (stop.signal.aborted) {
        await store.remove(job.id); // cancelled while assembling: the file must not stay
        return;
      }
      this.emit(entry, 'done', { bytes });
    } catch (error) {
      if (stop.signal.aborted) return;
      this.emit(entry, 'failed', { error: (error as Error).message });
      await store.remove(job.id).catch(() => {});
    } finally {
      if (this.running.get(job.id) === entry) this.running.delete(job.id);
    }
  }

  private async runShard(entry: Running, setup: WorkerSetup, shard: number): Promise<void> {
    const { job, stop } = entry;
    const { start, end } = shardRange(job, shard);
    const attempts = Math.max(1, this.options.attempts ?? 2);
    for (let attempt = 1; ; attempt++) {
      if (stop.signal.aborted) return;
      if (entry.rowsDone === 0) this.emit(entry, 'running');
      try {
        await this.options.store.putPart(
          job.id,
          shard,
          shardPart(job, setup, this.options.pool.rows(setup, start, end, stop.signal)),
        );
        break;
      } catch (error) {
        if (stop.signal.aborted || attempt >= attempts) throw error;
      }
    }
    if (stop.signal.aborted) {
      await this.options.store.remove(job.id); // published just as the job was cancelled: take it back
      return;
    }
    entry.rowsDone += end - start;
    this.emit(entry, 'running');
  }

  private async inSlot<T>(work: () => Promise<T>): Promise<T> {
    const limit = Math.max(1, this.options.concurrency ?? 1);
    while (this.busy >= limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy++;
    try {
      return await work();
    } finally {
      this.busy--;
      this.waiting.shift()?.();
    }
  }
}
