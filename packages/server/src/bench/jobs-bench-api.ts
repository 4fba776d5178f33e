/**
 * The API's side of `npm run bench:jobs`: what a user of `POST /api/downloads` waits for. A real
 * server (`npm start`, on its own SQLite file) and W fresh `rowloom worker` processes share Redis
 * (a unique queue prefix) and a directory store; the job is submitted over HTTP and timed from
 * the request until its status says done (polled as POLL_* below say), when the file is ready
 * to download. Unlike `rowloom generate --distributed --out`, nothing copies the file anywhere:
 * the download serves the parts in place. The file is then downloaded (not timed) and hashed, to
 * check it against the CLI's.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { killApi, startApi } from '../jobs/testing/api-process.js';
import { removeKeys, uniquePrefix } from '../jobs/testing/redis.js';
import { startWorker, stopWorker } from '../jobs/testing/worker-processes.js';
import { openStore } from '../db/open-database.js';
import { createUser } from '../users/users-store.js';

/**
 * Status polls: rare while most rows are still to come, frequent near the end, so the poller
 * neither competes with the workers for the machine (with 40 polls a second the server spent
 * 0.05 CPU seconds per million rows, with these 0.02-0.03) nor adds more than a few milliseconds
 * of waiting once the job is done.
 */
const POLL_EARLY_MILLISECONDS = 200;
const POLL_LATE_MILLISECONDS = 20;
/** The share of rows made after which polls come at POLL_LATE_MILLISECONDS. */
const LATE_SHARE = 0.85;

export interface ApiJobRequest {
  /** A directory of this run's own (the server's data and the store go in it). */
  dir: string;
  redisUrl: string;
  schemaFile: string;
  rows: number;
  shardRows: number;
  workers: number;
  /** CPU seconds a process has used so far (from /proc). */
  cpuSeconds: (pid: number) => Promise<number>;
}

export interface ApiJobResult {
  seconds: number;
  workerCpuSeconds: number;
  serverCpuSeconds: number;
  hash: string;
}

export async function apiJobRun(request: ApiJobRequest): Promise<ApiJobResult> {
  const prefix = uniquePrefix();
  await mkdir(request.dir, { recursive: true });
  const env = {
    DATA_DIR: request.dir,
    REDIS_URL: request.redisUrl,
    ROWLOOM_QUEUE_PREFIX: prefix,
    ROWLOOM_DOWNLOADS_DIR: join(request.dir, 'downloads'),
    ROWLOOM_SHARD_ROWS: String(request.shardRows),
  };
  const api = await startApi(env);
  const workers = await Promise.all(Array.from({ length: request.workers }, () => startWorker(env, [], true)));
  try {
    const key = await benchUser(request.dir);
    const cpu = async () => {
      const each = await Promise.all(workers.map((w) => request.cpuSeconds(w.pid)));
      return { workers: each.reduce((a, b) => a + b, 0), server: await request.cpuSeconds(api.child.pid!) };
    };
    const before = await cpu();
    const fields = await readFile(request.schemaFile, 'utf8');
    const started = performance.now();
    const id = await submit(api.url, key, request.rows, fields);
    await untilDone(api.url, key, id, request.rows);
    const seconds = (performance.now() - started) / 1000;
    const spent = await cpu();
    return {
      seconds,
      workerCpuSeconds: spent.workers - before.workers,
      serverCpuSeconds: spent.server - before.server,
      hash: await downloadHash(api.url, key, id),
    };
  } finally {
    await Promise.all(workers.map(stopWorker));
    await killApi(api);
    await removeKeys(prefix);
  }
}

/** A user with no row limit on the server's own database, and their API key. */
async function benchUser(dir: string): Promise<string> {
  const store = await openStore({ databaseUrl: null, sqliteFile: join(dir, 'rowloom.sqlite') });
  try {
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    return (await createUser(store.db, email, 'unlimited')).key;
  } finally {
    await store.close();
  }
}

async function submit(url: string, key: string, rows: number, fields: string): Promise<string> {
  const response = await fetch(`${url}/api/downloads.csv?count=${rows}&seed=bench&key=${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: fields,
  });
  const body = (await response.json()) as { id?: unknown; error?: string };
  if (response.status !== 202) throw new Error(`the job was refused (${response.status}): ${body.error}`);
  return String(body.id);
}

async function untilDone(url: string, key: string, id: string, rows: number): Promise<void> {
  for (;;) {
    const status = (await (await fetch(`${url}/api/downloads/${id}?key=${key}`)).json()) as {
      status: string;
      recordsGenerated?: number;
      error?: string;
    };
    if (status.status === 'done') return;
    if (status.status === 'failed' || status.status === 'cancelled')
      throw new Error(`the job ended ${status.status}: ${status.error}`);
    const late = (status.recordsGenerated ?? 0) >= rows * LATE_SHARE;
    await sleep(late ? POLL_LATE_MILLISECONDS : POLL_EARLY_MILLISECONDS);
  }
}

async function downloadHash(url: string, key: string, id: string): Promise<string> {
  const response = await fetch(`${url}/api/downloads/${id}/file?key=${key}`);
  if (!response.ok || !response.body) throw new Error(`the file could not be downloaded (${response.status})`);
  const hash = createHash('sha256');
  for await (const chunk of response.body) hash.update(chunk);
  return hash.digest('hex');
}
