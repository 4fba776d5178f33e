/**
 * "Load into database" on the project page, in a real browser: the targets the operator named,
 * a load with a progress bar per table and the checks after it, the rows in the SQLite file;
 * and, on a server without targets, the command that loads from one's own machine.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { shopProject } from '@rowloom/core/testing/shop-project';
import { TEST_DATABASES } from '../testing/loads/scratch.js';
import { browserSkip, browserSuite } from './browser.js';

const sandbox = await TEST_DATABASES.find((d) => d.name === 'sqlite')!.scratch();
after(() => sandbox.drop());

async function putShop(page: Page): Promise<void> {
  const { csrfToken } = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
  const put = await page.request.put('/api/projects/shop/model', {
    headers: { 'X-CSRF-Token': csrfToken },
    data: shopProject(),
  });
  assert.ok(put.ok(), await put.text());
}

describe('loading a project into a database from its page', { skip: browserSkip() }, () => {
  const suite = browserSuite({
    loadTargets: [{ name: 'sandbox', url: sandbox.url, dialect: 'sqlite', users: null }],
  });

  test('the load shows each table filling up, then the checks, and the rows are in the database', async () => {
    const { page } = await suite.signedIn('/projects');
    await putShop(page);
    await page.goto('/projects/shop');
    const section = page.getByRole('region', { name: 'Load into a database' });
    assert.equal(await section.getByLabel('Database').inputValue(), 'sandbox');
    assert.ok(!(await page.content()).includes(sandbox.url), 'the address stays on the server');
    await section.getByLabel('Create missing tables').check();
    await section.getByRole('button', { name: 'Load into database' }).click();
    await section.getByText('Loaded', { exact: true }).waitFor({ timeout: 60_000 });
    await section.getByText(/Checks after loading \(\d+\): /).waitFor();
    const bars = section.getByRole('progressbar');
    assert.equal(await bars.count(), 5);
    const customers = section.getByRole('listitem').filter({ hasText: 'customers' }).first();
    assert.match((await customers.textContent()) ?? '', /40 of 40/);
    const db = new Database(sandbox.url.slice('sqlite:'.length), { readonly: true });
    const { n } = db.prepare('select count(*) as n from customers').get() as { n: number };
    db.close();
    assert.equal(n, 40);
  });
});

describe('the project page on a server without load targets', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('says who names the databases and how to load from your own machine', async () => {
    const { page } = await suite.signedIn('/projects');
    await putShop(page);
    await page.goto('/projects/shop');
    const section = page.getByRole('region', { name: 'Load into a database' });
    await section.getByText(/its operator names them \(ROWLOOM_LOAD_TARGETS\)/).waitFor();
    assert.match(
      (await section.locator('code').textContent()) ?? '',
      /^rowloom seed http.*\/api\/projects\/shop\/model\?key=KEY --db URL$/,
    );
    assert.equal(await section.getByRole('button', { name: 'Load into database' }).count(), 0);
  });
});
