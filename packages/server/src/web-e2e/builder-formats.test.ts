/**
 * The builder's format picker in a real browser for the newer formats: each is offered with its
 * options, and Download Data saves a file a real reader takes back (SheetJS for Excel, SQLite for
 * CQL's INSERTs, fast-xml-parser for DBUnit, JSON.parse per line for JSON Lines, JSON.parse for
 * Firebase). A bad option is the server's 400, shown word for word.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { XMLParser } from 'fast-xml-parser';
import type { Download, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { browserSkip, browserSuite, type BrowserSuite } from './browser.js';

async function openBuilder(suite: BrowserSuite): Promise<Page> {
  const context = await suite.newContext();
  const { cookie, email } = await suite.server.signUp();
  await suite.server.store.db.updateTable('users').set({ plan: 'unlimited' }).where('email', '=', email).execute();
  const at = cookie.indexOf('=');
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: suite.server.url }]);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('heading', { name: 'Preview' }).waitFor();
  return page;
}

async function download(page: Page): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Data' }).click(),
  ]);
  return { file, bytes: await readFile((await file.path())!) };
}

const COLUMNS = ['id', 'first_name', 'last_name', 'email'];

describe('builder: the newer formats', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('the picker offers them; Excel downloads a workbook with the sheet name chosen and typed cells, and has no text preview', async () => {
    const page = await openBuilder(suite);
    const offered = await page.getByLabel('Format').locator('option').allTextContents();
    for (const label of ['Excel (XLSX)', 'JSON Lines', 'Firebase', 'Cassandra CQL', 'DBUnit XML'])
      assert.ok(offered.includes(label), `${label} in ${offered.join(', ')}`);
    assert.equal(await page.getByRole('tab', { name: 'CSV text' }).count(), 1);
    await page.getByLabel('Format').selectOption('xlsx');
    await page.getByRole('tab', { name: 'Table' }).waitFor();
    assert.equal(await page.getByRole('tab').count(), 1, 'a binary file has no text tab');
    await page.getByLabel('Rows', { exact: true }).fill('30');
    await page.getByLabel('Sheet name').fill('People');
    const { file, bytes } = await download(page);
    assert.equal(file.suggestedFilename(), 'MOCK_DATA.xlsx');
    const book = XLSX.read(bytes, { type: 'buffer' });
    assert.deepEqual(book.SheetNames, ['People']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.People, { header: 1, raw: true });
    assert.deepEqual(rows[0], COLUMNS);
    assert.deepEqual(
      rows.slice(1).map((r) => r[0]),
      Array.from({ length: 30 }, (_, i) => i + 1),
      'row numbers are number cells',
    );
    await page.getByText(/Saved MOCK_DATA\.xlsx/).waitFor();
  });

  test("Cassandra CQL with keyspace and table runs in SQLite; a keyspace Cassandra refuses is the server's 400", async () => {
    const page = await openBuilder(suite);
    await page.getByLabel('Format').selectOption('cql');
    await page.getByLabel('Rows', { exact: true }).fill('12');
    await page.getByLabel('Keyspace').fill('no good');
    await page.getByRole('button', { name: 'Download Data' }).click();
    await page
      .getByText(
        'parameter "keyspace" must be 1 to 48 letters, digits or underscores (Cassandra\'s rule for keyspace names), got "no good"',
      )
      .waitFor();
    await page.getByLabel('Keyspace').fill('shop');
    await page.getByLabel('Table name').fill('people');
    const { file, bytes } = await download(page);
    assert.equal(file.suggestedFilename(), 'MOCK_DATA.cql');
    const text = bytes.toString('utf8');
    assert.equal(text.match(/^INSERT INTO shop\.people \(id, first_name, last_name, email\) VALUES \(/gm)?.length, 12);
    const db = new Database(':memory:');
    db.exec("attach ':memory:' as shop; create table shop.people (id, first_name, last_name, email)");
    db.exec(text);
    assert.deepEqual(
      db
        .prepare('select id from shop.people order by id')
        .all()
        .map((r) => (r as { id: number }).id),
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });

  test('JSON Lines (text preview and file), Firebase and DBUnit XML download files their readers take', async () => {
    const page = await openBuilder(suite);
    await page.getByLabel('Rows', { exact: true }).fill('9');
    await page.getByLabel('Format').selectOption('jsonl');
    await page.getByRole('tab', { name: 'JSON Lines text' }).click();
    // The preview's 10 rows, once its text has come.
    const previewLines = async () =>
      ((await page.getByLabel('Preview text').textContent()) ?? '')
        .trim()
        .split('\n')
        .filter((l) => l !== '');
    for (let i = 0; i < 200 && (await previewLines()).length !== 10; i++) await new Promise((r) => setTimeout(r, 50));
    const preview = await previewLines();
    assert.equal(preview.length, 10, preview.join('\n'));
    assert.ok(
      preview.every((line) => Object.keys(JSON.parse(line) as object).join() === COLUMNS.join()),
      'each preview line is a row object',
    );
    const lines = (await download(page)).bytes
      .toString('utf8')
      .split('\n')
      .slice(0, -1)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(
      lines.map((r) => r.id),
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
    );

    await page.getByLabel('Format').selectOption('firebase');
    const firebase = await download(page);
    assert.equal(firebase.file.suggestedFilename(), 'MOCK_DATA.json');
    const object = JSON.parse(firebase.bytes.toString('utf8')) as Record<string, { id: number }>;
    assert.equal(Object.keys(object).length, 9);
    for (const key of Object.keys(object)) assert.match(key, /^[-0-9A-Z_a-z]{20}$/);
    await page.getByLabel('Keys').selectOption('row_number');
    const numbered = JSON.parse((await download(page)).bytes.toString('utf8')) as Record<string, unknown>;
    assert.deepEqual(Object.keys(numbered), ['1', '2', '3', '4', '5', '6', '7', '8', '9']);

    await page.getByLabel('Format').selectOption('dbunit');
    await page.getByLabel('Table name').fill('PEOPLE');
    const dbunit = await download(page);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => name === 'PEOPLE',
    }).parse(dbunit.bytes.toString('utf8')) as { dataset: { PEOPLE: Record<string, string>[] } };
    assert.equal(parsed.dataset.PEOPLE.length, 9);
    assert.deepEqual(Object.keys(parsed.dataset.PEOPLE[0]), COLUMNS);
  });
});
