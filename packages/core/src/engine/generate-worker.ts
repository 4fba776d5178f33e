/**
 * Worker thread entry: compiles the schema once, then turns row ranges into UTF-8 bytes.
 * Encoding happens here so the main thread only forwards buffers (transferred, not copied).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileSchema } from '../schema/compile.js';
import { createWriter } from '../writers/index.js';
import { ByteBatcher, rowBatches } from './batches.js';
import { RowEngine } from './row-engine.js';
import { workerCompileOptions, type WorkerSetup } from './worker-setup.js';

export type { WorkerSetup } from './worker-setup.js';

export interface RangeTask {
  id: number;
  start: number;
  end: number;
}

const setup = workerData as WorkerSetup;
const plan = compileSchema(setup.fields, workerCompileOptions(setup));
const engine = new RowEngine(plan, setup.seedKey);
const writer = createWriter(plan.shape, setup.writer);

parentPort!.on('message', (task: RangeTask) => {
  const batcher = new ByteBatcher();
  const parts = [...rowBatches(engine, writer, task.start, task.end, batcher)];
  batcher.seal();
  parts.push(...batcher.drain());
  const bytes = Buffer.concat(parts);
  // Transfer (not copy) an ArrayBuffer holding exactly these bytes. A concatenation this large
  // has one of its own; a small one may sit in Node's shared pool and must be copied out.
  const owned =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes.buffer
      : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  parentPort!.postMessage({ id: task.id, bytes: owned }, [owned]);
});
