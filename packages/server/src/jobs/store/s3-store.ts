/**
 * The ArtifactStore on an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), through the AWS
 * SDK v3. Keys: <prefix>/<jobId>/parts/<shard> and <prefix>/<jobId>/file.
 *
 * - A part is uploaded with lib-storage's Upload (multipart when large), straight to its key:
 *   an S3 object appears whole only when its upload completes, so a reader never sees half of
 *   one and a retried shard replaces its part.
 * - assemble streams head + each part (GetObject, one at a time) + tail into one more Upload,
 *   which cuts the stream into parts of `partSize` (8 MiB by default, above S3's 5 MiB
 *   minimum). UploadPartCopy would let the bucket copy parts without the bytes passing through
 *   the assembler, but every copied part except the last must be ≥5 MiB and the head has to be
 *   joined to the first part, so small shards or the head would need special cases; the
 *   streaming copy always works, on any S3-compatible server, with memory bounded by a few parts.
 * - Checksums are only computed when an operation requires them: the SDK's default (CRC32 on
 *   every upload, with aws-chunked encoding) is not understood by many S3-compatible servers.
 */
import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ArtifactStore } from '../job-contract.js';
import { checkJobId } from '../engine/shard.js';

export interface S3StoreOptions {
  bucket: string;
  /** An S3-compatible server's URL (path-style addressing is used then). */
  endpoint?: string;
  region?: string;
  /** Key prefix (default rowloom-downloads). */
  prefix?: string;
  /** Bytes per multipart part (default 8 MiB; S3 needs ≥5 MiB). */
  partSize?: number;
  /** Extra client settings (credentials in tests). */
  client?: S3ClientConfig;
}

const MIB = 1024 * 1024;

/** The store's identity marker, beside the jobs' folders (no job id starts with a dot). */
const MARKER = '.rowloom-store';

function partName(shard: number): string {
  return String(shard).padStart(6, '0');
}

function notFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

export class S3Store implements ArtifactStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly partSize: number;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.prefix = (options.prefix ?? 'rowloom-downloads').replace(/\/+$/, '');
    this.partSize = Math.max(5 * MIB, options.partSize ?? 8 * MIB);
    this.client = new S3Client({
      region: options.region ?? process.env.AWS_REGION ?? 'us-east-1',
      endpoint: options.endpoint,
      forcePathStyle: options.endpoint !== undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...options.client,
    });
  }

  private key(jobId: string, rest: string): string {
    return `${this.prefix}/${checkJobId(jobId)}/${rest}`;
  }

  async putPart(jobId: string, shard: number, bytes: AsyncIterable<Buffer> | Buffer): Promise<void> {
    if (!Number.isInteger(shard) || shard < 0) throw new Error(`shard must be a whole number ≥ 0, got ${shard}`);
    await this.upload(this.key(jobId, `parts/${partName(shard)}`), Buffer.isBuffer(bytes) ? bytes : Readable.from(bytes));
  }

  async assemble(jobId: string, shards: number, head: Buffer, tail: Buffer): Promise<number> {
    const body = Readable.from(this.concatenation(jobId, shards, head, tail));
    let size = 0;
    const counted = body.pipe(new PassThrough({ transform: (chunk: Buffer, _encoding, done) => ((size += chunk.length), done(null, chunk)) }));
    body.on('error', (error) => counted.destroy(error));
    await this.upload(this.key(jobId, 'file'), counted);
    await this.removeKeys(this.key(jobId, 'parts/'));
    return size;
  }

  async readFile(jobId: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(jobId, 'file'), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
    return answer.Body as Readable;
  }

  async fileSize(jobId: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(jobId, 'file') }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async remove(jobId: string): Promise<void> {
    await this.removeKeys(this.key(jobId, ''));
  }

  async readMarker(): Promise<string | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: `${this.prefix}/${MARKER}` }));
      return (await answer.Body!.transformToString('utf8')).trim() || null;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  /**
   * Written only when absent. Two servers starting at once on an empty bucket could both write
   * (S3-compatible servers do not all honour If-None-Match); the read after gives both the one
   * that stayed, and a worker that read the other one is refused and can simply be restarted.
   */
  async writeMarker(text: string): Promise<string> {
    const present = await this.readMarker();
    if (present !== null) return present;
    await this.upload(`${this.prefix}/${MARKER}`, Buffer.from(`${text}\n`));
    return (await this.readMarker()) ?? text;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private async upload(key: string, body: Buffer | Readable): Promise<void> {
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: body }, partSize: this.partSize, queueSize: 2, leavePartsOnError: false });
    await upload.done();
  }

  private async *concatenation(jobId: string, shards: number, head: Buffer, tail: Buffer): AsyncGenerator<Buffer> {
    yield head;
    for (let shard = 0; shard < shards; shard++) {
      let part: Readable;
      try {
        part = (await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(jobId, `parts/${partName(shard)}`) }))).Body as Readable;
      } catch (error) {
        if (notFound(error)) throw new Error(`part ${shard} of ${shards} is missing`);
        throw error;
      }
      for await (const chunk of part) yield chunk as Buffer;
    }
    yield tail;
  }

  /** Deletes every object under `prefix`, a page at a time (one request per key: DeleteObjects needs a checksum header some servers reject). */
  private async removeKeys(prefix: string): Promise<void> {
    for (;;) {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: 1000 }));
      const keys = (page.Contents ?? []).map((item) => item.Key!).filter(Boolean);
      if (keys.length === 0) return;
      for (let i = 0; i < keys.length; i += 8) {
        await Promise.all(keys.slice(i, i + 8).map((Key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }))));
      }
      if (!page.IsTruncated) return;
    }
  }
}
