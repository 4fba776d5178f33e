/**
 * Splits a row range into chunks, hands them to worker threads and yields the results in row
 * order. At most two chunks per worker are in flight, and a new chunk is only handed out when
 * the consumer takes a result: memory stays bounded and back-pressure reaches the workers.
 *
 * Each chunk arrives as a transferred ArrayBuffer. A consumer that knows when nobody will read a
 * chunk again calls its `release()`: the memory then goes back to a worker with a later task, so
 * a few buffers circulate. Unreleased chunks are left to the garbage collector, which in this
 * thread (allocating almost nothing on its heap) only frees them after tens of MB have piled up.
 */
import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { RangeResult, RangeTask, WorkerSetup } from './generate-worker.js';
import { workerScript } from './worker-scripts.js';

export const CHUNK_ROWS = 8192;

/**
 * The workers' old-generation limit: just under 2 GiB, or this process's own limit if lower.
 * V8 lets an old generation grow to about 4x its live size before a full collection when the
 * limit is 2 GiB or more (Node's default on a machine of 16 GB or more), about 2x below it.
 * Workers make old-space garbage steadily: V8 allocates the string of a number it holds as a
 * double (a Row Number, a salary) straight in old space, for its number-to-string cache. With
 * the default limit a worker's heap swings between about 21 and 90 MiB; just under 2 GiB it
 * stays near 40, and that is still no practical cap (unlike the 64 MiB tried before, see
 * docs/performance.md).
 */
const WORKER_OLD_GENERATION_MB = Math.min(2000, Math.floor(getHeapStatistics().heap_size_limit / (1024 * 1024)));

export interface WorkerChunk {
  bytes: Buffer;
  rowsDone: number;
  /** Whether a worker wrote this chunk into released memory. */
  recycled: boolean;
  /**
   * Hands the chunk's memory back for later chunks. Only once nobody reads `bytes` again: its
   * memory is transferred away (and `bytes` becomes empty) with the next task. Twice is harmless.
   */
  release: () => void;
}

export async function* generateInWorkers(
  setup: WorkerSetup,
  start: number,
  end: number,
  workerCount: number,
): AsyncGenerator<WorkerChunk, void, undefined> {
  // A small young generation per worker: each thread is a whole V8 heap, and the default
  // semi-spaces add tens of MB per thread for no measurable speed. The old generation: see above.
  const script = workerScript('generate-worker');
  const resourceLimits = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB };
  const workers = Array.from({ length: workerCount }, () => new Worker(script, { workerData: setup, resourceLimits }));
  const pending = new Map<number, { resolve: (result: RangeResult) => void; reject: (error: Error) => void }>();
  const results = new Map<number, Promise<RangeResult>>();
  // Released memory waiting for a task; never more than the chunks that can be in flight.
  const spare: ArrayBuffer[] = [];
  const maxSpare = workerCount * 2;
  let finished = false;
  let failure: Error | null = null;
  for (const worker of workers) {
    worker.on('message', (result: RangeResult) => {
      pending.get(result.id)?.resolve(result);
      pending.delete(result.id);
    });
    worker.on('error', (error) => {
      failure = error;
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    });
  }
  const chunkCount = Math.ceil((end - start) / CHUNK_ROWS);
  let nextToSend = 0;
  const send = () => {
    const id = nextToSend++;
    const memory = spare.pop();
    const task: RangeTask = {
      id,
      start: start + id * CHUNK_ROWS,
      end: Math.min(end, start + (id + 1) * CHUNK_ROWS),
      memory,
    };
    results.set(
      id,
      new Promise<RangeResult>((resolve, reject) => {
        if (failure) reject(failure);
        else pending.set(id, { resolve, reject });
      }),
    );
    workers[id % workerCount].postMessage(task, memory ? [memory] : []);
  };
  const releaser = (memory: ArrayBuffer) => () => {
    // A detached buffer was released before (or transferred): nothing to hand back.
    if (finished || memory.byteLength === 0 || spare.length >= maxSpare || spare.includes(memory)) return;
    spare.push(memory);
  };
  try {
    while (nextToSend < Math.min(chunkCount, workerCount * 2)) send();
    for (let id = 0; id < chunkCount; id++) {
      const { memory, length, recycled } = await results.get(id)!;
      results.delete(id);
      if (nextToSend < chunkCount) send();
      yield {
        bytes: Buffer.from(memory, 0, length),
        rowsDone: Math.min(end, start + (id + 1) * CHUNK_ROWS) - start,
        recycled,
        release: releaser(memory),
      };
    }
  } finally {
    finished = true;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
