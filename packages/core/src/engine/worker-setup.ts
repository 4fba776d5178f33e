/** What a worker thread is given to make rows of one generation (plain data, copied to the thread). */
import type { CompileOptions } from '../schema/compile-options.js';
import type { Scenarios } from '../scenarios/scenario.js';
import type { Datasets } from '../types/define-type.js';
import type { WriterOptions } from '../writers/writer.js';
import type { MockRequestData } from '../handlers/request-data.js';

export interface WorkerSetup {
  fields: unknown[];
  datasets?: Datasets;
  scenarios?: Scenarios;
  /** The generation's row count (CompileOptions.rowCount): Scenario curves span it. */
  rowCount?: number | null;
  seedKey: number;
  writer: WriterOptions;
  /** Formulas' now() and data_generation_uuid: the main thread's, so every thread agrees. */
  startedAtMs: number;
  generationUuid: string;
  /** The main thread's CompileOptions.publicUrl, so image URLs agree across threads. */
  publicUrl?: string;
  /** The mock request formulas read (CompileOptions.request). */
  request?: MockRequestData;
}

/** What a worker compiles the schema with: the main thread's options, so every thread agrees. */
export function workerCompileOptions(setup: WorkerSetup): CompileOptions {
  const { datasets, scenarios, rowCount, startedAtMs, generationUuid, publicUrl, request } = setup;
  return { datasets, scenarios, rowCount, startedAtMs, generationUuid, publicUrl, request };
}

