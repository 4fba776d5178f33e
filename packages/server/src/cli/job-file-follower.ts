/**
 * A job's file, read while the job runs: the head with part 0, then each part as soon as a
 * worker has published it, in order; once the job is done, whatever is still missing, from the assembled
 * file (at the exact offset reached, so a part cut short, or gone because the S3 store removes
 * parts once it has assembled them, costs nothing). `rowloom generate --distributed` writes these
 * bytes out as they come: copying the file out overlaps the generation instead of following it,
 * and what is left when the job ends is the last part or two.
 *
 * The bytes are the file's: the head is the FrozenJob's jobFrame() head, as the assembler's is,
 * and every part is final once published (a retried shard rewrites identical bytes).
 *
 * A part on this machine's disk (the directory store) is read with plain calls through one
 * reused 64 KiB buffer: a chunk handed out is valid only until the next is asked for, so the
 * consumer writes it (or copies it) first (delivery-sinks.ts says why).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ArtifactStore, JobProgress } from '../jobs/job-contract.js';

/** How often a missing next part is looked for again, besides every progress event. */
const POLL_MILLISECONDS = 250;

/** Small enough to stay in the CPU's cache between its read and its write. */
const LOCAL_CHUNK_BYTES = 64 * 1024;
/** Local chunks between turns of the event loop (progress events, Ctrl+C): about 1 MiB. */
const CHUNKS_PER_TURN = 16;

/** Stores' streams give Buffers (files) or Uint8Arrays (the S3 SDK). */
function asBuffer(chunk: unknown): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
}

export interface FollowedJob {
  store: ArtifactStore;
  jobId: string;
  shards: number;
  head: Buffer;
  /** Settles with the job's last state (done, failed, cancelled). */
  finished: Promise<JobProgress>;
}

export class JobFileFollower {
  /** Bytes handed out so far. */
  delivered = 0;
  /** Bytes handed out when the job ended (the rest came after). */
  deliveredWhileRunning = 0;
  private outcome: JobProgress | null = null;
  private stopped = false;
  private wake: () => void = () => {};
  private readonly chunk = Buffer.allocUnsafe(LOCAL_CHUNK_BYTES);

  constructor(private readonly job: FollowedJob) {
    void job.finished.then((outcome) => {
      this.outcome = outcome;
      this.deliveredWhileRunning = this.delivered;
      this.nudge();
    });
  }

  /** A shard may have finished: look for the next part now rather than at the next poll. */
  nudge(): void {
    this.wake();
  }

  /** Stops at the next chunk or pause (interrupted, or the job failed). */
  stop(): void {
    this.stopped = true;
    this.nudge();
  }

  /** The file's bytes; ends early (without the rest) when the job ends other than done, or on stop(). */
  async *bytes(): AsyncGenerator<Buffer> {
    const { shards, head } = this.job;
    for (let shard = 0; shard < shards && this.outcome === null && !this.stopped;) {
      const part = await this.openPart(shard).catch(() => null); // a store's passing error: tried again at the next poll
      if (part === null) {
        await this.pause();
        continue;
      }
      if (this.delivered === 0) yield this.count(head); // only once there are rows: a job interrupted while queued writes nothing
      const partStart = this.delivered;
      try {
        for await (const chunk of part) {
          if (this.stopped) return;
          yield this.count(asBuffer(chunk));
        }
        shard++;
      } catch {
        // Read again from its start only if nothing of it went out; otherwise the rest comes from the file once the job is done.
        if (this.delivered === partStart) await this.pause();
        else while (this.outcome === null && !this.stopped) await this.pause();
      }
    }
    const outcome = await this.job.finished;
    if (outcome.status !== 'done' || this.stopped) return;
    yield* this.rest();
  }

  /** A published part's chunks, or null while it is not there. */
  private async openPart(shard: number): Promise<AsyncIterable<Buffer | Uint8Array> | null> {
    const { store, jobId } = this.job;
    if (!store.localPartPath) return (await store.readPart(jobId, shard)) as AsyncIterable<Buffer> | null;
    let fd: number;
    try {
      // Opened before it is read: a part renamed over (a retry) or removed later is still read whole.
      fd = openSync(store.localPartPath(jobId, shard), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return this.localChunks(fd);
  }

  private async *localChunks(fd: number): AsyncGenerator<Buffer> {
    try {
      for (let chunks = 1; ; chunks++) {
        const length = readSync(fd, this.chunk, 0, this.chunk.length, null);
        if (length === 0) return;
        yield this.chunk.subarray(0, length);
        if (chunks % CHUNKS_PER_TURN === 0) await nextTurn();
      }
    } finally {
      closeSync(fd);
    }
  }

  private async *rest(): AsyncGenerator<Buffer> {
    const { store, jobId } = this.job;
    const size = await store.fileSize(jobId);
    if (size === null) throw new Error(`job ${jobId} is done but its file is not in the store`);
    if (this.delivered > size)
      throw new Error(`job ${jobId}: ${this.delivered} bytes were read from its parts, but its file has ${size}`);
    if (this.delivered === size) return;
    for await (const chunk of await store.readFile(jobId, { start: this.delivered, end: size - 1 })) {
      if (this.stopped) return;
      yield this.count(asBuffer(chunk));
    }
  }

  private count(chunk: Buffer): Buffer {
    this.delivered += chunk.length;
    return chunk;
  }

  private pause(): Promise<void> {
    if (this.stopped || this.outcome !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(), POLL_MILLISECONDS);
      const done = () => {
        clearTimeout(timer);
        this.wake = () => {};
        resolve();
      };
      this.wake = done;
    });
  }
}
