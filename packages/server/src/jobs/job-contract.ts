/**
 * Large generation as background jobs. This file is the contract between the job
 * engine (queue adapters, shard workers, the artifact store: jobs/engine, jobs/store) and the
 * downloads API (features/downloads/downloads-route.ts, the downloads table). Plain JSON throughout: a job's
 * frozen input travels through Redis, written by frozenJobBytes (frozen-job-json.ts).
 *
 * How a job runs: the API freezes the request (fields resolved from a saved schema, datasets
 * and scenarios loaded, seed drawn, reference time fixed) into a FrozenJob, stores a row in
 * `downloads`, and calls JobRunner.submit. The runner splits rows into shards of
 * `shardRows`; each shard writes exactly the bytes of its rows (writer.row(values, index) for
 * index in [start, end): counter-based randomness makes them a pure function of the index) to
 * the store under a temporary name and then publishes it; when every shard is there, the
 * assembler makes writer.begin() + parts in order + writer.end() the file. The file is
 * byte-identical to one `generate` call with the same seed. A packed format (xlsx, FrozenJob.packed)
 * is one shard that makes the whole file.
 */
import type { OutputFormat, WriterOptions, RelationsSetup } from '@rowloom/core';
import type { JobStatus } from '@rowloom/contract';

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
  /**
   * The format's file is packed from its whole text (xlsx: a zip), so it cannot be joined from
   * parts: the job is one shard (shardRows >= count) whose part is the whole file, with no head
   * or tail around it. Absent: false.
   */
  packed?: boolean;
  /**
   * A table of a project (docs/relations.md): the project, its seed and counts, so every shard
   * reads the same parent rows. Absent: a plain schema.
   */
  relations?: RelationsSetup;
}

export type { AdminDownload, DownloadStatus, JobStatus } from '@rowloom/contract';

/** A part being written (ArtifactStore.openLocalPart): write its bytes in order, then publish or discard it. */
export interface LocalPartWriter {
  /** Writes all of `bytes` before returning: the caller may reuse their memory at once. */
  write(bytes: Buffer): void;
  /** Makes the part visible to readers, replacing an earlier one of the same shard. */
  publish(): Promise<void>;
  /** Leaves nothing behind (after a failure or a cancel). */
  discard(): Promise<void>;
}

/** Where shards and files live: a shared directory, or an S3-compatible bucket. */
export interface ArtifactStore {
  /** Writes a shard's bytes under a temporary name and publishes it atomically (a retry replaces, never duplicates). */
  putPart(jobId: string, shard: number, bytes: AsyncIterable<Buffer> | Buffer): Promise<void>;
  /**
   * A published part's bytes, or null while it is not there (yet, or any more: a store that copies
   * parts into the file removes them once it is assembled). Lets a reader follow a running job.
   */
  readPart(jobId: string, shard: number): Promise<NodeJS.ReadableStream | null>;
  /**
   * Stores on this machine's file system only: where a part lies once published (it may not be
   * there yet). A reader on the same machine copies it with plain file calls, cheaper than a
   * stream (JobFileFollower).
   */
  localPartPath?(jobId: string, shard: number): string;
  /**
   * Stores on this machine's file system only: a part written with plain synchronous calls, so the
   * caller can reuse its memory as soon as each write returns (a job's worker recycles its
   * batches). Published like putPart's, under a temporary name renamed into place.
   */
  openLocalPart?(jobId: string, shard: number): Promise<LocalPartWriter>;
  /**
   * Makes head + parts 0..n-1 + tail the job's file (fails naming a missing part); returns its
   * size. The directory store records the list (the parts stay where they are); S3 has the bucket
   * copy the parts into one object.
   */
  assemble(jobId: string, shards: number, head: Buffer, tail: Buffer): Promise<number>;
  /** The file's bytes from `start` to `end` inclusive (HTTP Range), or all of it. */
  readFile(jobId: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream>;
  fileSize(jobId: string): Promise<number | null>;
  /** Removes the job's parts and file (cancel, failure, expiry). */
  remove(jobId: string): Promise<void>;
  /**
   * The store's identity (installation.ts): a marker the first server writes into it, which every
   * worker reads to prove it writes where the servers read. null: no marker yet.
   */
  readMarker(): Promise<string | null>;
  /** Writes the marker unless one is there already; returns the one in place. */
  writeMarker(text: string): Promise<string>;
  close(): Promise<void>;
}

/** Progress the runner reports (from any worker), for the downloads row and the page. */
export interface JobProgress {
  jobId: string;
  status: JobStatus;
  recordsGenerated: number;
  error?: string;
  bytes?: number;
  /**
   * Rows the reporting worker has made so far in its unfinished shard (not yet counted in
   * recordsGenerated, and lost if that worker dies): the status moves between shards with it.
   */
  inFlight?: number;
}

/** What the queue knows of a job, which the reconciler holds against the downloads table. */
export type QueueView =
  | { state: 'active'; status: 'queued' | 'running' | 'assembling'; recordsGenerated: number }
  | { state: 'done'; recordsGenerated: number; bytes: number }
  | { state: 'failed'; recordsGenerated: number; error: string }
  | { state: 'cancelled'; recordsGenerated: number }
  /** Nothing of it in the queue (a Redis that restarted empty, or it finished and was removed). */
  | { state: 'missing' };

/** Whether the queue answers, and how many workers listen on it (null: it cannot say). */
export interface QueueHealth {
  kind: 'redis' | 'in-process';
  reachable: boolean;
  workers: number | null;
  error?: string;
}

/** The queue's figures for /metrics. */
export interface QueueMetrics {
  /** Jobs (shards and assemblers) in each BullMQ state. */
  jobs: Record<string, number>;
  workers: number;
  /** Since the queue's metrics began (BullMQ's own counters, kept by the workers). */
  completedTotal: number;
  failedTotal: number;
}

/** The queue cannot take a job now (Redis unreachable): the API answers 503 and charges nothing. */
export class QueueUnavailableError extends Error {}

/**
 * The queue: BullMQ on Redis when REDIS_URL is set (any number of `rowloom worker` processes),
 * else in-process (the same interface, shards run on this server's generation pool), so
 * `npm start` alone keeps working.
 */
export interface JobRunner {
  /** Connects and checks this process belongs with the workers (installation.ts); absent: nothing to check. */
  start?(): Promise<void>;
  /** Queues the job; throws QueueUnavailableError promptly when the queue cannot take it. */
  submit(job: FrozenJob): Promise<void>;
  /**
   * Stops every shard of the job (seen by workers within a second) and removes its artifacts and
   * queue entries (once the workers let go). Returns the rows of the shards finished before the
   * cancel: no shard can be counted after it.
   */
  cancel(jobId: string): Promise<{ recordsGenerated: number }>;
  /** The queue's view of a job; throws when the queue cannot be asked. Absent: nothing survives a restart (in-process). */
  inspect?(jobId: string): Promise<QueueView>;
  /** Removes a finished job's remains from the queue, once the database has recorded how it ended. */
  forget?(jobId: string): Promise<void>;
  /** Answers promptly, whatever state the queue is in. */
  health(): Promise<QueueHealth>;
  metrics?(): Promise<QueueMetrics>;
  /** Called with progress and state changes; the API writes them to the downloads table. */
  onProgress(listener: (progress: JobProgress) => void): void;
  close(): Promise<void>;
}
