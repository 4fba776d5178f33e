/**
 * Splits a row range into chunks, hands them to worker threads and yields the results in row
 * order. At most two chunks per worker are in flight, and a new chunk is only handed out when
 * the consumer takes a result: memory stays bounded and back-pressure reaches the workers.
 */
import { Worker } from 'node:worker_threads';
import type { RangeTask, WorkerSetup } from './generate-worker.js';
import { workerScript } from './worker-scripts.js';

export const CHUNK_ROWS = 16384;

export async function* generateInWorkers(setup: WorkerSetup, start: number, end: number, workerCount: number): AsyncGenerator<{ bytes: Buffer; rowsDone: number }, void, undefined> {
  // A small young generation per worker: each thread is a whole V8 heap, and the default
  // semi-spaces add tens of MB per thread for no measurable speed.
  const script = workerScript('generate-worker');
  const workers = Array.from({ length: workerCount }, () => new Worker(script, { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: 8 } }));
  const pending = new Map<number, { resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>();
  const results = new Map<number, Promise<Buffer>>();
  let failure: Error | null = null;
  for (const worker of workers) {
    worker.on('message', (message: { id: number; bytes: ArrayBuffer }) => {
      pending.get(message.id)?.resolve(Buffer.from(message.bytes));
      pending.delete(message.id);
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
    const task: RangeTask = { id, start: start + id * CHUNK_ROWS, end: Math.min(end, start + (id + 1) * CHUNK_ROWS) };
    results.set(id, new Promise<Buffer>((resolve, reject) => {
      if (failure) reject(failure);
      else pending.set(id, { resolve, reject });
    }));
    workers[id % workerCount].postMessage(task);
  };
  try {
    while (nextToSend < Math.min(chunkCount, workerCount * 2)) send();
    for (let id = 0; id < chunkCount; id++) {
      const bytes = await results.get(id)!;
      results.delete(id);
      if (nextToSend < chunkCount) send();
      yield { bytes, rowsDone: Math.min(end, start + (id + 1) * CHUNK_ROWS) - start };
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
