/**
 * The API server killed outright (SIGKILL) while a job runs, and started again after the job
 * ended: the job is done with its file, as if the server had heard it finish. Real processes: the
 * server (dist/main.js), a `rowloom worker`, a private redis-server, the directory store, SQLite
 * or a PostgreSQL database of the test's own. It ends with the table, the queue and the store
 * agreeing and the user charged for every row.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { openStore, type Store } from '../../db/open-database.js';
import { POSTGRES_URL, skipUnlessAvailable } from '../../testing/databases.js';
import { createUser } from '../../users/users-store.js';
import { killApi, startApi, type ApiProcess } from '../../jobs/testing/api-process.js';
import { PrivateRedis } from '../../jobs/testing/private-redis.js';
import { startWorker, stopWorker, type WorkerProcess } from '../../jobs/testing/worker-processes.js';

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
];
const COUNT = 600_000;
const redisFound = existsSync('/usr/bin/redis-server') || existsSync('/usr/local/bin/redis-server');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A PostgreSQL database of the test's own (the server process takes a DATABASE_URL, not a schema). */
async function newPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rowloom_restart_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(
    `the API server killed mid-job and restarted after it ended (${dialect})`,
    { skip: !redisFound ? 'redis-server is not installed' : await skipUnlessAvailable(dialect) },
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'rowloom-restart-'));
      const storeDir = join(dir, 'downloads');
      let redis: PrivateRedis;
      let postgres: { url: string; drop: () => Promise<void> } | null = null;
      let env: Record<string, string>;
      let db: Store;
      let api: ApiProcess | null = null;
      let worker: WorkerProcess | null = null;

      before(async () => {
        redis = await PrivateRedis.start();
        if (dialect === 'postgres') postgres = await newPostgresDatabase();
        env = {
          DATA_DIR: dir,
          ...(postgres ? { DATABASE_URL: postgres.url } : {}),
          REDIS_URL: redis.url,
          ROWLOOM_QUEUE_PREFIX: 'restart',
          ROWLOOM_DOWNLOADS_DIR: storeDir,
          ROWLOOM_SHARD_ROWS: '50000',
        };
        api = await startApi(env);
        db = await openStore({ databaseUrl: postgres?.url ?? null, sqliteFile: join(dir, 'rowloom.sqlite') });
        worker = await startWorker({ ...env, ROWLOOM_WORKER_LOCK_MS: '1500' });
      });
      after(async () => {
        if (worker) await stopWorker(worker);
        if (api) await killApi(api);
        await db?.close();
        await postgres?.drop();
        await redis?.stop();
        rmSync(dir, { recursive: true, force: true });
      });

      test('done with its file, charged for every row; nothing of it left in Redis, only the file (manifest and parts) in the store', async () => {
        const { key } = await createUser(db.db, `restart-${randomBytes(4).toString('hex')}@example.com`, 'unlimited');
        const submitted = await json(`${api!.url}/api/downloads.csv?count=${COUNT}&seed=restart&key=${key}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(FIELDS),
        });
        assert.equal(submitted.status, 202, JSON.stringify(submitted.body));
        const id = String(submitted.body.id);
        for (;;) {
          const status = (await json(`${api!.url}/api/downloads/${id}?key=${key}`)).body;
          if (Number(status.recordsGenerated) > 0) break;
          assert.ok(
            ['queued', 'running'].includes(String(status.status)),
            `the job was ${status.status} before the kill`,
          );
          await sleep(20);
        }
        await killApi(api!);
        api = null;
        // The worker finishes the job with nobody listening; the file (its manifest over the parts) lands in the store.
        for (let tries = 0; !existsSync(join(storeDir, id, 'manifest.json')); tries++) {
          assert.ok(tries < 600, 'the job did not finish without the server');
          await sleep(100);
        }
        await sleep(500);
        api = await startApi(env);
        let status: Record<string, unknown> = {};
        for (let tries = 0; tries < 100; tries++) {
          status = (await json(`${api.url}/api/downloads/${id}?key=${key}`)).body;
          if (status.status !== 'running' && status.status !== 'queued' && status.status !== 'assembling') break;
          await sleep(100);
        }
        assert.equal(status.status, 'done', JSON.stringify(status));
        assert.equal(status.recordsGenerated, COUNT);
        const file = Buffer.from(await (await fetch(`${api.url}/api/downloads/${id}/file?key=${key}`)).arrayBuffer());
        const reference = Buffer.from(
          await (
            await fetch(`${api.url}/api/generate.csv?count=${COUNT}&seed=restart&key=${key}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(FIELDS),
            })
          ).arrayBuffer(),
        );
        assert.equal(status.bytes, reference.length);
        assert.ok(file.equals(reference), 'the file differs from one generate call');
        // The database, the queue and the store agree.
        const usage = (await json(`${api.url}/api/usage?key=${key}`)).body;
        assert.equal(usage.records, COUNT * 2, 'the job and the reference generate call, each charged once');
        const client = new Redis(redis.url);
        try {
          for (let tries = 0; (await client.keys(`restart:*${id}*`)).length > 0; tries++) {
            assert.ok(tries < 50, `left in Redis: ${await client.keys(`restart:*${id}*`)}`);
            await sleep(100);
          }
        } finally {
          client.disconnect();
        }
        // The file is its manifest and parts, with no temporary left beside them.
        assert.deepEqual(readdirSync(join(storeDir, id)).sort(), ['manifest.json', 'parts']);
        assert.equal(readdirSync(join(storeDir, id, 'parts')).filter((name) => name.startsWith('.')).length, 0);
      });
    },
  );
}
