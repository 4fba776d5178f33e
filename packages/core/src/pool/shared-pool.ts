/**
 * A server's generation threads: a fixed cap of long-lived worker threads (pool-worker.ts)
 * shared by every request, so the main thread only compiles (to validate) and forwards bytes,
 * and no request, however slow its rows, holds the event loop.
 *
 * - One thread is the express lane: it never keeps a heavy job, so a small request always
 *   finds a thread that answers within a turn or two. A job is heavy when one turn (one row,
 *   at least) takes longer than `stuckMs`, when its turns there take more than
 *   EXPRESS_MILLISECONDS, or from the start when it asks for more than EXPRESS_MAX_ROWS rows.
 *   Young jobs go to the thread with the fewest heavy jobs, then the fewest jobs; heavy ones to
 *   the least-loaded other thread. Threads start lazily, up to the cap.
 * - Each thread takes turns between its jobs a batch at a time; each job has at most CREDITS
 *   batches in flight, so a reader that stops stops its job (back-pressure, bounded memory).
 * - A batch's memory goes back to the thread that made it when its reader says nobody reads it
 *   again (release): a write of it completed. The memory is transferred, so a batch released
 *   too early reads as empty here, never as a later batch's bytes.
 * - Jobs move between threads by restarting at the first row not yet received: rows are pure
 *   functions of their index, so the bytes are the same. A thread stuck in a slow row keeps
 *   that job; its other jobs move away, and when it was the express lane, another thread (not
 *   stuck) takes the lane over. Only when no thread can, or when the row's job was cancelled
 *   (a time limit, a client gone), is the thread terminated and replaced.
 * - One more thread is kept started but idle (the standby), outside the cap's count, so a
 *   thread that must be stopped is replaced without waiting for a new one to load.
 * - A thread that dies (out of memory: each has a heap limit) fails the job it was working on
 *   and its other jobs resume elsewhere.
 * - Mock handlers run here too (runHandler), as jobs of one "row" whose bytes are the result:
 *   a slow handler is a slow row, and a cancelled one stuck in its work costs its thread.
 */
import { Worker } from 'node:worker_threads';
import type { WorkerSetup } from '../engine/generate-worker.js';
import type { CheckSetup } from '../engine/worker-setup.js';
import { datasetTextLength, HEAVY_DATASET_TEXT } from '../engine/dataset-texts.js';
import type { Problem } from '../schema/errors.js';
import type { PoolReply, PoolRequest, PoolTask } from './pool-worker.js';
import { workerScript } from '../engine/worker-scripts.js';
import type { RowsPool } from '../engine/rows-pool.js';
import type { HandlerResult, HandlerSetup } from '../handlers/handler-contract.js';
import { HandlerError } from '../handlers/handler-error.js';
import { checkRequestDepth } from '../handlers/clone-json.js';

/** Batches one job may have in flight between the thread and its reader. */
const CREDITS = 2;
/** How often the pool looks for stuck threads. */
const WATCH_MILLISECONDS = 50;
/**
 * Work a job may do on the express lane before it moves on: a few thousand ordinary rows, so
 * requests of the plans' sizes finish there, and anything bigger makes room for the next.
 */
const EXPRESS_MILLISECONDS = 100;
/** Jobs of more rows than this (the plans' records per request) are big from the start: never on the express lane. */
const EXPRESS_MAX_ROWS = 5000;
/** The heap a thread without a threadMemoryMb gets, for the share its parsed datasets may keep (V8's default is larger). */
const DEFAULT_THREAD_MEMORY_MB = 512;
/** A normal turn takes at most about 50 ms (one batch); four times that means a slow row. */
const DEFAULT_STUCK_MILLISECONDS = 200;

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
  task: PoolTask;
  /** First row not yet received. */
  next: number;
  end: number;
  thread: PoolThread | null;
  received: Buffer[];
  finished: boolean;
  error: Error | null;
  wake: (() => void) | null;
  cancelled: boolean;
  /** Heavy: one of its turns took longer than stuckMs, or its turns there took more than EXPRESS_MILLISECONDS. Kept off the express lane. */
  slow: boolean;
  /** Time its turns on the express lane took. */
  expressMs: number;
}

/** A job whose datasets' texts are long is heavy from the start: its first turn parses them. */
function readsBigDatasets(setup: Pick<WorkerSetup, 'datasets'>): boolean {
  return datasetTextLength(setup.datasets) >= HEAVY_DATASET_TEXT;
}

