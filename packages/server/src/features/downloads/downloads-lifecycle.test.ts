/**
 * Downloads across their life on both databases, through real HTTP and the real runner and
 * store: concurrent jobs racing for the last rows of the day (two API instances), refunds heard
 * by two instances at once, progress that never goes back, admins, retention, and a restart of
 * an in-process server.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GenerationPool } from '@rowloom/core';
import { DatasetTexts } from '../datasets/dataset-texts.js';
import { DEFAULT_PLANS, type Plans } from '../../users/plans.js';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../../testing/server-fixture.js';
import { createUser } from '../../users/users-store.js';
import type { DownloadStatus } from '../../jobs/job-contract.js';
import { applyProgress, findDownload } from './downloads-table.js';
import { call, post, waitFor } from '../../testing/downloads-helpers.js';
import { RESTARTED } from './downloads-service.js';
import { freezeJob } from './freeze-job.js';
import { chargeAndStore, refundUnproduced } from './job-quota.js';

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
];
const PLANS: Plans = {
  ...DEFAULT_PLANS,
  capped: { recordsPerRequest: 10, recordsPerJob: null, requestsPerDay: null, recordsPerDay: 1000 },
};

async function newUser(server: TestServer, plan: string, admin = false) {
  const made = await createUser(server.store.db, `u-${Math.random().toString(36).slice(2)}@example.com`, plan, {
    admin,
  });
  return { id: made.user.id, key: made.key };
}

const usage = async (server: TestServer, key: string) =>
  (await call(server, `/api/usage?key=${key}`)).json as { records: number; requests: number };

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`downloads lifecycle (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let database: TestDatabase;
    let a: TestServer;
    let b: TestServer;
    before(async () => {
      database = newTestDatabase(dialect);
      // Two API instances on one database (and one store directory), as behind a load balancer.
      // SQLite: one instance answers both, concurrently. Two SQLite connections in one process
      // cannot take turns: better-sqlite3 waits for a lock synchronously, blocking the event
      // loop the lock holder needs (separate processes wait for each other fine).
      a = await startTestServer(database, {
        plans: PLANS,
        ownsDatabase: false,
        downloads: { retentionMs: 400, sweepEveryMs: 100 },
      });
      b =
        dialect === 'postgres'
          ? await startTestServer(database, {
              plans: PLANS,
              ownsDatabase: false,
              downloads: { retentionMs: 400, sweepEveryMs: 100 },
            })
          : a;
    });
    after(async () => {
      await a.close();
      if (b !== a) await b.close();
      await database.drop();
    });

    test('two jobs racing on two instances for the last rows of the day: exactly one is accepted', async () => {
      for (let round = 0; round < 4; round++) {
        const user = await newUser(a, 'capped');
        const answers = await Promise.all(
          [a, b].map((server) => call(server, `/api/downloads.csv?count=600&key=${user.key}`, post(FIELDS))),
        );
        assert.deepEqual(answers.map((x) => x.status).sort(), [202, 429], answers.map((x) => x.text).join(' | '));
        const refused = answers.find((x) => x.status === 429)!;
        assert.equal(refused.json.error, 'Usage Limit Exceeded');
        assert.equal(refused.json.limit, 'recordsPerDay');
        assert.ok(Number(refused.headers.get('retry-after')) > 0);
        assert.equal((await usage(a, user.key)).records, 600);
        const list = (await call(b, `/api/downloads?key=${user.key}`)).json.downloads as DownloadStatus[];
        assert.equal(list.length, 1, 'the refused job left no row');
        // The rest of the day still fits.
        assert.equal((await call(b, `/api/downloads.csv?count=400&key=${user.key}`, post(FIELDS))).status, 202);
        assert.equal((await call(a, `/api/downloads.csv?count=1&key=${user.key}`, post(FIELDS))).status, 429);
      }
    });

    test('a failed job heard by two instances at once is refunded once; progress never goes back', async (t) => {
      const user = await newUser(a, 'capped');
      // Its fields read no dataset: the pool checks nothing and starts no thread.
      const pool = new GenerationPool({ maxThreads: 1 });
      t.after(() => pool.close());
      const { job, file } = await freezeJob(
        { db: a.store.db, pool, datasetTexts: new DatasetTexts() },
        {
          userId: user.id,
          fields: FIELDS,
          count: 900,
          format: 'csv',
          writer: { format: 'csv' },
          seed: null,
          now: null,
        },
        'refund',
      );
      await chargeAndStore(a.store.db, job, file, PLANS.capped, new Date());
      const event = (status: 'running' | 'queued' | 'failed' | 'done', records: number) => ({
        jobId: job.id,
        status,
        recordsGenerated: records,
      });
      const now = new Date();
      assert.equal(await applyProgress(a.store.db, event('running', 500), 1000, now), false);
      await applyProgress(b.store.db, event('running', 200), 1000, now); // an older event, heard late
      await applyProgress(b.store.db, event('queued', 0), 1000, now);
      let row = await findDownload(a.store.db, job.id, user.id);
      assert.equal(row?.status, 'running');
      assert.equal(Number(row?.records_generated), 500);
      assert.ok(row?.started_at);
      const failed = { ...event('failed', 500), error: 'disk full' };
      const moved = await Promise.all([
        applyProgress(a.store.db, failed, 1000, now),
        applyProgress(b.store.db, failed, 1000, now),
      ]);
      assert.deepEqual(moved.sort(), [false, true], 'exactly one instance finishes it');
      const refunds = await Promise.all([
        refundUnproduced(a.store.db, job.id),
        refundUnproduced(b.store.db, job.id),
        refundUnproduced(a.store.db, job.id),
      ]);
      assert.deepEqual(
        refunds.sort((x, y) => x - y),
        [0, 0, 400],
      );
      assert.equal((await usage(a, user.key)).records, 500);
      // Finished is final: neither done nor running reopens it.
      await applyProgress(a.store.db, { ...event('done', 900), bytes: 5 }, 1000, now);
      await applyProgress(a.store.db, event('running', 900), 1000, now);
      row = await findDownload(a.store.db, job.id, user.id);
      assert.equal(row?.status, 'failed');
      assert.equal(row?.error, 'disk full');
      const status = (await call(a, `/api/downloads/${job.id}?key=${user.key}`)).json as unknown as DownloadStatus;
      assert.equal(status.percentComplete, 55);
      assert.equal(status.url, null);
    });

    test('admins list every running job and cancel it; others get 403', async () => {
      const admin = await newUser(a, 'unlimited', true);
      const owner = await newUser(a, 'gold');
      const plain = await newUser(a, 'gold');
      for (const [method, path] of [
        ['GET', '/api/admin/downloads'],
        ['DELETE', '/api/admin/downloads/x'],
      ]) {
        const refused = await call(a, `${path}?key=${plain.key}`, { method });
        assert.equal(refused.status, 403, path);
        assert.match(String(refused.json.error), /admin/);
      }
      const started = (await call(a, `/api/downloads.csv?count=5000000&key=${owner.key}`, post(FIELDS)))
        .json as unknown as DownloadStatus;
      const listed = (await call(b, `/api/admin/downloads?key=${admin.key}`)).json.downloads as (DownloadStatus & {
        email: string;
        userId: string;
      })[];
      const entry = listed.find((d) => d.id === started.id);
      assert.ok(entry, 'the running job is listed');
      assert.equal(entry.userId, owner.id);
      assert.match(entry.email, /@example.com$/);
      // Cancelled through the other instance: the runner of instance a must hear it (in-process: the same process).
      const cancelled = await call(a, `/api/admin/downloads/${started.id}?key=${admin.key}`, { method: 'DELETE' });
      assert.equal(cancelled.status, 200, cancelled.text);
      assert.equal((cancelled.json as unknown as DownloadStatus).status, 'cancelled');
      assert.equal((await waitFor(a, owner.key, started.id, ['cancelled'])).status, 'cancelled');
      assert.ok(
        !((await call(a, `/api/admin/downloads?key=${admin.key}`)).json.downloads as DownloadStatus[]).some(
          (d) => d.id === started.id,
        ),
      );
      assert.equal((await call(a, `/api/admin/downloads/nope?key=${admin.key}`, { method: 'DELETE' })).status, 404);
      assert.equal((await usage(a, owner.key)).records, (cancelled.json as unknown as DownloadStatus).recordsGenerated);
    });

    test('finished files expire after the retention: the sweep marks them expired and removes the file', async () => {
      const user = await newUser(a, 'gold');
      const started = (await call(a, `/api/downloads.csv?count=50&key=${user.key}`, post(FIELDS)))
        .json as unknown as DownloadStatus;
      const done = await waitFor(a, user.key, started.id, ['done', 'expired']);
      const fileDir = join(dirname(database.sqliteFile), 'downloads', started.id);
      if (done.status === 'done')
        assert.equal((await call(a, `/api/downloads/${started.id}/file?key=${user.key}`)).status, 200);
      const expired = await waitFor(a, user.key, started.id, ['expired'], 10_000);
      assert.equal(expired.url, null);
      const gone = await call(a, `/api/downloads/${started.id}/file?key=${user.key}`);
      assert.equal(gone.status, 410);
      assert.match(String(gone.json.error), /expired/);
      // The row says expired first (one instance claims it), then that instance removes the file.
      for (let i = 0; i < 100 && existsSync(fileDir); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(existsSync(fileDir), false);
      // An expired download can be removed from the list.
      assert.equal((await call(b, `/api/downloads/${started.id}?key=${user.key}`, { method: 'DELETE' })).status, 204);
    });
  });

  describe(`an in-process server restarted mid-job (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    test('marks the job failed and gives its rows back', async () => {
      const database = newTestDatabase(dialect);
      const first = await startTestServer(database, { ownsDatabase: false });
      const user = await newUser(first, 'gold');
      const started = (await call(first, `/api/downloads.csv?count=5000000&key=${user.key}`, post(FIELDS)))
        .json as unknown as DownloadStatus;
      await first.close();
      const second = await startTestServer(database, { ownsDatabase: false });
      try {
        const status = (await call(second, `/api/downloads/${started.id}?key=${user.key}`))
          .json as unknown as DownloadStatus;
        assert.equal(status.status, 'failed');
        assert.equal(status.error, RESTARTED);
        assert.equal((await usage(second, user.key)).records, status.recordsGenerated);
      } finally {
        await second.close();
        await database.drop();
      }
    });
  });
}
