/**
 * The schema builder keeps no stale state, in a real browser: a type change drops the old type's
 * settings the new one does not take; a fixed seed is saved and reopens the same rows; Date's min
 * and max are both date pickers (from the registry's parameter form); an invalid row count holds
 * Download Data back without losing the keyboard focus; a preview that cannot be made marks the
 * rows it still shows as out of date; a restored backup shows its name and exports without
 * empty values; a multi-line formula shows its line breaks.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Locator, Page } from 'playwright-core';
import { browserSkip, browserSuite, type BrowserSuite } from './browser.js';

/** What code run in the page sees: the DOM, which the server's tsconfig has no types for. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs in the page; the server's tsconfig has no DOM types
type InPage = any;

async function openBuilder(suite: BrowserSuite, path = '/'): Promise<Page> {
  const context = await suite.newContext();
  const { cookie, email } = await suite.server.signUp();
  await suite.server.store.db.updateTable('users').set({ plan: 'unlimited' }).where('email', '=', email).execute();
  const at = cookie.indexOf('=');
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: suite.server.url }]);
  const page = await context.newPage();
  await page.goto(path);
  await page.getByRole('group', { name: 'Field id' }).waitFor();
  return page;
}

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

const row = (page: Page, name: string) => page.getByRole('group', { name: `Field ${name}` });
const table = (page: Page) => page.getByRole('table', { name: /^Preview table/ });
const columnsOf = (page: Page) => table(page).locator('thead th').allTextContents();
const rowsOf = (page: Page) =>
  table(page)
    .locator('tbody tr')
    .evaluateAll(
      (rows: InPage[]) =>
        rows.map((r) => [...r.querySelectorAll('td')].map((td: InPage) => String(td.textContent ?? ''))) as string[][],
    );
/** The preview's rows once it has answered for `seed` and settled. */
async function rowsForSeed(page: Page, seed: string): Promise<string[][]> {
  await until(
    async () => [
      await page.locator('.preview-body').getAttribute('data-seed'),
      await page.locator('.preview').getAttribute('aria-busy'),
    ],
    ([shown, busy]) => shown === seed && busy === 'false',
    `the preview for seed ${seed}`,
  );
  return rowsOf(page);
}

/** The text of the elements an element's aria-describedby names. */
async function description(control: Locator): Promise<string> {
  return control.evaluate((element: InPage) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id: string) => (globalThis as InPage).document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
}

const focusedText = (page: Page) =>
  page.evaluate(() => {
    const active = (globalThis as InPage).document.activeElement;
    return active === (globalThis as InPage).document.body ? '<body>' : String(active?.textContent ?? active?.tagName);
  });

async function pickType(page: Page, field: string, search: string, option: string): Promise<void> {
  await row(page, field)
    .getByRole('button', { name: /^Type: / })
    .click();
  const dialog = page.getByRole('dialog', { name: `Choose a type for ${field}` });
  await dialog.getByRole('combobox', { name: 'Search types' }).fill(search);
  await dialog
    .getByRole('option', { name: new RegExp(`^${option}`) })
    .first()
    .click();
  await dialog.waitFor({ state: 'detached' });
}

async function addField(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: '+ Add another field' }).click();
  await page.keyboard.type(name);
  await row(page, name).waitFor();
}

async function restore(page: Page, doc: unknown, name = 'backup.json'): Promise<void> {
  await page
    .getByLabel('Restore from backup')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
}