function heavyJobs(thread: PoolThread): number {
  let n = 0;
  for (const job of thread.jobs.values()) if (job.slow) n++;
  return n;
}

interface PoolThread {
  worker: Worker;
  /** Slot 0: the run id the thread is working on (0: none); slot 1: its turn count; slot 2: batch buffers it allocated. */
  current: Int32Array;
  jobs: Map<number, PoolJob>;
  /** The turn count last seen, and when: a turn that lasts is a slow row. */
  currentSince: number;
  currentSeen: number;
  /** Jobs cancelled while the thread may still be inside one of their rows. */
  cancelled: Set<number>;
  dead: boolean;
  /** The express lane: never holds a job known to be slow. */
  express: boolean;
}

export class GenerationPool implements RowsPool {
  private readonly threads: PoolThread[] = [];
  /** Started and idle, outside the cap's count: takes the place of a thread that is stopped. */
  private standby: PoolThread | null = null;
  private readonly jobs = new Map<number, PoolJob>();
  /** The thread each batch handed out came from, until it is released (a WeakMap: unreleased batches are collected). */
  private readonly madeBy = new WeakMap<Buffer, PoolThread>();
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

  /** Batch buffers the live threads have allocated so far (for tests: released memory is reused). */
  get batchBuffersAllocated(): number {
    const threads = this.standby ? [...this.threads, this.standby] : this.threads;
    return threads.reduce((sum, thread) => sum + Atomics.load(thread.current, 2), 0);
  }

  /**
   * Says that `batch`, yielded by rows(), will never be read again by anyone: its memory goes back
   * to the thread that made it, to hold a later batch. Call it once the batch's write has
   * completed (a write callback), never earlier. Releasing a batch twice, or anything else, does
   * nothing; a released batch reads as empty from then on.
   */
  release(batch: Buffer): void {
    const thread = this.madeBy.get(batch);
    if (!thread) return;
    this.madeBy.delete(batch);
    const memory = batch.buffer as ArrayBuffer;
    // Detached already (transferred by someone else), or its thread is gone: nothing to give back.
    if (memory.byteLength === 0 || thread.dead) return;
    thread.worker.postMessage({ type: 'memory', bytes: memory } satisfies PoolRequest, [memory]);
  }

  /** The whole of a small answer (one job's batches), its batches' memory given back. */
  private joined(parts: Buffer[]): Buffer {
    const whole = Buffer.concat(parts);
    for (const part of parts) this.release(part);
    return whole;
  }

  /**
   * The bytes of rows [start, end), in order. Ending the iteration early (return/throw, as a
   * destroyed stream does) cancels the job and frees its thread. `closing` (a format's closing
   * text) comes after the rows, in the last batch when that batch is known to be the last (one
   * write instead of two), else on its own; not after a failure.
   */
  rows(
    setup: WorkerSetup,
    start: number,
    end: number,
    signal?: AbortSignal,
    closing?: Buffer,
  ): AsyncGenerator<Buffer, void, undefined> {
    return this.run(
      { kind: 'rows', setup },
      start,
      end,
      end - start > EXPRESS_MAX_ROWS || readsBigDatasets(setup),
      'generation stopped',
      signal,
      closing,
    );
  }

  /**
   * The problems of a schema whose datasets are given as text (empty when it compiles): it is
   * compiled here, on a generation thread, which parses the texts (and keeps them for the rows
   * that follow), so the calling thread never does.
   */
  async check(setup: CheckSetup, signal?: AbortSignal): Promise<Problem[]> {
    const parts: Buffer[] = [];
    for await (const bytes of this.run(
      { kind: 'check', setup },
      0,
      1,
      readsBigDatasets(setup),
      'the check was stopped',
      signal,
    ))
      parts.push(bytes);
    return (JSON.parse(this.joined(parts).toString('utf8')) as { problems: Problem[] }).problems;
  }

  /**
   * The run-time faults the schema's first rows meet (engine/fault-probe.ts), tried on a thread:
   * a trial may meet heavy rows, so it never takes the express lane.
   */
  async faults(setup: WorkerSetup, signal?: AbortSignal): Promise<Problem[]> {
    const parts: Buffer[] = [];
    for await (const bytes of this.run(
      { kind: 'faults', setup },
      0,
      1,
      true,
      'the trial of the first rows was stopped',
      signal,
    ))
      parts.push(bytes);
    return (JSON.parse(this.joined(parts).toString('utf8')) as { faults: Problem[] }).faults;
  }

