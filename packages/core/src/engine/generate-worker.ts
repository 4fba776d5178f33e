/**
 * Worker thread entry: compiles the schema once, then turns row ranges into UTF-8 bytes.
 * Encoding happens here so the main thread only forwards buffers (transferred, not copied).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { compileSchema } from '../schema/compile.js';
import type { Datasets } from '../types/define-type.js';
import { createWriter } from '../writers/index.js';
import type { WriterOptions } from '../writers/writer.js';
import { ByteBatcher, rowBatches } from './batches.js';
import { RowEngine } from './row-engine.js';

export interface WorkerSetup {
  fields: unknown[];
  datasets?: Datasets;
  seedKey: number;
  writer: WriterOptions;
  /** Formulas' now() and data_generation_uuid: the main thread's, so every thread agrees. */
  startedAtMs: number;
  generationUuid: string;
  /** The main thread's CompileOptions.publicUrl, so image URLs agree across threads. */
  publicUrl?: string;
}

export interface RangeTask {
  id: number;
  start: number;
  end: number;
}

const setup = workerData as WorkerSetup;
const plan = compileSchema(setup.fields, { datasets: setup.datasets, startedAtMs: setup.startedAtMs, generationUuid: setup.generationUuid, publicUrl: setup.publicUrl });
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
