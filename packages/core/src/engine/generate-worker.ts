/**
 * Worker thread entry: compiles the schema once, then turns row ranges into UTF-8 bytes.
 * Encoding happens here so the main thread only forwards buffers (transferred, not copied).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileSchema } from '../schema/compile.js';
import { createWriter } from '../writers/index.js';
import { ChunkBuffer } from './chunk-buffer.js';
import { rowsWriterFor } from './rows-writer.js';
import { RowEngine } from './row-engine.js';
import { workerCompileOptions, type WorkerSetup } from './worker-setup.js';

export type { WorkerSetup } from './worker-setup.js';

export interface RangeTask {
  id: number;
  start: number;
  end: number;
  /** A spent chunk's memory, transferred back by the main thread for this chunk's bytes. */
  memory?: ArrayBuffer;
}

export interface RangeResult {
  id: number;
  /** Transferred whole; the chunk is its first `length` bytes. */
  memory: ArrayBuffer;
  length: number;
  /** Whether the bytes went into the task's recycled memory (for tests and measurements). */
  recycled: boolean;
}

const setup = workerData as WorkerSetup;
const plan = compileSchema(setup.fields, workerCompileOptions(setup));
const engine = new RowEngine(plan, setup.seedKey);
const writer = createWriter(plan.shape, setup.writer);
const rows = rowsWriterFor(engine, writer);

parentPort!.on('message', (task: RangeTask) => {
  // No batches here: the main thread forwards whole chunks, so the rows go straight into one buffer.
  const chunk = new ChunkBuffer(task.memory);
  for (let index = task.start; index < task.end; index++) rows.write(index, chunk);
  const { memory, length } = chunk.take();
  const result: RangeResult = { id: task.id, memory, length, recycled: memory === task.memory };
  parentPort!.postMessage(result, [memory]);
});