describe('the schema builder keeps no stale state', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test("a copied Date row changed to Number drops the Date's max; Date's min and max are both date pickers", async () => {
    const page = await openBuilder(suite);
    await addField(page, 'born');
    await pickType(page, 'born', 'date', 'Date');
    for (const name of ['min', 'max'])
      assert.equal(await row(page, 'born').getByLabel(name, { exact: true }).getAttribute('type'), 'date', name);
    await row(page, 'born').getByLabel('max', { exact: true }).fill('2005-12-31');

    // "Add another field" copies the Date row, max included; then it becomes a Number.
    await addField(page, 'score');
    assert.equal(await row(page, 'score').getByLabel('max', { exact: true }).inputValue(), '2005-12-31');
    await pickType(page, 'score', 'number', 'Number');
    assert.equal(await row(page, 'score').getByLabel('max', { exact: true }).inputValue(), '');
    // The preview shows the Number field (its column held dates while it was a copied Date).
    const scores = async () => {
      const at = (await columnsOf(page)).indexOf('score');
      return at < 0 ? [] : (await rowsOf(page)).map((r) => r[at]);
    };
    await until(
      scores,
      (s) => s.length > 0 && s.every((v) => v !== '' && Number.isFinite(Number(v))),
      'numbers in the score column',
    );
    assert.equal(await page.locator('.preview-problems').count(), 0, 'no problem: the old max is gone');
    assert.equal(await page.getByText(/is not a number/).count(), 0);
    // The Date row keeps its own max.
    assert.equal(await row(page, 'born').getByLabel('max', { exact: true }).inputValue(), '2005-12-31');
  });

  test('a fixed seed is saved with the schema: after a reload the preview and the file give the same rows', async () => {
    const page = await openBuilder(suite);
    await page.getByLabel('Seed', { exact: true }).fill('20261128');
    const rows = await rowsForSeed(page, '20261128');
    await page.getByLabel('Fixed seed').check();
    await page.getByText('Unsaved changes', { exact: true }).waitFor();
    await page.getByLabel('Rows', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as' });
    await dialog.getByLabel('Schema name').fill('Seeded');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/schemas\/Seeded$/);
    await page.getByText('Saved', { exact: true }).waitFor();
    const [first] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Data' }).click(),
    ]);
    const file = parseCsv(await readFile((await first.path())!), { from_line: 2 }) as string[][];

    await page.reload();
    await page.getByRole('heading', { name: 'Seeded' }).waitFor();
    await until(
      () => page.getByLabel('Seed', { exact: true }).inputValue(),
      (s) => s === '20261128',
      'the saved seed after a reload',
    );
    assert.equal(await page.getByLabel('Fixed seed').isChecked(), true);
    await until(
      () => rowsOf(page),
      (r) => JSON.stringify(r) === JSON.stringify(rows),
      'the same preview rows after a reload',
    );
    assert.deepEqual(file, rows, 'the file has the rows the preview showed');
    const [second] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Data' }).click(),
    ]);
    assert.deepEqual(parseCsv(await readFile((await second.path())!), { from_line: 2 }), file);
    await page.getByText('Saved', { exact: true }).waitFor(); // the reload left nothing to save

    // Unfixed, the next opening draws a new seed.
    await page.getByLabel('Fixed seed').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Seeded' }).waitFor();
    await page.getByRole('table', { name: /^Preview table/ }).waitFor();
    assert.equal(await page.getByLabel('Fixed seed').isChecked(), false);
    assert.notEqual(await page.getByLabel('Seed', { exact: true }).inputValue(), '20261128');
  });

  test('an invalid row count holds Download Data back, says why to assistive tech, and keeps the focus', async () => {
    const page = await openBuilder(suite);
    const download = page.getByRole('button', { name: 'Download Data' });
    const rows = page.getByLabel('Rows', { exact: true });
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/generate') && !r.url().includes('preview=true')) requests.push(r.url());
    });
    for (const bad of ['0', '-5', '1.5', '']) {
      await rows.fill(bad);
      await until(
        () => download.isDisabled(),
        (d) => d,
        `Download Data unavailable for "${bad}"`,
      );
      assert.match(await description(download), /needs a row count: Rows must be a whole number from 1/, bad);
      // Reached by keyboard (it stays in the tab order) and pressed: nothing is sent, the focus stays.
      await download.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Space');
      assert.equal(await focusedText(page), 'Download Data', bad);
    }
    assert.deepEqual(requests, [], 'no download was asked for');

    await rows.fill('5');
    await until(
      () => download.isEnabled(),
      (e) => e,
      'Download Data available again',
    );
    assert.doesNotMatch(await description(download), /needs a row count/);
    await download.focus();
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    assert.equal((parseCsv(await readFile((await file.path())!)) as string[][]).length, 1 + 5);
    await page.getByText(/^Saved MOCK_DATA\.csv/).waitFor();
    assert.equal(await focusedText(page), 'Download Data', 'the focus stays through the download');

    // A download the server refuses (a problem in the schema) says why and keeps the focus too.
    await restore(page, {
      name: 'Bad',
      num_rows: 5,
      file_format: 'csv',
      columns: [{ name: 'price', type: 'Number', min: 10, max: 1 }],
    });
    await page.locator('.preview-problems').waitFor();
    await download.focus();
    await page.keyboard.press('Enter');
    await page
      .locator('.download-panel [role="status"].error')
      .filter({ hasText: /price|max|min/ })
      .waitFor();
    assert.equal(await focusedText(page), 'Download Data', 'the error did not move the focus');
  });

  test('while the schema has a problem, the rows still shown are marked out of date, visibly and for assistive tech', async () => {
    const page = await openBuilder(suite);
    await table(page).waitFor();
    const body = page.locator('.preview-body');
    assert.equal(await body.getAttribute('data-stale'), null);
    assert.equal(await page.getByRole('table', { name: 'Preview table', exact: true }).count(), 1);

    await addField(page, 'price');
    await pickType(page, 'price', 'number', 'Number');
    await row(page, 'price').getByLabel('min', { exact: true }).fill('10');
    await row(page, 'price').getByLabel('max', { exact: true }).fill('1');
    await page.locator('.preview-problems').waitFor();
    await until(
      () => body.getAttribute('data-stale'),
      (s) => s === 'true',
      'the preview marked stale',
    );
    const note = page.locator('#preview-stale-note');
    assert.equal(await note.isVisible(), true);
    assert.match((await note.textContent()) ?? '', /Out of date/);
    assert.match(await description(body), /Out of date/);
    assert.equal(await page.getByRole('table', { name: 'Preview table (out of date)' }).count(), 1);
    const opacity = await page
      .locator('.preview-table-wrap')
      .evaluate((e: InPage) => Number((globalThis as InPage).getComputedStyle(e).opacity));
    assert.ok(opacity < 1, `dimmed (opacity ${opacity})`);

    await row(page, 'price').getByLabel('max', { exact: true }).fill('100');
    await until(
      () => body.getAttribute('data-stale'),
      (s) => s === null,
      'the mark gone once the preview is current',
    );
    assert.equal(await note.count(), 0);
    assert.ok((await columnsOf(page)).includes('price'));
  });

  test('a restored backup shows its name; exported before saving it keeps the name and writes no empty values', async () => {
    const page = await openBuilder(suite);
    await restore(page, {
      name: 'patients',
      num_rows: 20,
      file_format: 'csv',
      include_header: true,
      columns: [
        { name: 'id', type: 'Row Number', null_percentage: 0, formula: null },
        { name: 'given', type: 'First Name', null_percentage: 0, formula: null, gender: null },
        { name: 'n', type: 'Number', null_percentage: 0, formula: 'this * 2', min: 1, max: 9 },
      ],
    });
    await page.getByRole('heading', { name: 'patients', level: 1 }).waitFor();
    await page.getByText('Unsaved changes', { exact: true }).waitFor();
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export schema' }).click(),
    ]);
    assert.equal(exported.suggestedFilename(), 'patients.schema.json');
    const text = await readFile((await exported.path())!, 'utf8');
    assert.doesNotMatch(text, /:\s*null|:\s*""/, text);
    const doc = JSON.parse(text) as { name: string; columns: Record<string, unknown>[] };
    assert.equal(doc.name, 'patients');
    assert.deepEqual(doc.columns, [
      { name: 'id', type: 'Row Number', null_percentage: 0 },
      { name: 'given', type: 'First Name', null_percentage: 0 },
      { name: 'n', type: 'Number', null_percentage: 0, formula: 'this * 2', min: 1, max: 9 },
    ]);

    // The name survives a reload (as a draft) and is offered on the first save.
    await page.reload();
    await page.getByRole('heading', { name: 'patients', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    assert.equal(
      await page.getByRole('dialog', { name: 'Save as' }).getByLabel('Schema name').inputValue(),
      'patients',
    );
  });

  test("a multi-line Formula shows its line breaks in the row's one-line box and opens in the editor", async () => {
    const page = await openBuilder(suite);
    await restore(page, {
      name: 'Lines',
      num_rows: 5,
      file_format: 'csv',
      columns: [
        { name: 'id', type: 'Row Number' },
        { name: 'twice', type: 'Formula', value: "x = field('id') * 2\nx + 1" },
      ],
    });
    const box = row(page, 'twice').getByLabel(/^value/);
    await until(
      () => box.inputValue(),
      (v) => v.includes('⏎'),
      'the line break shown',
    );
    assert.equal(await box.inputValue(), "x = field('id') * 2 ⏎ x + 1");
    assert.match(await description(box), /2 lines/);
    await box.click();
    await page.getByRole('dialog').first().waitFor();
    await until(
      () => rowsOf(page),
      (r) => r.length > 0 && r[0][1] === '3',
      'the formula runs as two statements (1 * 2 + 1)',
    );
  });
});
