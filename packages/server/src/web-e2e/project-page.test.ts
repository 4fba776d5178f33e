/**
 * The project page (/projects/NAME) in a real browser: a DDL import whose table and column
 * names carry markup shows them as text and runs nothing; the diagram has a box per table and
 * an arrow per reference; the preview follows a reference to its parent row (fetched at its
 * index for a Row Number key, looked for otherwise); the ZIP and the SQL script download.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { shopProject } from '@rowloom/core/testing/shop-project';
import { zipEntries } from '@rowloom/core/testing/zip-entries';
import { browserSkip, browserSuite } from './browser.js';

const HOSTILE_TABLE = 'x<img src=x onerror=window.__pwned=1>';
const HOSTILE_COLUMN = '<img src=y onerror=window.__pwned=2>';

/** Three tables (PostgreSQL DDL): authors, posts referring to them, comments referring to posts. */
const DDL = `
CREATE TABLE authors (
  id integer PRIMARY KEY,
  "${HOSTILE_COLUMN}" varchar(100) NOT NULL
);
CREATE TABLE "${HOSTILE_TABLE}" (
  id integer PRIMARY KEY,
  author_id integer NOT NULL REFERENCES authors (id),
  title text
);
CREATE TABLE comments (
  id integer PRIMARY KEY,
  post_id integer REFERENCES "${HOSTILE_TABLE}" (id),
  body text
);
`;

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/session')).json()) as { csrfToken: string }).csrfToken;
}

/** Fails the test on any dialog (an alert from injected markup) and marks whether one was seen. */
function watchForScripts(page: Page): { ran(): Promise<boolean> } {
  let dialog = false;
  page.on('dialog', (d) => {
    dialog = true;
    void d.dismiss();
  });
  return {
    ran: async () => dialog || (await page.evaluate('Boolean(window.__pwned)')) === true,
  };
}

