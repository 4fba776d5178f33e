/**
 * A server's generation threads: a fixed cap of long-lived worker threads (pool-worker.ts)
 * shared by every request, so the main thread only compiles (to validate) and forwards bytes,
 * and no request, however slow its rows, holds the event loop.
 *
 * - A job goes to the least-loaded thread that is not stuck; threads start lazily, up to the cap.
 * - Each thread takes turns between its jobs a batch at a time; each job has at most CREDITS
 *   batches in flight, so a reader that stops stops its job (back-pressure, bounded memory).
 * - A thread whose current job has run one turn for longer than `stuckMs` is stuck on a slow
 *   row: the job is marked slow, and the thread's other jobs move to another thread and resume
 *   at the row they had reached (rows are pure functions of their index, so the bytes are the
 *   same). A cancelled job still holding a thread (a time limit, a client gone) gets the thread
 *   terminated and replaced.
 * - The first thread is an express lane that slow jobs may not use: when one is found there,
 *   the thread is replaced and the job resumes on another, so small requests always have a
 *   thread that answers within about `stuckMs` (with one thread in all, everything shares it).
 * - A thread that dies (out of memory: each has a heap limit) fails the job it was working on
 *   and its other jobs resume elsewhere.
 */
import { Worker } from 'node:worker_threads';
import type { WorkerSetup } from './generate-worker.js';
import type { PoolReply, PoolRequest } from './pool-worker.js';

/** Batches one job may have in flight between the thread and its reader. */
const CREDITS = 2;
/** How often the pool looks for stuck threads. */
const WATCH_MILLISECONDS = 50;
/** A normal turn takes at most about 50 ms (one batch); five times that means a slow row. */
const DEFAULT_STUCK_MILLISECONDS = 250;

export interface PoolOptions {
  /** Most threads (each a V8 heap with its own copy of the data tables, roughly 60-100 MB). */
  maxThreads: number;
  /** Heap limit of each thread (old generation); a job past it fails with an error. */
  threadMemoryMb?: number;
  /** A turn longer than this means a slow row holds the thread: its other jobs move away. */
  stuckMs?: number;
}

interface PoolJob {
  /** Changes whenever the job (re)starts on a thread, so late messages of an old run are ignored. */
  runId: number;
  setup: WorkerSetup;
  /** First row not yet received. */
  next: number;
  end: number;
  thread: PoolThread | null;
  received: Buffer[];
  finished: boolean;
  error: Error | null;
  wake: (() => void) | null;
  cancelled: boolean;
  /** One of its turns took longer than stuckMs: kept off the express lane. */
  slow: boolean;
}

interface PoolThread {
  worker: Worker;
  /** Slot 0: the run id the thread is working on (0: none). */
  current: Int32Array;
  jobs: Map<number, PoolJob>;
  /** When the current run id was first seen, to time a turn. */
  currentSince: number;
  currentSeen: number;
  /** Jobs cancelled while the thread may still be inside one of their rows. */
  cancelled: Set<number>;
  dead: boolean;
  /** The express lane: never holds a job known to be slow. */
  express: boolean;
}

export class GenerationPool {
  private readonly threads: PoolThread[] = [];
  private readonly jobs = new Map<number, PoolJob>();
  private nextRunId = 1;
  private readonly watch: NodeJS.Timeout;
  private closed = false;
  private readonly stuckMs: number;

  constructor(private readonly options: PoolOptions) {
    this.stuckMs = options.stuckMs ?? DEFAULT_STUCK_MILLISECONDS;
    this.watch = setInterval(() => this.watchThreads(), WATCH_MILLISECONDS);
    this.watch.unref();
  }

  /** Threads running now (started lazily). */
  get threadCount(): number {
    return this.threads.length;
  }

  /** Jobs running or waiting for their reader now. */
  get jobCount(): number {
    return this.jobs.size;
  }

