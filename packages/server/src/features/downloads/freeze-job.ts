/**
 * A download request frozen into the FrozenJob every shard works from: the fields, only the
 * datasets and scenarios they use, the seed (drawn now when none was given) and the reference
 * time, so a shard run anywhere, or twice, makes the same bytes as one generate call would.
 * Datasets are frozen as their stored text: this thread never parses them (the generation
 * threads do, or the worker that reads the job; see frozen-job-json.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  checkOnThreads,
  generate,
  resolveSeed,
  type GenerationPool,
  type OutputFormat,
  type RelationsSetup,
  type WriterOptions,
} from '@rowloom/core';
import type { Kysely } from 'kysely';
import type { DatasetTexts } from '../datasets/dataset-texts.js';
import type { Tables } from '../../db/tables.js';
import { sourcesForFields } from '../generation/field-sources.js';
import type { FrozenJob } from '../../jobs/job-contract.js';
import { planShards } from '../../jobs/engine/shard.js';
import { jobFileName } from './file-name.js';
import type { FileInfo } from './downloads-table.js';

/** generate's reference time for a seeded request without `now` (core's SEEDED_REFERENCE_TIME). */
const SEEDED_NOW = '2025-01-01T00:00:00Z';

/** Rows per shard: a few seconds of work each (the contract's default). */
export const DEFAULT_SHARD_ROWS = 250_000;

export interface DownloadRequest {
  userId: string;
  fields: unknown[];
  count: number;
  format: OutputFormat;
  writer: Omit<WriterOptions, 'count'>;
  /** The `seed` parameter, or null to draw one. */
  seed: string | null;
  /** The `now` parameter, or null: the clock (or generate's fixed time when a seed is given). */
  now: string | null;
  publicUrl?: string;
  /** A table of a project: its project (GenerateRequest.relations); `sourceFields` then names every table's fields, whose datasets and scenarios the job needs. */
  relations?: RelationsSetup;
  sourceFields?: unknown[];
}

/** Where a job's inputs come from and where its schema is checked. */
export interface FreezeSources {
  db: Kysely<Tables>;
  /** The generation threads: what only the datasets' rows show is checked there. */
  pool: GenerationPool;
  datasetTexts: DatasetTexts;
}

export interface Frozen {
  job: FrozenJob;
  file: FileInfo;
}

/**
 * `name`: what the file name starts with (the saved schema's name, else "rowloom"). Throws
 * SchemaError (a 400 naming every problem) when the fields do not compile; nothing is stored.
 */
export async function freezeJob(
  sources: FreezeSources,
  request: DownloadRequest,
  name: string,
  shardRows = DEFAULT_SHARD_ROWS,
  clock = new Date(),
): Promise<Frozen> {
  const { datasets, datasetNames, scenarios, scenarioNames } = await sourcesForFields(
    sources.db,
    request.userId,
    request.sourceFields ?? request.fields,
    sources.datasetTexts,
  );
  const seed = resolveSeed(request.seed).seed;
  const now = request.now || (request.seed !== null ? SEEDED_NOW : clock.toISOString());
  // Compiling (schema, formulas, now, writer options) is the validation: what only the datasets'
  // rows show on a generation thread, the rest here. No row is made: the stream is never read.
  const validation = {
    fields: request.fields,
    datasets,
    datasetNames,
    scenarios,
    scenarioNames,
    count: request.count,
    seed,
    now,
    writer: request.writer,
    publicUrl: request.publicUrl,
    pool: sources.pool,
    relations: request.relations,
  };
  await checkOnThreads(validation);
  const check = generate(validation);
  check.stream.destroy();
  const id = randomUUID();
  const job: FrozenJob = {
    id,
    userId: request.userId,
    fields: request.fields,
    datasets: datasets as Record<string, unknown>,
    scenarios: scenarios as Record<string, unknown>,
    count: request.count,
    seed,
    now,
    format: request.format,
    writer: request.writer,
    ...(request.publicUrl ? { publicUrl: request.publicUrl } : {}),
    shardRows,
    ...(request.relations ? { relations: request.relations } : {}),
  };
  return {
    job: planShards(job, check.packed),
    file: { contentType: check.contentType, filename: jobFileName(name, id, check.extension) },
  };
}
