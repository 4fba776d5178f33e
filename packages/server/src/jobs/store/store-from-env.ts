/**
 * The ArtifactStore the environment asks for, the same way in the server and in `rowloom worker`:
 *   ROWLOOM_S3_BUCKET set: an S3-compatible bucket (ROWLOOM_S3_ENDPOINT, ROWLOOM_S3_REGION,
 *     ROWLOOM_S3_PREFIX; credentials from the usual AWS_* variables or files);
 *   otherwise the directory ROWLOOM_DOWNLOADS_DIR (default $DATA_DIR/downloads, DATA_DIR ./data).
 */
import { join, resolve } from 'node:path';
import type { ArtifactStore } from '../job-contract.js';
import { DirectoryStore } from './fs-store.js';

export function describeStore(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ROWLOOM_S3_BUCKET)
    return `s3://${env.ROWLOOM_S3_BUCKET}/${env.ROWLOOM_S3_PREFIX ?? 'rowloom-downloads'}${env.ROWLOOM_S3_ENDPOINT ? ` at ${env.ROWLOOM_S3_ENDPOINT}` : ''}`;
  return downloadsDir(env);
}

export function downloadsDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.ROWLOOM_DOWNLOADS_DIR || join(env.DATA_DIR || './data', 'downloads'));
}

export async function storeFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<ArtifactStore> {
  if (env.ROWLOOM_S3_BUCKET) {
    // Loaded only when asked for: the AWS SDK is large, and most servers use the directory.
    const { S3Store } = await import('./s3-store.js');
    return new S3Store({
      bucket: env.ROWLOOM_S3_BUCKET,
      endpoint: env.ROWLOOM_S3_ENDPOINT || undefined,
      region: env.ROWLOOM_S3_REGION || undefined,
      prefix: env.ROWLOOM_S3_PREFIX || undefined,
    });
  }
  return new DirectoryStore(downloadsDir(env));
}
