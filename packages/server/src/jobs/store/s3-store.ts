/**
 * The ArtifactStore on an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), through the AWS
 * SDK v3. Keys: <prefix>/<jobId>/parts/<shard> and <prefix>/<jobId>/file.
 *
 * - A part is uploaded with lib-storage's Upload (multipart when large), straight to its key:
 *   an S3 object appears whole only when its upload completes, so a reader never sees half of
 *   one and a retried shard replaces its part.
 * - assemble has the bucket build the file: a multipart upload whose parts are UploadPartCopy
 *   of the shards' objects, so their bytes never pass through the assembler. S3's limits (5 MiB
 *   smallest part but the last, 5 GiB largest, 10,000 parts, range copies only from objects over
 *   5 MiB) are met by multipart-plan.ts: the head is uploaded together with the first 5 MiB of
 *   part 0, small parts are gathered into uploaded parts, and more than 10,000 parts are composed
 *   in levels (intermediate objects under <jobId>/compose/, removed after). The file appears
 *   whole when the upload completes; a failed assembly aborts its upload.
 * - Checksums are only computed when an operation requires them: the SDK's default (CRC32 on
 *   every upload, with aws-chunked encoding) is not understood by many S3-compatible servers.
 */
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  UploadPartCopyCommand,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ArtifactStore } from '../job-contract.js';
import { checkJobId } from '../engine/shard.js';
import { boundedMap } from './bounded-map.js';
import {
  planMultipart,
  S3_LIMITS,
  splitPlan,
  type MultipartLimits,
  type MultipartSource,
  type PlannedPart,
} from './multipart-plan.js';

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
  /** S3's multipart limits (the default); tests make them small to see every case of the plan. */
  multipartLimits?: MultipartLimits;
}

const MIB = 1024 * 1024;
/** Requests at once when parts are checked (HEAD) or copied: copies run inside the bucket, so several overlap well. */
const REQUEST_CONCURRENCY = 8;
/** Parts sent at once while assembling; an uploaded part holds under three minimum parts in memory. */
const PART_CONCURRENCY = 4;