  /**
   * The bytes of rows [start, end), in order. Ending the iteration early (return/throw, as a
   * destroyed stream does) cancels the job and frees its thread.
   */
  async *rows(setup: WorkerSetup, start: number, end: number): AsyncGenerator<Buffer, void, undefined> {
    if (this.closed) throw new Error('the generation pool is closed');
    const job: PoolJob = { runId: 0, setup, next: start, end, thread: null, received: [], finished: start >= end, error: null, wake: null, cancelled: false, slow: false };
    if (!job.finished) this.place(job);
    // Threads are unref'd so an idle pool lets the process exit; a running job keeps it alive.
    this.watch.ref();
    try {
      for (;;) {
        if (job.received.length > 0) {
          const bytes = job.received.shift()!;
          if (!job.finished && job.thread) this.post(job.thread, { type: 'credit', id: job.runId });
          yield bytes;
          continue;
        }
        if (job.error) throw job.error;
        if (job.finished) return;
        await new Promise<void>((resolve) => (job.wake = resolve));
        job.wake = null;
      }
    } finally {
      if (!job.finished || job.received.length > 0) this.cancel(job);
      this.jobs.delete(job.runId);
      if (this.jobs.size === 0) this.watch.unref();
    }
  }

  /** Ends every thread; running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watch);
    for (const job of this.jobs.values()) this.fail(job, new Error('the server is shutting down'));
    await Promise.all(this.threads.splice(0).map((thread) => this.stopThread(thread)));
  }

  private place(job: PoolJob, avoid: PoolThread | null = null): void {
    const thread = this.pickThread(avoid, job.slow);
    this.jobs.delete(job.runId);
    job.runId = this.nextRunId++;
    this.jobs.set(job.runId, job);
    job.thread = thread;
    thread.jobs.set(job.runId, job);
    this.post(thread, { type: 'start', id: job.runId, setup: job.setup, start: job.next, end: job.end, credits: CREDITS - job.received.length });
  }

  /**
   * The least-loaded thread that is not stuck (for a slow job: not the express lane); a new one
   * while under the cap and every candidate is busy.
   */
  private pickThread(avoid: PoolThread | null, slow: boolean): PoolThread {
    const now = performance.now();
    const allowed = this.threads.filter((thread) => !thread.dead && thread !== avoid && !(slow && thread.express && this.options.maxThreads > 1));
    const best = allowed.filter((thread) => !this.isStuck(thread, now)).sort((a, b) => a.jobs.size - b.jobs.size)[0];
    const hasExpress = this.threads.some((thread) => thread.express && !thread.dead);
    // A slow job may add a thread only if that leaves room for the express lane.
    const canGrow = this.threads.length < this.options.maxThreads && (!slow || hasExpress || this.threads.length + 1 < this.options.maxThreads);
    if ((!best || best.jobs.size > 0) && canGrow) return this.startThread(!hasExpress && !slow);
    if (best) return best;
    // Every candidate is stuck: the least loaded still takes it (the cap on threads holds).
    return allowed.sort((a, b) => a.jobs.size - b.jobs.size)[0] ?? this.threads.find((thread) => !thread.dead) ?? this.startThread(!hasExpress);
  }

  private startThread(express: boolean): PoolThread {
    const shared = new SharedArrayBuffer(4);
    const resourceLimits = { maxYoungGenerationSizeMb: 8, ...(this.options.threadMemoryMb ? { maxOldGenerationSizeMb: this.options.threadMemoryMb } : {}) };
    const worker = new Worker(new URL('./pool-worker.js', import.meta.url), { workerData: { current: shared }, resourceLimits });
    const thread: PoolThread = { worker, current: new Int32Array(shared), jobs: new Map(), currentSince: 0, currentSeen: 0, cancelled: new Set(), dead: false, express };
    worker.on('message', (reply: PoolReply) => this.receive(thread, reply));
    worker.on('error', (error) => this.threadDied(thread, error));
    worker.on('exit', () => this.threadDied(thread, new Error('a generation thread stopped')));
    // An idle pool must not keep the process alive.
    worker.unref();
    this.threads.push(thread);
    return thread;
  }