  /**
   * Runs a mock handler on a generation thread (never this one). Rejects with HandlerError for a
   * problem in the handler, and at once when `signal` aborts: a handler stuck in slow work then
   * costs its thread, which is replaced, as a cancelled slow row does.
   */
  async runHandler(setup: HandlerSetup, signal?: AbortSignal): Promise<HandlerResult> {
    if (signal?.aborted) throw new Error('the handler was stopped');
    checkRequestDepth(setup.request.body); // before the copy to a thread, which could not take it
    const parts: Buffer[] = [];
    for await (const bytes of this.run(
      { kind: 'handler', setup },
      0,
      1,
      setup.maxRows > EXPRESS_MAX_ROWS || readsBigDatasets(setup),
      'the handler was stopped',
      signal,
    ))
      parts.push(bytes);
    return JSON.parse(this.joined(parts).toString('utf8')) as HandlerResult;
  }

  private async *run(
    task: PoolTask,
    start: number,
    end: number,
    heavy: boolean,
    stopped: string,
    signal?: AbortSignal,
    closing?: Buffer,
  ): AsyncGenerator<Buffer, void, undefined> {
    if (this.closed) throw new Error('the generation pool is closed');
    const job: PoolJob = {
      runId: 0,
      task,
      next: start,
      end,
      thread: null,
      received: [],
      finished: start >= end,
      error: null,
      wake: null,
      cancelled: false,
      slow: heavy,
      expressMs: 0,
    };
    if (!job.finished) this.placeNew(job);
    // An abort ends the wait at once: a generator cannot be returned from while it awaits, and
    // the thread may be inside a row that takes seconds.
    const onAbort = () => {
      this.cancel(job);
      this.fail(job, new Error(stopped));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    // Threads are unref'd so an idle pool lets the process exit; a running job keeps it alive.
    this.watch.ref();
    try {
      for (;;) {
        if (job.received.length > 0) {
          let bytes = job.received.shift()!;
          if (!job.finished && job.thread) this.post(job.thread, { type: 'credit', id: job.runId });
          else if (closing && job.finished && !job.error && job.received.length === 0) {
            // The last batch (it came marked done): the closing text goes with it.
            const last = bytes;
            bytes = Buffer.concat([last, closing]);
            this.release(last);
            closing = undefined;
          }
          yield bytes;
          continue;
        }
        if (job.error) throw job.error;
        if (job.finished) {
          if (closing) yield closing;
          return;
        }
        await new Promise<void>((resolve) => (job.wake = resolve));
        job.wake = null;
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (!job.finished || job.received.length > 0) this.cancel(job);
      // Batches nobody took: nobody will read them.
      for (const batch of job.received.splice(0)) this.release(batch);
      this.jobs.delete(job.runId);
      if (this.jobs.size === 0) this.watch.unref();
    }
  }

  /** Places a new job; when its setup cannot be sent to a thread (not plain data), nothing of it is left behind. */
  private placeNew(job: PoolJob): void {
    try {
      this.place(job);
    } catch (error) {
      job.thread?.jobs.delete(job.runId);
      this.jobs.delete(job.runId);
      throw error;
    }
  }

  /** Ends every thread; running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watch);
    for (const job of this.jobs.values()) this.fail(job, new Error('the server is shutting down'));
    const standby = this.standby ? [this.standby] : [];
    this.standby = null;
    await Promise.all([...this.threads.splice(0), ...standby].map((thread) => this.stopThread(thread)));
  }

  private place(job: PoolJob, avoid: PoolThread | null = null): void {
    const thread = this.pickThread(avoid, job.slow);
    this.ensureStandby();
    this.jobs.delete(job.runId);
    job.runId = this.nextRunId++;
    this.jobs.set(job.runId, job);
    job.thread = thread;
    thread.jobs.set(job.runId, job);
    this.post(thread, {
      type: 'start',
      id: job.runId,
      task: job.task,
      start: job.next,
      end: job.end,
      credits: CREDITS - job.received.length,
    });
  }

  /**
   * Where a job goes. A young job: the non-stuck thread with the fewest heavy jobs, then the
   * fewest jobs (the express lane has no heavy ones, so under abuse young jobs land there). A
   * heavy job: the least-loaded thread other than the express lane. While under the cap one
   * idle thread is kept started, so no job waits for a thread to start (about 0.5 s: each
   * thread loads the data tables), and room is always left for an express lane.
   */
  private pickThread(avoid: PoolThread | null, heavy: boolean): PoolThread {
    const now = performance.now();
    const live = this.threads.filter((thread) => !thread.dead && thread !== avoid);
    const candidates = heavy && this.options.maxThreads > 1 ? live.filter((thread) => !thread.express) : live;
    const load = (thread: PoolThread) => (heavy ? 0 : heavyJobs(thread) * 1_000_000) + thread.jobs.size;
    const byLoad = (x: PoolThread, y: PoolThread) => load(x) - load(y);
    const chosen =
      candidates.filter((thread) => !this.isStuck(thread, now)).sort(byLoad)[0] ??
      (this.hasRoom(heavy)
        ? this.startThread(!heavy && !this.hasExpress())
        : (candidates.sort(byLoad)[0] ?? live[0] ?? this.startThread(!this.hasExpress())));
    if (this.hasRoom(false) && this.threads.every((thread) => thread.dead || thread.jobs.size > 0 || thread === chosen))
      this.startThread(!this.hasExpress());
    return chosen;
  }

  private hasExpress(): boolean {
    return this.threads.some((thread) => thread.express && !thread.dead);
  }

  /** Whether a thread may be added; for a heavy job, only if room for an express lane remains. */
  private hasRoom(heavy: boolean): boolean {
    return this.threads.length < (heavy && !this.hasExpress() ? this.options.maxThreads - 1 : this.options.maxThreads);
  }

  /** Starts a thread; a standby one is kept apart from `threads` until it replaces one. */
  private startThread(express: boolean, standby = false): PoolThread {
    const shared = new SharedArrayBuffer(12);
    const resourceLimits = {
      maxYoungGenerationSizeMb: 8,
      ...(this.options.threadMemoryMb ? { maxOldGenerationSizeMb: this.options.threadMemoryMb } : {}),
    };
    // A quarter of the heap may keep parsed datasets for the jobs that read them next.
    const datasetCacheBytes = ((this.options.threadMemoryMb ?? DEFAULT_THREAD_MEMORY_MB) * 1024 * 1024) / 4;
    const worker = new Worker(workerScript('pool-worker'), {
      workerData: { current: shared, datasetCacheBytes },
      resourceLimits,
    });
    const thread: PoolThread = {
      worker,
      current: new Int32Array(shared),
      jobs: new Map(),
      currentSince: 0,
      currentSeen: 0,
      cancelled: new Set(),
      dead: false,
      express,
    };
    worker.on('message', (reply: PoolReply) => this.receive(thread, reply));
    worker.on('error', (error) => this.threadDied(thread, error));
    worker.on('exit', () => this.threadDied(thread, new Error('a generation thread stopped')));
    // An idle pool must not keep the process alive.
    worker.unref();
    if (standby) this.standby = thread;
    else this.threads.push(thread);
    return thread;
  }

  private receive(thread: PoolThread, reply: PoolReply): void {
    const ends = reply.type === 'done' || reply.type === 'failed' || (reply.type === 'batch' && reply.done === true);
    if (ends) thread.cancelled.delete(reply.id);
    const job = thread.jobs.get(reply.id);
    if (!job || job.runId !== reply.id) {
      // A batch of a job cancelled or moved meanwhile: nobody reads it; its memory goes back.
      if (reply.type === 'batch' && !thread.dead)
        thread.worker.postMessage({ type: 'memory', bytes: reply.bytes } satisfies PoolRequest, [reply.bytes]);
      return;
    }
    if (reply.type === 'batch') {
      const batch = Buffer.from(reply.bytes, reply.offset, reply.length);
      this.madeBy.set(batch, thread);
      job.received.push(batch);
      job.next = reply.rowsEnd;
      if (reply.done) {
        // The last batch carries the end of the job (no 'done' follows it).
        job.finished = true;
        thread.jobs.delete(reply.id);
      }
      // A job that keeps the express lane busy for long is big: it goes on elsewhere.
      if (
        thread.express &&
        (job.expressMs += reply.turnMs) > EXPRESS_MILLISECONDS &&
        job.next < job.end &&
        this.options.maxThreads > 1
      ) {
        job.slow = true;
        this.move(job, thread);
      }
    } else if (reply.type === 'done') {
      job.finished = true;
      thread.jobs.delete(reply.id);
    } else {
      this.fail(
        job,
        reply.position
          ? new HandlerError(reply.message, reply.position.line, reply.position.column)
          : new Error(reply.message),
      );
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
    return (
      Atomics.load(thread.current, 0) !== 0 &&
      Atomics.load(thread.current, 1) === thread.currentSeen &&
      now - thread.currentSince > this.stuckMs
    );
  }

  private watchThreads(): void {
    const now = performance.now();
    for (const thread of [...this.threads]) {
      const id = Atomics.load(thread.current, 0);
      const turn = Atomics.load(thread.current, 1);
      if (turn !== thread.currentSeen) {
        thread.currentSeen = turn;
        thread.currentSince = now;
        continue;
      }
      if (!this.isStuck(thread, now)) continue;
      const stuckJob = thread.jobs.get(id);
      if (stuckJob) stuckJob.slow = true;
      if (thread.cancelled.has(id)) {
        // Nobody wants this row any more: stop the thread; its other jobs resume elsewhere.
        this.replaceThread(thread, null);
        continue;
      }
      if (thread.express && this.options.maxThreads > 1 && !this.handOverExpress(thread, now)) {
        // No other thread can take the express lane now: stop this one, so a fresh thread can.
        this.replaceThread(thread, null);
        continue;
      }
      // A slow row of a live job: the thread's young jobs should not wait for it, if another
      // thread can take them now (heavy ones stay: moving them would only restart their rows).
      for (const job of [...thread.jobs.values()]) {
        // A job waiting for its reader is idle: it may wait here as well as anywhere.
        const idle = job.received.length >= CREDITS;
        if (job.runId !== id && !job.slow && !idle && this.hasFreeThread(thread, now)) this.move(job, thread);
      }
    }
  }

  /**
   * The express lane moves from `from` (stuck in a slow row) to a thread that is not stuck,
   * whose heavy jobs move away; or to a new thread while under the cap. False when neither can be.
   */
  private handOverExpress(from: PoolThread, now: number): boolean {
    const next = this.threads
      .filter((thread) => thread !== from && !thread.dead && !this.isStuck(thread, now))
      .sort((x, y) => heavyJobs(x) - heavyJobs(y))[0];
    if (!next && this.threads.length >= this.options.maxThreads) return false;
    from.express = false;
    if (next) {
      next.express = true;
      for (const job of [...next.jobs.values()]) if (job.slow) this.move(job, next);
    }
    return true;
  }

  private hasFreeThread(besides: PoolThread, now: number): boolean {
    return this.threads.some((thread) => thread !== besides && !thread.dead && !this.isStuck(thread, now));
  }

  /** Restarts a job on another thread at the first row not yet received (same bytes). */
  private move(job: PoolJob, from: PoolThread): void {
    this.cancel(job);
    job.cancelled = false;
    this.place(job, from);
  }

  /**
   * Terminates the thread and puts the standby thread (already started, so nobody waits for
   * one to load) in its place and role; the job it was working on (if any) fails with `error`,
   * the others resume. A new standby then starts in the background.
   */
  private replaceThread(thread: PoolThread, error: Error | null): void {
    if (thread.dead) return;
    const working = Atomics.load(thread.current, 0);
    thread.dead = true;
    this.threads.splice(this.threads.indexOf(thread), 1);
    void thread.worker.terminate();
    const standby = this.standby;
    if (standby && !this.closed) {
      this.standby = null;
      standby.express = thread.express;
      this.threads.push(standby);
    }
    for (const job of [...thread.jobs.values()]) {
      thread.jobs.delete(job.runId);
      // Only the job whose turn it was is to blame; the others resume elsewhere.
      if (error && job.runId === working) this.fail(job, error);
      else if (!this.closed) this.place(job);
    }
    this.ensureStandby();
  }

  /** One idle thread is kept started, to replace a thread that has to be stopped without a wait. */
  private ensureStandby(): void {
    if (!this.standby && !this.closed) this.startThread(false, true);
  }

  private threadDied(thread: PoolThread, error: Error): void {
    if (thread === this.standby) {
      this.standby = null;
      thread.dead = true;
      return;
    }
    if (thread.dead) return;
    const message = /out of memory|ERR_WORKER_OUT_OF_MEMORY/i.test(
      `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`,
    )
      ? `generation ran out of memory (each generation thread may use ${this.options.threadMemoryMb ?? 'its default'} MB)`
      : `generation failed: ${error.message}`;
    this.replaceThread(thread, new Error(message));
  }

  private async stopThread(thread: PoolThread): Promise<void> {
    thread.dead = true;
    await thread.worker.terminate();
  }
}