/** x-amz-copy-source: the bucket and key, URL-encoded. */
function copySource(bucket: string, key: string): string {
  return `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

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
  private readonly limits: MultipartLimits;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.prefix = (options.prefix ?? 'rowloom-downloads').replace(/\/+$/, '');
    this.partSize = Math.max(5 * MIB, options.partSize ?? 8 * MIB);
    this.limits = options.multipartLimits ?? S3_LIMITS;
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
    await this.upload(
      this.key(jobId, `parts/${partName(shard)}`),
      Buffer.isBuffer(bytes) ? bytes : Readable.from(bytes),
    );
  }

  async readPart(jobId: string, shard: number): Promise<NodeJS.ReadableStream | null> {
    try {
      return (
        await this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: this.key(jobId, `parts/${partName(shard)}`) }),
        )
      ).Body as Readable;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async assemble(jobId: string, shards: number, head: Buffer, tail: Buffer): Promise<number> {
    const parts = await boundedMap(
      Array.from({ length: shards }, (_, shard) => shard),
      REQUEST_CONCURRENCY,
      async (shard): Promise<MultipartSource> => {
        const key = this.key(jobId, `parts/${partName(shard)}`);
        try {
          const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
          return { kind: 'object', key, size: answer.ContentLength ?? 0 };
        } catch (error) {
          if (notFound(error)) throw new Error(`part ${shard} of ${shards} is missing`);
          throw error;
        }
      },
    );
    const size = await this.compose(
      jobId,
      this.key(jobId, 'file'),
      [{ kind: 'bytes', data: head }, ...parts, { kind: 'bytes', data: tail }],
      1,
    );
    await this.removeKeys(this.key(jobId, 'parts/'));
    await this.removeKeys(this.key(jobId, 'compose/')); // also what an assembler killed earlier left
    return size;
  }

  async readFile(jobId: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream> {
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.key(jobId, 'file'),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
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
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: `${this.prefix}/${MARKER}` }),
      );
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
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body },
      partSize: this.partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  /**
   * Makes `target` the concatenation of `sources`; more parts than one upload may have are
   * composed in levels (runs of parts into intermediate objects, then those). With S3's limits a
   * second level always fits: an object of at most 5 TB is at most 1,024 copies of 5 GiB.
   */
  private async compose(
    jobId: string,
    target: string,
    sources: MultipartSource[],
    level: number,
    partsBefore = Infinity,
  ): Promise<number> {
    const plan = planMultipart(sources, this.limits);
    if (plan.length <= this.limits.maxParts) return this.runPlan(target, plan);
    if (plan.length >= partsBefore) {
      const { maxParts, maxPartBytes } = this.limits;
      throw new Error(
        `the file is too large for one object: it needs ${plan.length} parts after ${level - 1} level(s) of composing (at most ${maxParts} parts of ${maxPartBytes} bytes)`,
      );
    }
    const intermediates: MultipartSource[] = [];
    for (const [index, run] of splitPlan(plan, this.limits.maxParts).entries()) {
      const key = this.key(jobId, `compose/${level}-${partName(index)}`);
      intermediates.push({ kind: 'object', key, size: await this.runPlan(key, run) });
    }
    return this.compose(jobId, target, intermediates, level + 1, plan.length);
  }

  /** One multipart upload of the planned parts (aborted if any fails); returns the object's size. */
  private async runPlan(key: string, plan: PlannedPart[]): Promise<number> {
    const size = plan.reduce((sum, part) => sum + part.size, 0);
    if (plan.length === 0) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: Buffer.alloc(0) }));
      return 0;
    }
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
    try {
      const etags = await boundedMap(plan, PART_CONCURRENCY, (part, index) =>
        this.sendPart(key, UploadId!, index + 1, part),
      );
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: etags.map((ETag, index) => ({ ETag, PartNumber: index + 1 })) },
        }),
      );
    } catch (error) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId }))
        .catch(() => {});
      throw error;
    }
    return size;
  }

  private async sendPart(key: string, uploadId: string, partNumber: number, part: PlannedPart): Promise<string> {
    const target = { Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber };
    if (part.kind === 'copy') {
      const range = part.range ? `bytes=${part.range.start}-${part.range.end}` : undefined;
      const answer = await this.client.send(
        new UploadPartCopyCommand({ ...target, CopySource: copySource(this.bucket, part.key), CopySourceRange: range }),
      );
      return answer.CopyPartResult!.ETag!;
    }
    const pieces = await Promise.all(
      part.pieces.map((piece) =>
        piece.kind === 'bytes' ? piece.data : this.download(piece.key, piece.start, piece.end),
      ),
    );
    const body = Buffer.concat(pieces);
    return (await this.client.send(new UploadPartCommand({ ...target, Body: body, ContentLength: body.length }))).ETag!;
  }

  /** Bytes start..end (inclusive) of an object. */
  private async download(key: string, start: number, end: number): Promise<Buffer> {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end}` }),
    );
    const bytes = Buffer.from(await answer.Body!.transformToByteArray());
    if (bytes.length !== end - start + 1)
      throw new Error(`${key}: asked for bytes ${start}-${end}, got ${bytes.length}`);
    return bytes;
  }

  /** Deletes every object under `prefix`, a page at a time (one request per key: DeleteObjects needs a checksum header some servers reject). */
  private async removeKeys(prefix: string): Promise<void> {
    for (;;) {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: 1000 }),
      );
      const keys = (page.Contents ?? []).map((item) => item.Key!).filter(Boolean);
      if (keys.length === 0) return;
      for (let i = 0; i < keys.length; i += 8) {
        await Promise.all(
          keys.slice(i, i + 8).map((Key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }))),
        );
      }
      if (!page.IsTruncated) return;
    }
  }
}