  private receive(thread: PoolThread, reply: PoolReply): void {
    if (reply.type === 'done' || reply.type === 'failed') thread.cancelled.delete(reply.id);
    const job = thread.jobs.get(reply.id);
    if (!job || job.runId !== reply.id) return;
    if (reply.type === 'batch') {
      job.received.push(Buffer.from(reply.bytes, reply.offset, reply.length));
      job.next = reply.rowsEnd;
    } else if (reply.type === 'done') {
      job.finished = true;
      thread.jobs.delete(reply.id);
    } else {
      this.fail(job, new Error(reply.message));
    }
    job.wake?.();
  }

  private cancel(job: PoolJob): void {
    job.cancelled = true;
    const thread = job.thread;
    if (!thread || !thread.jobs.has(job.runId)) return;
    thread.jobs.delete(job.runId);
    thread.cancelled.add(job.runId);
    this.post(thread, { type: 'cancel', id: job.runId });
  }

  private fail(job: PoolJob, error: Error): void {
    job.error ??= error;
    job.thread?.jobs.delete(job.runId);
    job.wake?.();
  }

  private post(thread: PoolThread, request: PoolRequest): void {
    if (!thread.dead) thread.worker.postMessage(request);
  }

  /** The thread has spent longer than stuckMs on one turn of one job. */
  private isStuck(thread: PoolThread, now: number): boolean {
    const id = Atomics.load(thread.current, 0);
    return id !== 0 && id === thread.currentSeen && now - thread.currentSince > this.stuckMs;
  }

  private watchThreads(): void {
    const now = performance.now();
    for (const thread of [...this.threads]) {
      const id = Atomics.load(thread.current, 0);
      if (id !== thread.currentSeen) {
        thread.currentSeen = id;
        thread.currentSince = now;
        continue;
      }
      if (!this.isStuck(thread, now)) continue;
      const stuckJob = thread.jobs.get(id);
      if (stuckJob) stuckJob.slow = true;
      if (thread.cancelled.has(id) || (thread.express && stuckJob && this.options.maxThreads > 1)) {
        // Nobody wants this row any more, or a slow job holds the express lane: stop the
        // thread, and let its jobs resume elsewhere.
        this.replaceThread(thread, null);
      } else {
        // A slow row of a live job: the thread's other jobs should not wait for it.
        for (const job of [...thread.jobs.values()]) {
          if (job.runId === id) continue;
          this.cancel(job);
          job.cancelled = false;
          this.place(job, thread);
        }
      }
    }
  }

  /** Terminates the thread; the job it was working on (if any) fails with `error`, the others resume. */
  private replaceThread(thread: PoolThread, error: Error | null): void {
    if (thread.dead) return;
    const working = Atomics.load(thread.current, 0);
    thread.dead = true;
    this.threads.splice(this.threads.indexOf(thread), 1);
    void thread.worker.terminate();
    for (const job of [...thread.jobs.values()]) {
      thread.jobs.delete(job.runId);
      if (error && (job.runId === working || working === 0)) this.fail(job, error);
      else if (!this.closed) this.place(job);
    }
  }

  private threadDied(thread: PoolThread, error: Error): void {
    if (thread.dead) return;
    const message = /out of memory|ERR_WORKER_OUT_OF_MEMORY/i.test(`${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`)
      ? `generation ran out of memory (each generation thread may use ${this.options.threadMemoryMb ?? 'its default'} MB)`
      : `generation failed: ${error.message}`;
    this.replaceThread(thread, new Error(message));
  }

  private async stopThread(thread: PoolThread): Promise<void> {
    thread.dead = true;
    await thread.worker.terminate();
  }
}
