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

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

export const TEST_BUCKET = 'rowloom-test';
export const TEST_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  directory: string;
  /** The env a worker process needs to use this server (ROWLOOM_S3_* and AWS_*). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3Server(): Promise<TestS3Server> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;
  const directory = await mkdtemp(join(tmpdir(), 'rowloom-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, allowMismatchedSignatures: true, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory,
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
