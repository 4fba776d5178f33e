/**
 * The ArtifactStore on a directory every worker and the API can reach (a local disk for one
 * machine, a shared mount such as NFS for several). Layout: <root>/<jobId>/parts/<shard> and
 * <root>/<jobId>/file. Everything is written under a temporary name in the same directory and
 * renamed into place, so a reader never sees half a part or half a file, and a retried shard
 * replaces its part rather than adding a second one.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { ArtifactStore } from '../job-contract.js';
import { checkJobId } from '../engine/shard.js';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../../db/file-modes.js';

/** fs.rm's retries on ENOTEMPTY/EBUSY: delays of 50, 100, ... 350 ms. */
const REMOVE_RETRIES = 7;
const REMOVE_RETRY_MS = 50;

/**
 * Read size when parts are concatenated into the file: 1 MiB instead of the stream default of
 * 64 KiB, so the assembler's copy (the one pass a job makes over every byte) costs a sixteenth
 * of the per-chunk overhead.
 */
const COPY_CHUNK_BYTES = 1024 * 1024;

/** The store's identity marker (installation.ts), beside the jobs' folders (no job id starts with a dot). */
const MARKER = '.rowloom-store';

function partName(shard: number): string {
  return String(shard).padStart(6, '0');
}

function temporaryName(): string {
  return `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
}

export class DirectoryStore implements ArtifactStore {
  constructor(readonly root: string) {}

  private jobDir(jobId: string): string {
    return join(this.root, checkJobId(jobId));
  }

  /** Where a job's assembled file is (`rowloom generate --distributed` renames it to --out when on the same file system). */
  filePath(jobId: string): string {
    return this.fileOf(jobId);
  }

  private fileOf(jobId: string): string {
    return join(this.jobDir(jobId), 'file');
  }

  async putPart(jobId: string, shard: number, bytes: AsyncIterable<Buffer> | Buffer): Promise<void> {
    if (!Number.isInteger(shard) || shard < 0) throw new Error(`shard must be a whole number ≥ 0, got ${shard}`);
    const dir = join(this.jobDir(jobId), 'parts');
    await mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIR });
    await this.writeAtomically(join(dir, partName(shard)), Buffer.isBuffer(bytes) ? Readable.from([bytes]) : Readable.from(bytes));
  }

  async assemble(jobId: string, shards: number, head: Buffer, tail: Buffer): Promise<number> {
    const dir = join(this.jobDir(jobId), 'parts');
    const target = this.fileOf(jobId);
    await this.writeAtomically(target, Readable.from(concatenation(dir, shards, head, tail)));
    await rm(dir, { recursive: true, force: true });
    return (await stat(target)).size;
  }

  async readFile(jobId: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream> {
    const file = this.fileOf(jobId);
    await stat(file); // an ENOENT here, not as a stream error later
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async fileSize(jobId: string): Promise<number | null> {
    try {
      return (await stat(this.fileOf(jobId))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * Removes the job's directory. A cancelled job's worker may still be renaming its last part
   * into it for a moment (it sees the cancellation within a second), which makes a plain
   * recursive rm fail with ENOTEMPTY; Node's retries (with a growing delay, about 1.4 s in all)
   * outlast that.
   */
  async remove(jobId: string): Promise<void> {
    await rm(this.jobDir(jobId), { recursive: true, force: true, maxRetries: REMOVE_RETRIES, retryDelay: REMOVE_RETRY_MS });
  }

  async readMarker(): Promise<string | null> {
    try {
      return (await readFile(join(this.root, MARKER), 'utf8')).trim() || null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Created exclusively ('wx'): of two servers starting at once on an empty directory, one marker stays. */
  async writeMarker(text: string): Promise<string> {
    await mkdir(this.root, { recursive: true, mode: OWNER_ONLY_DIR });
    try {
      await writeFile(join(this.root, MARKER), `${text}\n`, { flag: 'wx', mode: OWNER_ONLY_FILE });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return (await this.readMarker()) ?? text;
  }

  async close(): Promise<void> {}

  /** Streams into a temporary file beside `target`, then renames it over `target`. */
  private async writeAtomically(target: string, source: Readable): Promise<void> {
    const temporary = join(target, '..', temporaryName());
    try {
      await pipeline(source, createWriteStream(temporary, { flags: 'wx', mode: OWNER_ONLY_FILE }));
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => {});
      throw error;
    }
  }
}

/** head, then each part in order read from disk a chunk at a time (memory stays small), then tail. */
async function* concatenation(dir: string, shards: number, head: Buffer, tail: Buffer): AsyncGenerator<Buffer> {
  yield head;
  for (let shard = 0; shard < shards; shard++) {
    const path = join(dir, partName(shard));
    try {
      for await (const chunk of createReadStream(path, { highWaterMark: COPY_CHUNK_BYTES })) yield chunk as Buffer;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`part ${shard} of ${shards} is missing`);
      throw error;
    }
  }
  yield tail;
}
