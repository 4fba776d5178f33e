/**
 * "Import fields from a CSV header" in a real browser: a sample with data is inferred by the
 * server, the proposed fields are shown with their reasons before anything changes, they are
 * added after the current fields unless "Replace" is ticked, and Undo puts the fields back.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSkip, browserSuite } from './browser.js';

const SAMPLE = [
  'order_id,email,created_at,status',
  '1001,ann@example.com,2024-01-02 10:00:00,open',
  '1002,bo@example.org,2024-02-03 11:30:00,closed',
  '1003,cy@example.net,2024-03-04 12:45:00,open',
  '1004,di@example.com,2024-04-05 13:15:00,open',
  '1005,ed@example.com,2024-05-06 14:20:00,closed',
  '1006,fa@example.com,2024-06-07 15:05:00,open',
].join('\n');

/** Polls until `read` gives a value `ok` accepts (10 s), returning it; fails with the last value. */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 200; i++) {
    last = await read();
    if (ok(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`${what}: last seen ${JSON.stringify(last)}`);
}

const columnsOf = (page: Page) =>
  page.getByRole('table', { name: 'Preview table' }).locator('thead th').allTextContents();
const proposedRows = (page: Page) =>
  page.getByRole('table', { name: 'Proposed fields' }).locator('tbody tr').allInnerTexts();

const DEFAULT_COLUMNS = 'id|first_name|last_name|email';

describe('importing fields from a CSV sample in a real browser', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  async function openBuilder(): Promise<Page> {
    const { page } = await suite.signedIn('/');
    await page.getByRole('heading', { name: 'Preview' }).waitFor();
    await until(
      () => columnsOf(page),
      (c) => c.join('|') === DEFAULT_COLUMNS,
      'the new schema',
    );
    return page;
  }

  test('a file with data: the proposal is reviewed first, added after the fields by default, and undone', async () => {
    const page = await openBuilder();
    await page.getByRole('button', { name: 'Import fields from CSV header…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import fields from a CSV header' });
    await dialog.getByLabel('Or read it from a CSV file (or drop one here)').setInputFiles({
      name: 'orders.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(SAMPLE),
    });
    await until(
      () => dialog.getByLabel('CSV header line, or a sample with rows of data').inputValue(),
      (v) => v === SAMPLE,
      'the sample read from the file',
    );
    await dialog.getByRole('button', { name: 'Propose fields' }).click();

    // The review: each field with its type and why; nothing has changed yet.
    const rows = await until(
      () => proposedRows(page),
      (r) => r.length === 4,
      'the proposed fields',
    );
    assert.match(rows[0], /order_id\tSequence\t.*the 6 values go from 1001 in steps of 1/);
    assert.match(rows[1], /email\tEmail Address\tall 6 values are emails/);
    assert.match(rows[2], /created_at\tDatetime\t.*dates with times/);
    assert.match(rows[3], /status\tCustom List\t.*2 distinct ones/);
    await dialog.getByText('From 6 rows of data').waitFor();
    assert.equal((await columnsOf(page)).join('|'), DEFAULT_COLUMNS, 'nothing changes before the import');
    const replace = dialog.getByLabel('Replace the current fields (otherwise add them after)');
    assert.equal(await replace.isChecked(), false, 'replacing is off by default');

    await dialog.getByRole('button', { name: 'Add 4 fields' }).click();
    await until(
      () => columnsOf(page),
      (c) => c.join('|') === `${DEFAULT_COLUMNS}|order_id|email_2|created_at|status`,
      'the fields added after the current ones',
    );
    await page.getByText('Added 4 fields imported from the CSV after the current ones.').waitFor();

    await page.getByRole('button', { name: 'Undo' }).click();
    await until(
      () => columnsOf(page),
      (c) => c.join('|') === DEFAULT_COLUMNS,
      'the fields as they were',
    );
    await page.getByText('Import undone: the fields are as they were.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Undo' }).count(), 0);
  });

  test('replacing is a choice, shown on the button, and undone too; a header alone infers from the names', async () => {
    const page = await openBuilder();
    await page.getByRole('button', { name: 'Import fields from CSV header…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import fields from a CSV header' });
    await dialog.getByLabel('CSV header line, or a sample with rows of data').fill('zip,price,created_at');
    await dialog.getByRole('button', { name: 'Propose fields' }).click();
    const rows = await until(
      () => proposedRows(page),
      (r) => r.length === 3,
      'the proposed fields',
    );
    assert.match(rows[0], /zip\tPostal Code\tname looks like a postal code/);
    assert.match(rows[1], /price\tNumber\tname looks like an amount of money/);
    await dialog.getByText('From the header alone').waitFor();

    // Back keeps the sample; Cancel leaves the fields alone.
    await dialog.getByRole('button', { name: 'Back' }).click();
    assert.equal(
      await dialog.getByLabel('CSV header line, or a sample with rows of data').inputValue(),
      'zip,price,created_at',
    );
    await dialog.getByRole('button', { name: 'Propose fields' }).click();
    await dialog.getByLabel('Replace the current fields (otherwise add them after)').check();
    await dialog.getByRole('button', { name: 'Replace with 3 fields' }).click();
    await until(
      () => columnsOf(page),
      (c) => c.join('|') === 'zip|price|created_at',
      'the fields replaced',
    );
    await page.getByRole('button', { name: 'Undo' }).click();
    await until(
      () => columnsOf(page),
      (c) => c.join('|') === DEFAULT_COLUMNS,
      'the fields as they were',
    );

    // The next opening starts with replacing off again.
    await page.getByRole('button', { name: 'Import fields from CSV header…' }).click();
    await dialog.getByLabel('CSV header line, or a sample with rows of data').fill('zip,price,created_at');
    await dialog.getByRole('button', { name: 'Propose fields' }).click();
    await until(
      () => proposedRows(page),
      (r) => r.length === 3,
      'the proposal again',
    );
    assert.equal(await dialog.getByLabel('Replace the current fields (otherwise add them after)').isChecked(), false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal((await columnsOf(page)).join('|'), DEFAULT_COLUMNS);
  });
  test('a sample from someone else: HTML in its names and values shows as text, and runs nothing', async () => {
    const page = await openBuilder();
    const hostile = [
      '"<img src=x onerror=""window.pwned=1"">",note',
      '1,"<b onmouseover=""window.pwned=2"">bold</b>"',
      '2,<script>window.pwned=3</script>',
      '3,"<b onmouseover=""window.pwned=2"">bold</b>"',
    ].join('\n');
    await page.getByRole('button', { name: 'Import fields from CSV header…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import fields from a CSV header' });
    await dialog.getByLabel('CSV header line, or a sample with rows of data').fill(hostile);
    await dialog.getByRole('button', { name: 'Propose fields' }).click();
    const rows = await until(
      () => proposedRows(page),
      (r) => r.length === 2,
      'the proposed fields',
    );
    assert.match(rows.join('\n'), /img/, 'the hostile name is shown (or named in the reason) as text');
    // Read in the page (as text: this package is not compiled against the DOM's types).
    const injected = async () => ({
      elements: await page.evaluate('document.querySelectorAll(\'img[src="x"], b[onmouseover], main script\').length'),
      pwned: (await page.evaluate('window.pwned')) ?? null,
    });
    assert.deepEqual(await injected(), { elements: 0, pwned: null }, 'in the review');
    await dialog.getByRole('button', { name: 'Add 2 fields' }).click();
    await until(
      () => columnsOf(page),
      (c) => c.length === DEFAULT_COLUMNS.split('|').length + 2,
      'the fields added',
    );
    await page.getByRole('table', { name: 'Preview table' }).locator('tbody tr').first().waitFor();
    assert.deepEqual(await injected(), { elements: 0, pwned: null }, 'in the builder and its preview');
  });
});
