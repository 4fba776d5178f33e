/**
 * An S3-compatible server on this machine for the S3 store's tests: @20minutes/s3rver 4 (npm,
 * MIT; the maintained fork of s3rver, for Node ≥ 20), a Node implementation of the S3 REST API
 * over a directory, started on an ephemeral port with a temporary directory. Chosen over the
 * original s3rver 3.7 for UploadPartCopy, which the S3 store's assembly uses. Its fixed
 * credentials are S3RVER / S3RVER. It checks V4 signatures but computes bucket-level ones
 * (ListObjectsV2 on /bucket/) without the path's trailing slash the AWS SDK signs, so mismatched
 * signatures are let through, as the original (which did not check V4 at all) did.
 */
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

interface StoredObject {
  content: NodeJS.ReadableStream | null;
  range?: { start: number; end: number };
}
type GetObject = (
  bucket: string,
  key: string,
  options?: { start?: number; end?: number },
) => Promise<StoredObject | null>;

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  httpServer: import('node:http').Server;
  store: { getObject: GetObject };
}

/**
 * The server reads a range ending at byte 0 (`Range: bytes=0-0`, or such a copy range) as one
 * with no end and answers the whole object, where S3 answers one byte: its store's getObject is
 * wrapped to answer that case as S3 does, so the tests see S3's behaviour.
 */
function answerRangesEndingAtZero(server: S3rverInstance): void {
  const getObject = server.store.getObject.bind(server.store);
  server.store.getObject = async (bucket, key, options) => {
    if (options?.end !== 0) return getObject(bucket, key, options);
    const object = await getObject(bucket, key, { ...options, end: undefined });
    if (!object?.content) return object;
    let first: Buffer | undefined;
    for await (const chunk of object.content) {
      first = Buffer.from(chunk as Buffer).subarray(0, 1);
      break; // leaving the loop closes the file
    }
    return Object.assign(object, { content: Readable.from(first ? [first] : []), range: { start: 0, end: 0 } });
  };
}

/** A request the server received, as the tests look at it (which S3 operations a store used). */
export interface S3Request {
  method: string;
  url: string;
  /** x-amz-copy-source and x-amz-copy-source-range: an UploadPartCopy or CopyObject. */
  copySource?: string;
  copyRange?: string;
  /** Bytes in the request body (content-length), e.g. of an UploadPart. */
  bodyBytes: number;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

export const TEST_BUCKET = 'rowloom-test';
export const TEST_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  directory: string;
  /** Every request received so far (tests clear it with requests.length = 0). */
  requests: S3Request[];
  /** The env a worker process needs to use this server (ROWLOOM_S3_* and AWS_*). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3Server(): Promise<TestS3Server> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;
  const directory = await mkdtemp(join(tmpdir(), 'rowloom-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  answerRangesEndingAtZero(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const requests: S3Request[] = [];
  server.httpServer.on('request', (request: import('node:http').IncomingMessage) => {
    const header = (name: string) =>
      typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined;
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      copySource: header('x-amz-copy-source'),
      copyRange: header('x-amz-copy-source-range'),
      bodyBytes: Number(header('content-length') ?? 0),
    });
  });
  return {
    endpoint,
    directory,
    requests,
    env: {
      ROWLOOM_S3_BUCKET: TEST_BUCKET,
      ROWLOOM_S3_ENDPOINT: endpoint,
      ROWLOOM_S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
