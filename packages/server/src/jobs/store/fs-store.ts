/**
 * The ArtifactStore on a directory every worker and the API can reach (a local disk for one
 * machine, a shared mount such as NFS for several). Layout:
 *   <root>/<jobId>/parts/<shard>      each shard's bytes, as its worker wrote them;
 *   <root>/<jobId>/manifest.json      once assembled: the head's and tail's bytes and every
 *                                     part's size.
 * The parts are never copied into one file: the job's file *is* head + parts in order + tail,
 * read as one stream with the same bytes, size and byte ranges a single file would have (a
 * range may span several parts). Assembling is checking that every part is there and writing
 * the manifest: a few kilobytes, whatever the file's size. A job assembled by an earlier version
 * (one file, <root>/<jobId>/file) is still served as it is.
 *
 * Everything is written under a temporary name (`.tmp-<pid>-<random>`) in the same directory and
 * renamed into place, so a reader never sees half a part or half a manifest, and a retried shard
 * replaces its part rather than adding a second one. A writer killed mid-write leaves its
 * temporary behind: assembling removes every temporary of the job (all its shards are done by
 * then, so any temporary left is a dead or superseded writer's), and remove() takes the rest.
 */
import { closeSync, createReadStream, createWriteStream, openSync, writeSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { ArtifactStore, LocalPartWriter } from '../job-contract.js';
import { checkJobId } from '../engine/shard.js';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../../db/file-modes.js';
import { boundedMap } from './bounded-map.js';
import { piecesInRange, totalSize, type FileSegment, type SegmentPiece } from './file-segments.js';

/** fs.rm's retries on ENOTEMPTY/EBUSY: delays of 50, 100, ... 350 ms. */
const REMOVE_RETRIES = 7;
const REMOVE_RETRY_MS = 50;

/**
 * Read size when parts are streamed: 1 MiB instead of the stream default of 64 KiB, a sixteenth
 * of the per-chunk overhead on the one pass a reader makes over every byte.
 */
const READ_CHUNK_BYTES = 1024 * 1024;

/** Parts checked at once (a stat each): quick on a local disk, and overlapped on a network mount. */
const STAT_CONCURRENCY = 16;

const MANIFEST = 'manifest.json';
const MANIFEST_FORMAT = 'rowloom-parts/1';
/** What an earlier version assembled: one file. */
const LEGACY_FILE = 'file';
export const TEMPORARY_PREFIX = '.tmp-';

interface Manifest {
  format: typeof MANIFEST_FORMAT;
  size: number;
  /** base64 */
  head: string;
  /** base64 */
  tail: string;
  /** Each part's size in bytes, shard 0 first. */
  parts: number[];
}

type Layout =
  { kind: 'segments'; segments: FileSegment[]; size: number } | { kind: 'file'; path: string; size: number };

/** The store's identity marker (installation.ts), beside the jobs' folders (no job id starts with a dot). */
const MARKER = '.rowloom-store';

function partName(shard: number): string {
  return String(shard).padStart(6, '0');
}

function temporaryName(): string {
  return `${TEMPORARY_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

function missingFile(jobId: string): Error {
  return Object.assign(new Error(`job ${jobId} has no assembled file`), { code: 'ENOENT' });
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function parseManifest(jobId: string, text: string): Manifest {
  const manifest = JSON.parse(text) as Partial<Manifest>;
  const valid =
    manifest.format === MANIFEST_FORMAT &&
    typeof manifest.head === 'string' &&
    typeof manifest.tail === 'string' &&
    Array.isArray(manifest.parts) &&
    manifest.parts.every(isWholeNumber) &&
    isWholeNumber(manifest.size);
  if (!valid)
    throw new Error(`the manifest of job ${jobId} is not one this version reads (format ${String(manifest.format)})`);
  return manifest as Manifest;
}

function segmentsOf(manifest: Manifest): FileSegment[] {
  return [
    { kind: 'bytes', data: Buffer.from(manifest.head, 'base64') },
    ...manifest.parts.map((size, shard): FileSegment => ({ kind: 'part', shard, size })),
    { kind: 'bytes', data: Buffer.from(manifest.tail, 'base64') },
  ];
}

export class DirectoryStore implements ArtifactStore {
  constructor(readonly root: string) {}

  private jobDir(jobId: string): string {
    return join(this.root, checkJobId(jobId));
  }

  private partPath(jobId: string, shard: number): string {
    return join(this.jobDir(jobId), 'parts', partName(shard));
  }

  localPartPath(jobId: string, shard: number): string {
    return this.partPath(jobId, shard);
  }

  async putPart(jobId: string, shard: number, bytes: AsyncIterable<Buffer> | Buffer): Promise<void> {
    if (!Number.isInteger(shard) || shard < 0) throw new Error(`shard must be a whole number ≥ 0, got ${shard}`);
    const dir = join(this.jobDir(jobId), 'parts');
    await mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIR });
    await this.writeAtomically(join(dir, partName(shard)), Buffer.isBuffer(bytes) ? bytes : Readable.from(bytes));
  }

  async openLocalPart(jobId: string, shard: number): Promise<LocalPartWriter> {
    if (!Number.isInteger(shard) || shard < 0) throw new Error(`shard must be a whole number ≥ 0, got ${shard}`);
    const dir = join(this.jobDir(jobId), 'parts');
    await mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIR });
    return SyncPartFile.create(join(dir, temporaryName()), join(dir, partName(shard)));
  }

  async readPart(jobId: string, shard: number): Promise<NodeJS.ReadableStream | null> {
    try {
      // Opened before it is returned: a part renamed over (a retry) or removed later is still read whole.
      const handle = await open(this.partPath(jobId, shard), 'r');
      return handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES });
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async assemble(jobId: string, shards: number, head: Buffer, tail: Buffer): Promise<number> {
    const sizes = await boundedMap(
      Array.from({ length: shards }, (_, shard) => shard),
      STAT_CONCURRENCY,
      async (shard) => {
        try {
          return (await stat(this.partPath(jobId, shard))).size;
        } catch (error) {
          if (isMissing(error)) throw new Error(`part ${shard} of ${shards} is missing`);
          throw error;
        }
      },
    );
    await this.removeTemporaries(jobId);
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      size: head.length + sizes.reduce((sum, size) => sum + size, 0) + tail.length,
      head: head.toString('base64'),
      tail: tail.toString('base64'),
      parts: sizes,
    };
    await this.writeAtomically(join(this.jobDir(jobId), MANIFEST), Buffer.from(JSON.stringify(manifest)));
    return manifest.size;
  }

  async readFile(jobId: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream> {
    const layout = await this.layout(jobId);
    if (!layout) throw missingFile(jobId);
    if (layout.kind === 'file')
      return createReadStream(layout.path, range ? { start: range.start, end: range.end } : {});
    const pieces = piecesInRange(layout.segments, range?.start ?? 0, Math.min(range?.end ?? Infinity, layout.size - 1));
    // A missing part is an error here, not a stream that stops halfway.
    const damaged = await this.damagedPart(
      jobId,
      pieces.map((piece) => piece.segment),
    );
    if (damaged !== null) throw Object.assign(new Error(`job ${jobId}: ${damaged}`), { code: 'ENOENT' });
    return Readable.from(this.pieceBytes(jobId, pieces), { objectMode: false, highWaterMark: READ_CHUNK_BYTES });
  }

  /** The file's size, or null when it is not there, or a part of it is gone or not the size recorded. */
  async fileSize(jobId: string): Promise<number | null> {
    const layout = await this.layout(jobId);
    if (!layout) return null;
    if (layout.kind === 'segments' && (await this.damagedPart(jobId, layout.segments)) !== null) return null;
    return layout.size;
  }

  /**
   * Removes the job's directory. A cancelled job's worker may still be renaming its last part
   * into it for a moment (it sees the cancellation within a second), which makes a plain
   * recursive rm fail with ENOTEMPTY; Node's retries (with a growing delay, about 1.4 s in all)
   * outlast that.
   */
  async remove(jobId: string): Promise<void> {
    await rm(this.jobDir(jobId), {
      recursive: true,
      force: true,
      maxRetries: REMOVE_RETRIES,
      retryDelay: REMOVE_RETRY_MS,
    });
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

  private async layout(jobId: string): Promise<Layout | null> {
    const dir = this.jobDir(jobId);
    try {
      const manifest = parseManifest(jobId, await readFile(join(dir, MANIFEST), 'utf8'));
      const segments = segmentsOf(manifest);
      return { kind: 'segments', segments, size: totalSize(segments) };
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    try {
      const path = join(dir, LEGACY_FILE);
      return { kind: 'file', path, size: (await stat(path)).size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Says which of these segments' parts is missing or not its recorded size, or null when all are as recorded. */
  private async damagedPart(jobId: string, segments: readonly FileSegment[]): Promise<string | null> {
    const parts = segments.filter((segment) => segment.kind === 'part');
    const problems = await boundedMap(parts, STAT_CONCURRENCY, async (part) => {
      try {
        const size = (await stat(this.partPath(jobId, part.shard))).size;
        return size === part.size ? null : `part ${part.shard} is ${size} bytes, ${part.size} were recorded`;
      } catch (error) {
        if (isMissing(error)) return `part ${part.shard} is missing`;
        throw error;
      }
    });
    return problems.find((problem) => problem !== null) ?? null;
  }

  /** The pieces' bytes in order, each part opened only when its turn comes (a whole file may have thousands). */
  private async *pieceBytes(jobId: string, pieces: readonly SegmentPiece[]): AsyncGenerator<Buffer> {
    for (const { segment, start, end } of pieces) {
      if (segment.kind === 'bytes') {
        yield segment.data.subarray(start, end + 1);
        continue;
      }
      let read = 0;
      for await (const chunk of createReadStream(this.partPath(jobId, segment.shard), {
        start,
        end,
        highWaterMark: READ_CHUNK_BYTES,
      })) {
        read += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      if (read !== end - start + 1)
        throw new Error(
          `job ${jobId}: part ${segment.shard} ended after ${start + read} bytes, ${segment.size} were recorded`,
        );
    }
  }

  /** Deletes the temporaries writers left in the job's directory and its parts directory. */
  private async removeTemporaries(jobId: string): Promise<void> {
    for (const dir of [this.jobDir(jobId), join(this.jobDir(jobId), 'parts')]) {
      const names = await readdir(dir).catch((error) => (isMissing(error) ? [] : Promise.reject(error)));
      for (const name of names) {
        if (name.startsWith(TEMPORARY_PREFIX))
          await unlink(join(dir, name)).catch((error) => (isMissing(error) ? undefined : Promise.reject(error)));
      }
    }
  }

  /** Writes into a temporary file beside `target`, then renames it over `target`. */
  private async writeAtomically(target: string, source: Readable | Buffer): Promise<void> {
    const temporary = join(target, '..', temporaryName());
    try {
      if (Buffer.isBuffer(source)) await writeFile(temporary, source, { flag: 'wx', mode: OWNER_ONLY_FILE });
      else await pipeline(source, createWriteStream(temporary, { flags: 'wx', mode: OWNER_ONLY_FILE }));
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => {});
      throw error;
    }
  }
}

/** A part written with writeSync under a temporary name, renamed into place when published. */
class SyncPartFile implements LocalPartWriter {
  private fd: number | null;

  private constructor(
    private readonly temporary: string,
    private readonly target: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  /** A plain descriptor, not a FileHandle: a FileHandle closes its descriptor when collected. */
  static create(temporary: string, target: string): SyncPartFile {
    return new SyncPartFile(temporary, target, openSync(temporary, 'wx', OWNER_ONLY_FILE));
  }

  write(bytes: Buffer): void {
    if (this.fd === null) throw new Error('part already published or discarded');
    for (let written = 0; written < bytes.length;)
      written += writeSync(this.fd, bytes, written, bytes.length - written);
  }

  async publish(): Promise<void> {
    this.close();
    await rename(this.temporary, this.target);
  }

  async discard(): Promise<void> {
    this.close();
    await unlink(this.temporary).catch(() => {});
  }

  private close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
