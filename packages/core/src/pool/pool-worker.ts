/**
 * A long-lived worker thread of the shared GenerationPool: it holds any number of generation
 * jobs at once and takes turns between them, one batch (about 64 KiB or 50 ms) per turn, so a
 * small job never waits behind a big one for more than a turn of each.
 *
 * A job is anything that fills batches: the rows of a generation, or a mock handler (one "row"
 * whose bytes are its HandlerResult as JSON), so a handler gets the same turns, stuck-row
 * detection and cancellation as rows do.
 *
 * Protocol (see shared-pool.ts): `start` compiles a job and begins it; each `batch` sent back
 * uses one credit and each `credit` returns one (back-pressure: a job whose reader has stopped
 * sits idle here, costing nothing but its compiled plan); `cancel` drops a job; `memory` brings
 * back a batch's memory once nobody reads the batch (its consumer's write completed), so a few
 * buffers circulate instead of one new 96 KiB buffer per batch. The id of the job being worked on
 * is kept in shared memory, so the main thread can tell which job holds this thread when a row is
 * slow.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { compileSchema } from '../schema/compile.js';
import { createWriter } from '../writers/index.js';
import type { RowWriter } from '../writers/writer.js';
import { BatchMemory, ByteBatcher, fillBatch } from '../engine/batches.js';
import { workerCompileOptions, type CheckSetup, type WorkerSetup } from '../engine/worker-setup.js';
import { ParsedDatasetCache } from '../engine/dataset-texts.js';
import { SchemaError } from '../schema/errors.js';
import { planFor } from '../engine/kept-plans.js';
import { runTimeFaults } from '../engine/fault-probe.js';
import { RowEngine } from '../engine/row-engine.js';
import { runHandler } from '../handlers/run-handler.js';
import { HandlerError } from '../handlers/handler-error.js';
import type { HandlerSetup } from '../handlers/handler-contract.js';

/**
 * What a job makes: rows of a generation, a handler's response (rows [0, 1)), or the problems of
 * a schema whose datasets are text (rows [0, 1): `{"problems": [...]}`, empty when it compiles).
 */
export type PoolTask =
  | { kind: 'rows'; setup: WorkerSetup }
  | { kind: 'handler'; setup: HandlerSetup }
  | { kind: 'check'; setup: CheckSetup }
  | { kind: 'faults'; setup: WorkerSetup };

export type PoolRequest =
  | { type: 'start'; id: number; task: PoolTask; start: number; end: number; credits: number }
  | { type: 'credit'; id: number }
  | { type: 'cancel'; id: number }
  /** The memory of a batch this thread sent, which nobody reads any more (transferred back). */
  | { type: 'memory'; bytes: ArrayBuffer };

export type PoolReply =
  /** `done`: the job's last batch, standing for the 'done' that would follow it (one message, one wake-up, instead of two). */
  | {
      type: 'batch';
      id: number;
      bytes: ArrayBuffer;
      offset: number;
      length: number;
      rowsEnd: number;
      turnMs: number;
      done?: true;
    }
  | { type: 'done'; id: number }
  /** `position`: the failure is a HandlerError there (`message` is its reason). */
  | { type: 'failed'; id: number; message: string; position?: { line: number; column: number } };

/**
 * workerData: shared memory the main thread reads: slot 0 holds the id of the job being worked
 * on (0: none), slot 1 counts turns (so a job that runs turn after turn is not taken for one
 * long turn), slot 2 the batch buffers allocated so far (for tests: memory given back is reused).
 */
const { current: currentMemory, datasetCacheBytes } = workerData as {
  current: SharedArrayBuffer;
  datasetCacheBytes: number;
};
const current = new Int32Array(currentMemory);
/** Datasets given as text, parsed here and kept for the next jobs that read them. */
const datasetCache = new ParsedDatasetCache(datasetCacheBytes);
/**
 * Spare batch buffers kept for this thread's jobs: enough for a few jobs' batches in flight
 * (about 1.5 MiB); beyond that, memory given back is left to the collector.
 */
const SPARE_BATCHES = 16;
const batchMemory = new BatchMemory(SPARE_BATCHES);

interface Job {
  id: number;
  /** Writes from row `from` into the batcher until a batch is ready or the job ends; returns the next row. */
  fill: (from: number) => number;
  batcher: ByteBatcher;
  next: number;
  end: number;
  credits: number;
}

const jobs = new Map<number, Job>();

// Load the big data tables now, while the thread is idle (a standby thread may have to take
// over at once): the first job would otherwise wait for them, about half a second.
compileSchema(
  [
    { name: 'city', type: 'City' },
    { name: 'name', type: 'Full Name' },
  ],
  {},
);
let running = false;

function post(reply: PoolReply, transfer: ArrayBuffer[] = []): void {
  parentPort!.postMessage(reply, transfer);
}

function failure(id: number, error: unknown): PoolReply {
  if (error instanceof HandlerError)
    return { type: 'failed', id, message: error.reason, position: { line: error.line, column: error.column } };
  return { type: 'failed', id, message: (error as Error).message };
}

function rowFiller(setup: WorkerSetup, end: number, batcher: ByteBatcher): Job['fill'] {
  const plan = planFor(setup, datasetCache);
  const engine = new RowEngine(plan, setup.seedKey);
  const writer: RowWriter = createWriter(plan.shape, setup.writer);
  return (from) => fillBatch(engine, writer, from, end, batcher);
}

