/**
 * A background job with no worker to make it, in a real browser: the server queues it on BullMQ
 * (the real Redis) where no `rowloom worker` listens, and the Downloads page says why it does
 * not move instead of showing a bar that never fills and a time left.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BullMQRunner } from '../jobs/engine/bullmq-runner.js';
import type { ArtifactStore } from '../jobs/job-contract.js';
import type { DirectoryStore } from '../jobs/store/fs-store.js';
import { REDIS_URL, skipUnlessRedis, uniquePrefix } from '../jobs/testing/redis.js';
import { DEFAULT_PLANS } from '../users/plans.js';
import { browserSkip, browserSuite } from './browser.js';

const PLANS = {
  ...DEFAULT_PLANS,
  free: { recordsPerRequest: 5000, recordsPerJob: null, requestsPerDay: null, recordsPerDay: null },
};

describe('a job no worker takes, on the Downloads page', { skip: browserSkip() || (await skipUnlessRedis()) }, () => {
  const prefix = uniquePrefix();
  const suite = browserSuite({
    plans: PLANS,
    jobRunner: (store: ArtifactStore) =>
      new BullMQRunner({ redisUrl: REDIS_URL, prefix, store, storeName: (store as DirectoryStore).root }),
  });

  test('says it is waiting for a worker, with no time left shown', async () => {
    const { page } = await suite.signedIn('/downloads');
    const submitted = await page.evaluate(async () => {
      const session = (await (await fetch('/api/session')).json()) as { csrfToken: string };
      const response = await fetch('/api/downloads.csv?count=100000', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: JSON.stringify([{ name: 'id', type: 'Row Number' }]),
      });
      return response.status;
    });
    assert.equal(submitted, 202);
    await page.reload();
    const row = page.locator('.jobs-table tbody tr').first();
    await row.getByText(/waiting for a worker: no rowloom worker is listening/).waitFor();
    assert.doesNotMatch(await row.innerText(), /left/, 'no time left is shown for a job that does not move');
  });
});
