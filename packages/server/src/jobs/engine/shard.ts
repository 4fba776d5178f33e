/**
 * A FrozenJob cut into shards: which rows each shard holds, and the bytes a shard, the head and
 * the tail are made of. Everything here is a pure function of the FrozenJob, so any worker on
 * any machine makes the same bytes for the same shard (a retried shard replaces its part with
 * identical bytes).
 */
import {
  rangeFrame,
  rangeSetup,
  rowRange,
  wholeFile,
  type Datasets,
  type RowCounter,
  type Scenarios,
  type SchemaPlan,
  type WorkerSetup,
} from '@rowloom/core';
import type { FrozenJob } from '../job-contract.js';

export const DEFAULT_SHARD_ROWS = 250_000;

/** Job ids name files and Redis keys: only these characters, so no id can reach outside its place. */
export const JOB_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export function checkJobId(jobId: string): string {
  if (!JOB_ID_PATTERN.test(jobId))
    throw new Error(`job id "${jobId.slice(0, 140)}" must be 1-128 letters, digits, _ or -`);
  return jobId;
}

export function shardCount(job: Pick<FrozenJob, 'count' | 'shardRows'>): number {
  return Math.max(1, Math.ceil(job.count / shardRowsOf(job)));
}

function shardRowsOf(job: Pick<FrozenJob, 'shardRows'>): number {
  const rows = Math.floor(job.shardRows);
  return Number.isFinite(rows) && rows >= 1 ? rows : DEFAULT_SHARD_ROWS;
}

/** Rows [start, end) of shard `shard` (the last one may be shorter; a job of 0 rows has one empty shard). */
export function shardRange(job: Pick<FrozenJob, 'count' | 'shardRows'>, shard: number): { start: number; end: number } {
  const rows = shardRowsOf(job);
  const start = Math.min(job.count, shard * rows);
  return { start, end: Math.min(job.count, start + rows) };
}

/**
 * The job as it must run: a format whose file is packed from its whole text (xlsx) is one shard
 * that makes the whole file (FrozenJob.packed); any other job is returned as it is. `packed`
 * defaults to what the job's writer says (compiling its schema: a bad one throws SchemaError).
 */
export function planShards(job: FrozenJob, packed = rangeFrame(jobSetup(job)).packed): FrozenJob {
  return packed ? { ...job, shardRows: Math.max(1, job.count), packed: true } : job;
}

/** What any thread needs to make rows of this job (plain data). */
export function jobSetup(job: FrozenJob): WorkerSetup {
  return rangeSetup({
    fields: job.fields,
    datasets: job.datasets as Datasets,
    scenarios: job.scenarios as Scenarios,
    count: job.count,
    seed: job.seed,
    now: job.now,
    writer: job.writer,
    publicUrl: job.publicUrl,
    relations: job.relations,
  });
}

/** writer.begin() and writer.end() of the whole file, as bytes; nothing for a packed file (its one part is all of it). */
export function jobFrame(job: FrozenJob): { head: Buffer; tail: Buffer; contentType: string; extension: string } {
  const frame = rangeFrame(jobSetup(job));
  if (job.packed)
    return { head: Buffer.alloc(0), tail: Buffer.alloc(0), contentType: frame.contentType, extension: frame.extension };
  return {
    head: Buffer.from(frame.begin, 'utf8'),
    tail: Buffer.from(frame.end, 'utf8'),
    contentType: frame.contentType,
    extension: frame.extension,
  };
}

/**
 * What a shard stores from the bytes of its rows (shardBytes, or a pool's): those bytes; for a
 * packed job (one shard, FrozenJob.packed), the whole file made from them.
 */
export function shardPart(job: FrozenJob, setup: WorkerSetup, rows: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  return job.packed ? wholeFile(setup, rows) : rows;
}

/**
 * The bytes of one shard, made on this thread in batches of about 64 KiB; `counter` follows the
 * rows made. `plan` (rangePlan(setup)) is kept by a worker for all the shards it takes of a job.
 */
export function shardBytes(
  job: FrozenJob,
  shard: number,
  setup: WorkerSetup = jobSetup(job),
  counter?: RowCounter,
  plan?: SchemaPlan,
): Generator<Buffer, void, undefined> {
  const { start, end } = shardRange(job, shard);
  return rowRange(setup, start, end, counter, plan);
}
