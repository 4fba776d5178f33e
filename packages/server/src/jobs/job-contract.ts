/**
 * Large generation as background jobs (issue 14). This file is the contract between the job
 * engine (queue adapters, shard workers, the artifact store: jobs/engine, jobs/store) and the
 * downloads API (routes/downloads-route.ts, the downloads table). Plain JSON throughout: a job's
 * frozen input travels through Redis, written by frozenJobBytes (frozen-job-json.ts).
 *
 * How a job runs: the API freezes the request (fields resolved from a saved schema, datasets
 * and scenarios loaded, seed drawn, reference time fixed) into a FrozenJob, stores a row in
 * `downloads`, and calls JobRunner.submit. The runner splits rows into shards of
 * `shardRows`; each shard writes exactly the bytes of its rows (writer.row(values, index) for
 * index in [start, end): counter-based randomness makes them a pure function of the index) to
 * the store under a temporary name and then publishes it; when every shard is there, the
 * assembler writes writer.begin() + parts in order + writer.end() as the file. The file is
 * byte-identical to one `generate` call with the same seed.
 */
import type { OutputFormat, WriterOptions } from '@rowloom/core';
import type { JobStatus } from '@rowloom/core/download-status';

/** Everything a worker anywhere needs to make any row range, frozen when the job is submitted. */
export interface FrozenJob {
  /** The download's id (the downloads table's primary key). */
  id: string;
  userId: string;
  fields: unknown[];
  /**
   * Only the datasets and scenarios the fields use (core's Datasets / Scenarios shapes). The API
   * freezes datasets as their stored text (DatasetText, parsed on the threads that make rows);
   * frozenJobBytes writes them as tables, the form a worker reads back.
   */
  datasets: Record<string, unknown>;
  scenarios: Record<string, unknown>;
  count: number;
  /** The seed as given or drawn (core resolveSeed turns it into the key). */
  seed: string | number;
  /** Formulas' now() as ISO 8601: fixed at submission so every shard agrees. */
  now: string;
  format: OutputFormat;
  writer: Omit<WriterOptions, 'count'>;
  publicUrl?: string;
  /** Rows per shard (a few seconds of work; default 250,000). */
  shardRows: number;
}

export type { AdminDownload, DownloadStatus, JobStatus } from '@rowloom/core/download-status';

/** Where shards and files live: a shared directory, or an S3-compatible bucket. */
export interface ArtifactStore {
  /** Writes a shard's bytes under a temporary name and publishes it atomically (a retry replaces, never duplicates). */
  putPart(jobId: string, shard: number, bytes: AsyncIterable<Buffer> | Buffer): Promise<void>;
  /** Concatenates head + parts 0..n-1 + tail into the job's file; returns its size. */
  assemble(jobId: string, shards: number, head: Buffer, tail: Buffer): Promise<number>;
  /** The file's bytes from `start` to `end` inclusive (HTTP Range), or all of it. */
  readFile(jobId: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream>;
  fileSize(jobId: string): Promise<number | null>;
  /** Removes the job's parts and file (cancel, failure, expiry). */
  remove(jobId: string): Promise<void>;
  close(): Promise<void>;
}

/** Progress the runner reports (from any worker), for the downloads row and the page. */
export interface JobProgress {
  jobId: string;
  status: JobStatus;
  recordsGenerated: number;
  error?: string;
  bytes?: number;
}

/**
 * The queue: BullMQ on Redis when REDIS_URL is set (any number of `rowloom worker` processes),
 * else in-process (the same interface, shards run on this server's generation pool), so
 * `npm start` alone keeps working.
 */
export interface JobRunner {
  submit(job: FrozenJob): Promise<void>;
  /** Stops every shard of the job (seen by workers within a second) and removes its artifacts. */
  cancel(jobId: string): Promise<void>;
  /** Called with progress and state changes; the API writes them to the downloads table. */
  onProgress(listener: (progress: JobProgress) => void): void;
  close(): Promise<void>;
}
