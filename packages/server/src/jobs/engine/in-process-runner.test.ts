import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GenerationPool } from '@rowloom/core';
import type { JobProgress } from '../job-contract.js';
import { DirectoryStore } from '../store/fs-store.js';
import { InProcessRunner } from './in-process-runner.js';
import { singleShot, testJob, WRITER_VARIANTS } from '../testing/job-fixtures.js';

async function read(store: DirectoryStore, jobId: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of await store.readFile(jobId)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

function settled(runner: InProcessRunner, jobId: string, seen: JobProgress[] = []): Promise<JobProgress> {
  return new Promise((resolve) =>
    runner.onProgress((progress) => {
      if (progress.jobId !== jobId) return;
      seen.push(progress);
      if (['done', 'failed', 'cancelled'].includes(progress.status)) resolve(progress);
    }),
  );
}

describe('InProcessRunner on a directory store', () => {
  let dir: string;
  let pool: GenerationPool;
  let store: DirectoryStore;
  let runner: InProcessRunner;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rowloom-inproc-'));
    pool = new GenerationPool({ maxThreads: 2 });
    store = new DirectoryStore(dir);
    runner = new InProcessRunner({ store, pool, concurrency: 2 });
  });
  after(async () => {
    await runner.close();
    await pool.close();
    await rm(dir, { recursive: true, force: true });
  });

  for (const { label, writer } of WRITER_VARIANTS) {
    test(`the file equals one generate call: ${label}`, async () => {
      const job = testJob(writer, 2003, 301);
      const seen: JobProgress[] = [];
      const finished = settled(runner, job.id, seen);
      await runner.submit(job);
      const last = await finished;
      assert.equal(last.status, 'done', last.error);
      const expected = await singleShot(job);
      assert.equal(last.bytes, expected.length);
      assert.ok((await read(store, job.id)).equals(expected));
      assert.deepEqual(
        seen.map((p) => p.status).filter((s, i, all) => s !== all[i - 1]),
        ['queued', 'running', 'assembling', 'done'],
      );
      assert.equal(seen.at(-1)!.recordsGenerated, 2003);
      assert.deepEqual(
        (await readdir(join(dir, job.id))).sort(),
        ['manifest.json', 'parts'],
        'the file is its parts and a manifest, nothing temporary left',
      );
      await store.remove(job.id);
    });
  }

  test('cancel stops the job, says so once, and leaves nothing behind', async () => {
    const job = testJob({ format: 'csv' }, 400_000, 20_000);
    const seen: JobProgress[] = [];
    const firstShard = new Promise<void>((resolve) =>
      runner.onProgress((p) => p.jobId === job.id && p.recordsGenerated > 0 && resolve()),
    );
    runner.onProgress((p) => p.jobId === job.id && seen.push(p));
    await runner.submit(job);
    await firstShard;
    await runner.cancel(job.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(await readdir(dir).then((names) => names.filter((n) => n === job.id)), []);
    assert.equal(seen.at(-1)!.status, 'cancelled');
    assert.ok(seen.at(-1)!.recordsGenerated < 400_000);
    assert.equal(seen.filter((p) => p.status === 'cancelled').length, 1);
  });

  test('a bad schema is refused at submission; a duplicate id too', async () => {
    const bad = { ...testJob({ format: 'csv' }, 10, 5), fields: [{ name: 'x', type: 'No Such Type' }] };
    await assert.rejects(runner.submit(bad), /No Such Type|type/);
    await assert.rejects(runner.submit({ ...testJob({ format: 'csv' }, 10, 5), id: '../x' }), /job id/);
  });
});
