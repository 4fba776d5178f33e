/** What a worker thread is given to make rows of one generation (plain data, copied to the thread). */
import type { CompileOptions } from '../schema/compile-options.js';
import type { Scenarios } from '../scenarios/scenario.js';
import type { Datasets } from '../kernel/define-type.js';
import type { WriterOptions } from '../writers/writer.js';
import type { MockRequestData } from '../kernel/request-data.js';
import { parsedDatasets, type ParsedDatasetCache } from './dataset-texts.js';
import { projectRelations, type RelationsSetup } from './relation-runtime.js';

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
  /** When the fields are one table of a project: the project and the table (CompileOptions.relations). */
  relations?: RelationsSetup;
}

/**
 * What a pool thread compiles to check a schema whose datasets are text (GenerationPool.check):
 * the generation's setup and the names for the messages about a missing dataset or scenario,
 * so its problems are the ones a compile with the parsed datasets on the calling thread would give.
 */
export interface CheckSetup extends WorkerSetup {
  datasetNames?: readonly string[];
  scenarioNames?: readonly string[];
}

/**
 * What a thread that makes rows compiles the schema with: the main thread's options, so every
 * thread agrees, with datasets given as text parsed here (through `cache`, a pool thread's).
 */
export function workerCompileOptions(setup: WorkerSetup, cache?: ParsedDatasetCache): CompileOptions {
  return withRelations(setup, { ...plainOptions(setup), datasets: parsedDatasets(setup.datasets, cache) });
}

/**
 * The same options with datasets given as text left as text: a compile that checks what the
 * datasets' columns and row counts show and shapes the output, reading no row (dataset-view.ts).
 */
export function outlineCompileOptions(setup: WorkerSetup): CompileOptions {
  return withRelations(setup, plainOptions(setup));
}

function plainOptions(setup: WorkerSetup): CompileOptions {
  const { datasets, scenarios, rowCount, startedAtMs, generationUuid, publicUrl, request } = setup;
  return { datasets, scenarios, rowCount, startedAtMs, generationUuid, publicUrl, request };
}

/** A project's table reads its parents with the same options (relation-runtime.ts). */
function withRelations(setup: WorkerSetup, options: CompileOptions): CompileOptions {
  return setup.relations ? { ...options, relations: projectRelations(setup.relations, options) } : options;
}