/** The handler runs within the job's turn, so a slow one is seen as a stuck row. */
function handlerFiller(setup: HandlerSetup, batcher: ByteBatcher): Job['fill'] {
  return () => {
    batcher.write(JSON.stringify(runHandler(setup, datasetCache)));
    return 1;
  };
}

/** The schema's problems as JSON, as its compile with the parsed datasets finds them. */
function checkFiller(setup: CheckSetup, batcher: ByteBatcher): Job['fill'] {
  return () => {
    let problems: SchemaError['problems'] = [];
    try {
      compileSchema(setup.fields, {
        ...workerCompileOptions(setup, datasetCache),
        datasetNames: setup.datasetNames,
        scenarioNames: setup.scenarioNames,
      });
    } catch (error) {
      if (!(error instanceof SchemaError)) throw error;
      problems = error.problems;
    }
    batcher.write(JSON.stringify({ problems }));
    return 1;
  };
}

/** The run-time faults the schema's first rows meet (engine/fault-probe.ts), as JSON. */
function faultsFiller(setup: WorkerSetup, batcher: ByteBatcher): Job['fill'] {
  return () => {
    const options = workerCompileOptions(setup, datasetCache);
    const plan = planFor(setup, datasetCache);
    const faults = runTimeFaults(
      plan,
      (onFault) => compileSchema(setup.fields, { ...options, onFault }),
      setup.seedKey,
    );
    batcher.write(JSON.stringify({ faults }));
    return 1;
  };
}

function fillerOf(task: PoolTask, end: number, batcher: ByteBatcher): Job['fill'] {
  switch (task.kind) {
    case 'rows':
      return rowFiller(task.setup, end, batcher);
    case 'check':
      return checkFiller(task.setup, batcher);
    case 'faults':
      return faultsFiller(task.setup, batcher);
    case 'handler':
      return handlerFiller(task.setup, batcher);
  }
}

function startJob(request: Extract<PoolRequest, { type: 'start' }>): void {
  try {
    const { task } = request;
    const batcher = new ByteBatcher(batchMemory);
    jobs.set(request.id, {
      id: request.id,
      fill: fillerOf(task, request.end, batcher),
      batcher,
      next: request.start,
      end: request.end,
      credits: request.credits,
    });
  } catch (error) {
    post(failure(request.id, error));
  }
}

/**
 * Sends the job's ready bytes as one message, transferring the memory when it is the batch's own;
 * false when there were none. `done`: these are the job's last.
 */
function sendBytes(job: Job, turnMs: number, done: boolean): boolean {
  const parts = [...job.batcher.drain()];
  if (parts.length === 0) return false;
  const bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts);
  // Copied: the parts' memory serves later batches.
  if (parts.length > 1) for (const part of parts) batchMemory.giveBack(part);
  // Buffers no bigger than Node's pool may share their memory with other buffers: copy those.
  const whole = bytes.buffer as ArrayBuffer;
  const owned = whole.byteLength > Buffer.poolSize;
  const memory = owned ? whole : whole.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  post(
    {
      type: 'batch',
      id: job.id,
      bytes: memory,
      offset: owned ? bytes.byteOffset : 0,
      length: bytes.byteLength,
      rowsEnd: job.next,
      turnMs,
      ...(done ? { done: true as const } : {}),
    },
    [memory],
  );
  job.credits--;
  return true;
}

/** Drops a job; its batcher's buffer (every batch of it already sent) serves the next jobs. */
function endJob(id: number): void {
  const job = jobs.get(id);
  if (!job) return;
  jobs.delete(id);
  batchMemory.giveBack(job.batcher.buffer);
}

/** One turn: rows until a batch is ready (or the job ends), then send it. */
function step(job: Job): void {
  current[0] = job.id;
  current[1]++;
  const started = performance.now();
  try {
    job.next = job.fill(job.next);
    const finished = job.next >= job.end;
    if (finished) job.batcher.seal();
    const sent = sendBytes(job, performance.now() - started, finished);
    if (finished) {
      endJob(job.id);
      if (!sent) post({ type: 'done', id: job.id });
    }
  } catch (error) {
    endJob(job.id);
    post(failure(job.id, error));
  } finally {
    current[0] = 0;
    Atomics.store(current, 2, batchMemory.allocated);
  }
}

/** Takes turns between the jobs that have credit, letting messages in between turns. */
async function run(): Promise<void> {
  if (running) return;
  running = true;
  try {
    for (;;) {
      let worked = false;
      for (const job of [...jobs.values()]) {
        if (job.credits > 0 && jobs.has(job.id)) {
          step(job);
          worked = true;
          await nextTurn();
        }
      }
      if (!worked) return;
    }
  } finally {
    running = false;
  }
}

parentPort!.on('message', (request: PoolRequest) => {
  if (request.type === 'start') startJob(request);
  else if (request.type === 'credit') {
    const job = jobs.get(request.id);
    if (job) job.credits++;
  } else if (request.type === 'memory') {
    batchMemory.giveBack(Buffer.from(request.bytes));
    return;
  } else endJob(request.id);
  void run();
});
