/**
 * A long-lived worker thread of the shared GenerationPool: it holds any number of generation
 * jobs at once and takes turns between them, one batch (about 64 KiB or 50 ms) per turn, so a
 * small job never waits behind a big one for more than a turn of each.
 *
 * Protocol (see shared-pool.ts): `start` compiles a job and begins it; each `batch` sent back
 * uses one credit and each `credit` returns one (back-pressure: a job whose reader has stopped
 * sits idle here, costing nothing but its compiled plan); `cancel` drops a job. The id of the
 * job being worked on is kept in shared memory, so the main thread can tell which job holds
 * this thread when a row is slow.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { compileSchema } from '../schema/compile.js';
import { createWriter } from '../writers/index.js';
import type { RowWriter } from '../writers/writer.js';
import { ByteBatcher, fillBatch } from './batches.js';
import { workerCompileOptions, type WorkerSetup } from './worker-setup.js';
import { RowEngine } from './row-engine.js';

export type PoolRequest =
  | { type: 'start'; id: number; setup: WorkerSetup; start: number; end: number; credits: number }
  | { type: 'credit'; id: number }
  | { type: 'cancel'; id: number };

export type PoolReply =
  | { type: 'batch'; id: number; bytes: ArrayBuffer; offset: number; length: number; rowsEnd: number; turnMs: number }
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; message: string };

/**
 * workerData: shared memory the main thread reads: slot 0 holds the id of the job being worked
 * on (0: none), slot 1 counts turns (so a job that runs turn after turn is not taken for one
 * long turn).
 */
const current = new Int32Array((workerData as { current: SharedArrayBuffer }).current);

interface Job {
  id: number;
  engine: RowEngine;
  writer: RowWriter;
  batcher: ByteBatcher;
  next: number;
  end: number;
  credits: number;
}

const jobs = new Map<number, Job>();

// Load the big data tables now, while the thread is idle (a standby thread may have to take
// over at once): the first job would otherwise wait for them, about half a second.
compileSchema([{ name: 'city', type: 'City' }, { name: 'name', type: 'Full Name' }], {});
let running = false;

function post(reply: PoolReply, transfer: ArrayBuffer[] = []): void {
  parentPort!.postMessage(reply, transfer);
}

function startJob(request: Extract<PoolRequest, { type: 'start' }>): void {
  try {
    const { setup } = request;
    const plan = compileSchema(setup.fields, workerCompileOptions(setup));
    jobs.set(request.id, {
      id: request.id,
      engine: new RowEngine(plan, setup.seedKey),
      writer: createWriter(plan.shape, setup.writer),
      batcher: new ByteBatcher(),
      next: request.start,
      end: request.end,
      credits: request.credits,
    });
  } catch (error) {
    post({ type: 'failed', id: request.id, message: (error as Error).message });
  }
}

/** Sends the job's ready bytes as one message, transferring the memory when it is the batch's own. */
function sendBytes(job: Job, turnMs: number): void {
  const parts = [...job.batcher.drain()];
  if (parts.length === 0) return;
  const bytes = parts.length === 1 ? parts[0] : Buffer.concat(parts);
  // Buffers no bigger than Node's pool may share their memory with other buffers: copy those.
  const whole = bytes.buffer as ArrayBuffer;
  const owned = whole.byteLength > Buffer.poolSize;
  const memory = owned ? whole : whole.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  post({ type: 'batch', id: job.id, bytes: memory, offset: owned ? bytes.byteOffset : 0, length: bytes.byteLength, rowsEnd: job.next, turnMs }, [memory]);
  job.credits--;
}

/** One turn: rows until a batch is ready (or the job ends), then send it. */
function step(job: Job): void {
  current[0] = job.id;
  current[1]++;
  const started = performance.now();
  try {
    job.next = fillBatch(job.engine, job.writer, job.next, job.end, job.batcher);
    if (job.next >= job.end) job.batcher.seal();
    sendBytes(job, performance.now() - started);
    if (job.next >= job.end) {
      jobs.delete(job.id);
      post({ type: 'done', id: job.id });
    }
  } catch (error) {
    jobs.delete(job.id);
    post({ type: 'failed', id: job.id, message: (error as Error).message });
  } finally {
    current[0] = 0;
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
  } else jobs.delete(request.id);
  void run();
});
