/**
 * Background jobs in a real browser: Download Data above the threshold becomes a job whose bar
 * moves and whose file parses to the rows asked for; a cancel mid-way; the Downloads page; the
 * Admin page cancelling another user's job; a non-admin kept out. The jobs run in-process (no
 * Redis) in shards of 5,000 rows, so a job of a few hundred thousand rows takes a few seconds.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { DEFAULT_PLANS } from '../users/plans.js';
import { browserSkip, browserSuite } from './browser.js';

/** Sign-up gives the free plan: here it streams 5,000 rows and has no cap of its own on jobs. */
const PLANS = {
  ...DEFAULT_PLANS,
  free: { recordsPerRequest: 5000, recordsPerJob: null, requestsPerDay: null, recordsPerDay: null },
  capped: { recordsPerRequest: 5000, recordsPerJob: 50_000, requestsPerDay: null, recordsPerDay: null },
};
const SHARD_ROWS = 5000;

/** Polls until `read` gives a value `ok` accepts (20 s), returning it; fails with the last value. */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 400; i++) {
    last = await read();
    if (ok(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`waited for ${what}; last value: ${JSON.stringify(last)}`);
}

async function setRows(page: Page, rows: number): Promise<void> {
  await page.getByLabel('Format').selectOption('csv');
  await page.getByLabel('Rows', { exact: true }).fill(String(rows));
}

describe('background downloads in the browser', { skip: browserSkip() }, () => {
  const suite = browserSuite({ plans: PLANS, downloads: { shardRows: SHARD_ROWS } });
  let page: Page;

  test("Download Data above the plan's rows per download becomes a job whose file parses to the rows asked for", async () => {
    ({ page } = await suite.signedIn('/'));
    await page.getByRole('heading', { name: 'Preview' }).waitFor();
    await setRows(page, 300_000);
    await page.getByText('These rows run as a background job on the server').waitFor();
    await page.getByRole('button', { name: 'Download Data' }).click();
    const panel = page.getByRole('region', { name: 'Background job' });
    const bar = panel.getByRole('progressbar', { name: 'Job progress' });
    await bar.waitFor();
    const link = panel.getByRole('link', { name: 'Download the file' });
    await link.waitFor({ timeout: 60_000 });
    // Polling stops once the job is done: no status request in the next 2.5 s (it polls every 1 s).
    let polls = 0;
    const count = (request: { url(): string }) =>
      void (/\/api\/downloads\/[\w-]+$/.test(new URL(request.url()).pathname) && polls++);
    page.on('request', count);
    await page.waitForTimeout(2500);
    page.off('request', count);
    assert.equal(polls, 0, 'no polling after done');
    await panel.getByText(/kept on the server for the retention period/).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    assert.match(download.suggestedFilename(), /^rowloom-[\w-]+\.csv$/, 'the server names the file');
    const records = parseCsv(await readFile((await download.path())!), { columns: true }) as Record<string, string>[];
    assert.equal(records.length, 300_000);
  });

  test('a running job shows its bar moving, its rate and time left; cancelled mid-way it shows as cancelled', async () => {
    await setRows(page, 10_000_000);
    await page.getByRole('button', { name: 'Download Data' }).click();
    const panel = page.getByRole('region', { name: 'Background job' });
    await panel.getByText('Running', { exact: true }).waitFor();
    await panel.getByText(/[\d,]+ rows\/s/).waitFor();
    await panel.getByText(/about .* left/).waitFor();
    // The bar moves: two values between none and all, the second above the first.
    const bar = panel.getByRole('progressbar', { name: 'Job progress' });
    const first = await until(
      () => bar.getAttribute('value').then(Number),
      (v) => v > 0,
      'some progress',
    );
    const second = await until(
      () => bar.getAttribute('value').then(Number),
      (v) => v > first,
      'more progress',
    );
    assert.ok(second < 10_000_000, `${second} rows of 10,000,000 when cancelled`);
    await panel.getByRole('button', { name: 'Cancel job' }).click();
    await panel.getByText(/^Job cancelled after [\d,]+ rows\.$/).waitFor();
    assert.equal(await bar.count(), 0);
  });

  test('the Downloads page lists both, newest first, with the file of the done one; Remove takes one away', async () => {
    // The builder has unsaved changes (the rows): leaving asks first; its draft stays in the browser.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Downloads' }).click();
    await page.getByRole('heading', { name: 'Downloads' }).waitFor();
    const rows = page.locator('.jobs-table tbody tr');
    await until(
      () => rows.count(),
      (n) => n === 2,
      'two jobs',
    );
    assert.deepEqual(
      [await rows.nth(0).getAttribute('data-status'), await rows.nth(1).getAttribute('data-status')],
      ['cancelled', 'done'],
    );
    const done = rows.nth(1);
    assert.match(await done.innerText(), /300,000/);
    const link = done.getByRole('link', { name: /^Download the 300,000-row CSV download of / });
    assert.match((await link.getAttribute('href'))!, /^\/api\/downloads\/[\w-]+\/file$/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const records = parseCsv(await readFile((await download.path())!), { columns: true }) as unknown[];
    assert.equal(records.length, 300_000);
    await rows
      .nth(0)
      .getByRole('button', { name: /^Remove the 10,000,000-row CSV download of / })
      .click();
    await until(
      () => rows.count(),
      (n) => n === 1,
      'one job left',
    );
  });

  test('a non-admin has no Admin link and gets a clear message at the admin URL', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Downloads' }).waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).count(), 0);
    await page.goto('/admin/downloads');
    await page.getByRole('alert').getByText('Only an admin can see this page.').waitFor();
    await page.getByText(/The server said: only an admin may see or cancel other users' jobs/).waitFor();
  });

  test("the admin page lists another user's running job and cancels it after a confirmation", async () => {
    const other = await suite.server.signUp();
    const headers = { cookie: other.cookie, 'x-csrf-token': other.csrfToken, 'content-type': 'application/json' };
    const started = await fetch(`${suite.server.url}/api/downloads.csv?count=20000000`, {
      method: 'POST',
      headers,
      body: JSON.stringify([{ name: 'id', type: 'Row Number' }]),
    });
    assert.equal(started.status, 202, await started.clone().text());
    const { id } = (await started.json()) as { id: string };

    const admin = await suite.signedIn('/');
    await suite.server.store.db.updateTable('users').set({ is_admin: 1 }).where('email', '=', admin.email).execute();
    await admin.page.reload();
    await admin.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await admin.page.getByRole('heading', { name: 'Admin: running downloads' }).waitFor();
    const row = admin.page.getByRole('row', { name: `Job of ${other.email}` });
    await row.waitFor();
    assert.match(await row.innerText(), /20,000,000/);
    await row.getByRole('button', { name: 'Cancel…' }).click();
    await row
      .getByRole('group', { name: `Confirm cancelling the job of ${other.email}` })
      .getByRole('button', { name: 'Yes, cancel it' })
      .click();
    await until(
      () => row.count(),
      (n) => n === 0,
      'the job gone from the running list',
    );
    const status = (await (
      await fetch(`${suite.server.url}/api/downloads/${id}`, { headers: { cookie: other.cookie } })
    ).json()) as { status: string };
    assert.equal(status.status, 'cancelled');
  });

  test("a plan's cap on a job's rows is explained before Download Data is pressed", async () => {
    const capped = await suite.signedIn('/');
    await suite.server.store.db
      .updateTable('users')
      .set({ plan: 'capped' })
      .where('email', '=', capped.email)
      .execute();
    await capped.page.reload();
    await capped.page.getByRole('heading', { name: 'Preview' }).waitFor();
    await setRows(capped.page, 60_000);
    await capped.page
      .getByText('Your capped plan allows 50,000 rows per background job; you asked for 60,000. Lower the rows.')
      .waitFor();
    assert.equal(await capped.page.getByRole('button', { name: 'Download Data' }).isDisabled(), true);
    await setRows(capped.page, 50_000);
    await capped.page.getByText('These rows run as a background job on the server').waitFor();
    assert.equal(await capped.page.getByRole('button', { name: 'Download Data' }).isEnabled(), true);
  });
});