describe('the project page in a browser', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('a DDL import with markup in its names shows them as text and runs nothing', async () => {
    const { page } = await suite.signedIn('/projects');
    const scripts = watchForScripts(page);
    const headers = { 'X-CSRF-Token': await csrf(page) };
    const created = await page.request.post('/api/projects', { headers, data: { name: 'blog' } });
    assert.ok(created.ok(), await created.text());
    await page.reload();
    await page.getByRole('link', { name: 'blog', exact: true }).click();
    await page.getByRole('heading', { name: 'blog', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Import SQL DDL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import SQL DDL into blog' });
    await dialog.getByLabel('Or read a file').setInputFiles({
      name: 'blog.sql',
      mimeType: 'text/plain',
      buffer: Buffer.from(DDL),
    });
    // The file is read asynchronously: wait for its text to arrive in the box.
    const box = dialog.getByLabel('SQL DDL');
    for (let i = 0; i < 50 && (await box.inputValue()) === ''; i++) await page.waitForTimeout(100);
    assert.match(await box.inputValue(), /CREATE TABLE comments/);
    await dialog.getByLabel('Dialect').selectOption('postgres');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Imported 3 tables.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('heading', { name: HOSTILE_TABLE, level: 3 }).waitFor();
    const diagram = page.locator('svg.er-diagram');
    assert.equal(await diagram.locator('g.er-table').count(), 3);
    assert.equal(await diagram.locator('path.er-edge').count(), 2);
    assert.ok((await diagram.textContent())?.includes('x<img src=x'), 'the hostile table name is drawn as text');
    await page.getByRole('cell', { name: HOSTILE_COLUMN }).first().waitFor();
    assert.equal(await page.locator('main img').count(), 0, 'no markup from a name became an element');
    assert.equal(await scripts.ran(), false, 'no script from a name ran');

    // A second import asks first: it replaces the three tables.
    await page.getByRole('button', { name: 'Import SQL DDL' }).click();
    await dialog.getByLabel('SQL DDL').fill('CREATE TABLE solo (id integer PRIMARY KEY);');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText("replaces this project's 3 tables", { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await diagram.locator('g.er-table').count(), 3);
  });

  test("a project file from rowloom import is read as the project's tables", async () => {
    const { page } = await suite.signedIn('/projects');
    const created = await page.request.post('/api/projects', {
      headers: { 'X-CSRF-Token': await csrf(page) },
      data: { name: 'from-file' },
    });
    assert.ok(created.ok(), await created.text());
    await page.goto('/projects/from-file');
    await page.getByRole('button', { name: 'Import SQL DDL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import SQL DDL into from-file' });
    await dialog.getByLabel('Or read a file').setInputFiles({
      name: 'shop.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(shopProject())),
    });
    const box = dialog.getByLabel('SQL DDL');
    for (let i = 0; i < 50 && (await box.inputValue()) === ''; i++) await page.waitForTimeout(100);
    assert.equal(await dialog.getByLabel('Dialect').inputValue(), 'project', 'a .json file is read as a project file');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Imported 5 tables.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    assert.equal(await page.locator('svg.er-diagram g.er-table').count(), 5);
  });

  test('the diagram, a preview that follows a reference to its parent, and the ZIP', async () => {
    const { page } = await suite.signedIn('/');
    const put = await page.request.put('/api/projects/shop/model', {
      headers: { 'X-CSRF-Token': await csrf(page) },
      data: shopProject(),
    });
    assert.ok(put.ok(), await put.text());
    await page.goto('/projects/shop');
    const diagram = page.locator('svg.er-diagram');
    await diagram.waitFor();
    assert.equal(await diagram.locator('g.er-table').count(), 5);
    // order_lines -> orders and products, orders -> customers, employees -> employees (a loop).
    assert.equal(await diagram.locator('path.er-edge').count(), 4);
    assert.equal(await diagram.locator('path.er-edge.er-self').count(), 1);
    assert.ok((await diagram.textContent())?.includes('customer_id · poisson, mean 2'));
    const order = page.getByRole('region', { name: 'Load order' }).getByRole('listitem');
    assert.deepEqual(await order.allTextContents(), ['customers', 'products', 'orders', 'order_lines', 'employees']);
    assert.equal(
      await page.getByRole('link', { name: 'Edit in builder: orders' }).getAttribute('href'),
      '/schemas/shop%2Forders',
    );

    // A table opened in the builder previews with its project: its reference and parent.created_at read customers.
    await page.getByRole('link', { name: 'Edit in builder: orders' }).click();
    const preview = page.getByRole('table', { name: /^Preview table/ });
    await preview.locator('tbody tr').first().waitFor();
    const previewText = (await preview.textContent()) ?? '';
    assert.doesNotMatch(previewText, /Reference reads table/);
    assert.ok((await preview.locator('tbody tr').count()) > 0);
    await page.goto('/projects/shop');
    await diagram.waitFor();

    await page.getByRole('button', { name: 'Preview rows of orders' }).click();
    const rows = page.getByRole('table', { name: 'First rows of orders' });
    await rows.waitFor();
    assert.equal(await rows.locator('tbody tr').count(), 20);
    const firstReference = rows.locator('tbody tr').first().getByRole('button');
    const customerId = (await firstReference.textContent()) ?? '';
    await firstReference.click();
    const parent = page.getByRole('table', { name: 'Parent row in customers' });
    await parent.waitFor();
    assert.equal(await parent.getByRole('row', { name: /^id/ }).getByRole('cell').textContent(), customerId);
    await page.getByText(`Row ${customerId} of customers`).waitFor();

    await page.getByLabel('File format').selectOption('json');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download ZIP' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.zip$/);
    const entries = await zipEntries(await readFile((await download.path()) as string));
    assert.deepEqual([...entries.keys()].sort(), [
      'customers.json',
      'employees.json',
      'order_lines.json',
      'orders.json',
      'products.json',
    ]);

    await page.getByLabel('SQL dialect').selectOption('sqlite');
    const [script] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'SQL script' }).click(),
    ]);
    assert.match(script.suggestedFilename(), /\.sql$/);
    const sql = await readFile((await script.path()) as string, 'utf8');
    assert.ok(sql.indexOf('INSERT INTO customers') < sql.indexOf('INSERT INTO orders'), 'parents first');
  });

  test('a reference to a key that is not a row number is looked for among the parent table’s first rows', async () => {
    const { page } = await suite.signedIn('/');
    const put = await page.request.put('/api/projects/atlas/model', {
      headers: { 'X-CSRF-Token': await csrf(page) },
      data: {
        rowloom_project: 1,
        name: 'atlas',
        seed: 7,
        tables: [
          {
            name: 'countries',
            count: 30,
            primary_key: ['code'],
            fields: [
              { name: 'code', type: 'Character Sequence', format: '^^^-###' },
              { name: 'name', type: 'Country' },
            ],
          },
          {
            name: 'cities',
            count: 50,
            fields: [
              { name: 'id', type: 'Row Number' },
              { name: 'country_code', type: 'Reference', table: 'countries', column: 'code', key_kind: 'string' },
            ],
          },
        ],
      },
    });
    assert.ok(put.ok(), await put.text());
    await page.goto('/projects/atlas');
    await page.getByRole('button', { name: 'Preview rows of cities' }).click();
    const rows = page.getByRole('table', { name: 'First rows of cities' });
    const reference = rows.locator('tbody tr').first().getByRole('button');
    const code = (await reference.textContent()) ?? '';
    await reference.click();
    await page.getByText(`Looked for code = ${code} in the first 100 rows of countries`).waitFor();
    const parent = page.getByRole('table', { name: 'Parent row in countries' });
    assert.equal(await parent.getByRole('row', { name: /^code/ }).getByRole('cell').textContent(), code);
  });
});
