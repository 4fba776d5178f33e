/**
 * `npm run screenshots`: the pictures of the page in the README and docs/, taken from a real server (a fresh
 * SQLite file) in Debian's chromium, with a sample schema, dataset and scenario made through the
 * API. Writes docs/screenshots/*.png; run it after changing how a page looks.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from 'playwright-core';
import { shopProject } from '@rowloom/core/testing/shop-project';
import { launchBrowser } from './browser.js';
import { newTestDatabase, startTestServer, type TestServer } from '../testing/server-fixture.js';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../docs/screenshots');

const CUSTOMERS = {
  fields: [
    { name: 'id', type: 'Row Number', formula: "request_params['id'] ? request_params['id'].to_i : this" },
    { name: 'first_name', type: 'First Name' },
    { name: 'last_name', type: 'Last Name' },
    { name: 'email', type: 'Email Address' },
    { name: 'city', type: 'City' },
    { name: 'signed_up', type: 'Date', min: '2024-01-01', max: '2025-12-31', format: '%Y-%m-%d' },
    { name: 'tier', type: 'Custom List', values: ['gold', 'silver', 'bronze'] },
    { name: 'spend', type: 'Number', min: 10, max: 900, decimals: 2, formula: "tier == 'gold' ? this * 3 : this" },
  ],
  count: 1000,
  format: 'csv',
};

const STORES_CSV = 'id,city,manager\n1,Lyon,Ada Lovelace\n2,Porto,Grace Hopper\n3,Leeds,Alan Turing\n';

const TRAFFIC = {
  points: [
    { x: 0, y: 20 },
    { x: 0.3, y: 85 },
    { x: 0.55, y: 40 },
    { x: 0.8, y: 95 },
    { x: 1, y: 30 },
  ],
  interpolation: 'smooth',
  noise: 4,
};

/** A mock API over the Customers schema: a rule-based 404, a JSON write, a handler and a CRUD collection. */
const SHOP_MOCK = {
  name: 'Shop',
  description: 'Customers and orders for the storefront prototype',
  latency: { type: 'uniform', min: 40, max: 120 },
  routes: [
    {
      method: 'GET',
      path: '/customers/:id',
      kind: 'responses',
      mode: 'rules',
      responses: [
        { label: 'found', status: 200, default: true, body: { type: 'schema', schema: 'Customers', count: 1 } },
        {
          label: 'missing',
          status: 404,
          rules: [{ target: 'param', name: 'id', operator: 'equals', value: '0' }],
          body: { type: 'json', value: { error: 'no such customer' } },
        },
        {
          label: 'flaky',
          status: 503,
          rules: [{ target: 'header', name: 'x-chaos', operator: 'exists' }],
          faults: [{ kind: 'reset', probability: 0.5 }],
          body: { type: 'empty' },
        },
      ],
    },
    {
      method: 'POST',
      path: '/customers',
      kind: 'responses',
      responses: [
        {
          status: 201,
          headers: { Location: '/customers/101' },
          body: { type: 'json', value: { id: 101, created: true } },
        },
      ],
    },
    {
      method: 'GET',
      path: '/orders/:id',
      kind: 'responses',
      responses: [{ status: 200, body: { type: 'handler', source: "{ id: params['id'], total: 42.5, items: 3 }" } }],
    },
    { method: 'ANY', path: '/stores', kind: 'crud', responses: [], crud: { schema: 'Customers', count: 20 } },
  ],
};

async function seed(request: APIRequestContext): Promise<void> {
  const signUp = await request.post('/api/session/signup', {
    data: { email: 'ada@example.com', password: 'correct horse battery staple' },
  });
  const { csrfToken } = (await signUp.json()) as { csrfToken: string };
  const headers = { 'X-CSRF-Token': csrfToken };
  const answers = [
    await request.put('/api/schemas/Customers', { headers, data: CUSTOMERS }),
    await request.post('/api/datasets/stores', {
      headers: { ...headers, 'Content-Type': 'text/csv' },
      data: STORES_CSV,
    }),
    await request.put('/api/scenarios/Traffic', { headers, data: TRAFFIC }),
    await request.post('/api/mocks', { headers, data: SHOP_MOCK }),
  ];
  for (const answer of answers)
    if (!answer.ok()) throw new Error(`${answer.url()}: ${answer.status()} ${await answer.text()}`);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  process.stdout.write(`docs/screenshots/${name}.png\n`);
}

async function builder(page: Page): Promise<void> {
  await page.goto('/schemas/Customers');
  await page.getByRole('group', { name: 'Field spend' }).waitFor();
  await page.getByRole('table').first().waitFor();
  await shoot(page, 'web-builder');
  await page
    .getByRole('group', { name: 'Field city' })
    .getByRole('button', { name: /^Type: / })
    .click();
  const picker = page.getByRole('dialog', { name: 'Choose a type for city' });
  await picker.getByRole('combobox', { name: 'Search types' }).fill('airport');
  await picker.getByRole('option').first().waitFor();
  await shoot(page, 'web-type-picker');
  await page.keyboard.press('Escape');
  await page.getByRole('group', { name: 'Field spend' }).getByRole('button', { name: 'Formula' }).click();
  await page.locator('.cm-editor').waitFor();
  await shoot(page, 'web-formula');
  await page.keyboard.press('Escape');
}

async function otherPages(page: Page): Promise<void> {
  await page.goto('/datasets');
  await page.getByText('stores').first().waitFor();
  await page
    .getByRole('button', { name: /preview/i })
    .first()
    .click()
    .catch(() => undefined);
  await shoot(page, 'web-datasets');
  await page.goto('/scenarios');
  await page.getByRole('button', { name: 'Traffic' }).click();
  await page.getByRole('button', { name: 'Preview generated values' }).click();
  await page.getByText(/Showing \d+ generated values/).waitFor();
  await shoot(page, 'web-scenarios');
  await page.goto('/reference');
  await page.getByRole('heading', { name: 'Data types' }).waitFor();
  await shoot(page, 'web-reference');
  await page.goto('/account');
  await page
    .getByRole('heading', { name: /API key/i })
    .first()
    .waitFor();
  await shoot(page, 'web-account');
}

async function mocks(page: Page): Promise<void> {
  await page.goto('/mocks/Shop');
  await page.getByRole('navigation', { name: 'Routes' }).waitFor();
  await page.getByLabel('Test path').fill('/customers/0');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.locator('.test-outcome .status-pill', { hasText: '404' }).waitFor();
  await page.getByLabel('Test path').fill('/customers/7');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.locator('.test-outcome .status-pill', { hasText: '200' }).waitFor();
  await page.getByRole('table', { name: 'Requests, newest first' }).locator('tbody > tr').nth(1).waitFor();
  await page.getByRole('tab', { name: /missing/ }).click();
  await page.setViewportSize({ width: 1280, height: 1640 });
  await shoot(page, 'mocks');
  await page.setViewportSize({ width: 1280, height: 860 });
}

/** Starts a background job of `count` rows of the Customers schema for the signed-in user; its id. */
async function startJob(page: Page, count: number): Promise<string> {
  const { csrfToken } = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
  const answer = await page.request.post(`/api/downloads.csv?schema=Customers&count=${count}`, {
    headers: { 'X-CSRF-Token': csrfToken },
  });
  if (answer.status() !== 202) throw new Error(`POST /api/downloads: ${answer.status()} ${await answer.text()}`);
  return ((await answer.json()) as { id: string }).id;
}

async function jobStatus(page: Page, id: string): Promise<{ status: string; recordsGenerated: number }> {
  return (await (await page.request.get(`/api/downloads/${id}`)).json()) as {
    status: string;
    recordsGenerated: number;
  };
}

/** The Downloads page with a done, a cancelled and a running job (cancelled after the picture), and the builder's job panel. */
async function downloads(page: Page, server: TestServer): Promise<void> {
  await server.store.db
    .updateTable('users')
    .set({ plan: 'unlimited', is_admin: 1 })
    .where('email', '=', 'ada@example.com')
    .execute();
  const done = await startJob(page, 20_000);
  while ((await jobStatus(page, done)).status !== 'done') await page.waitForTimeout(100);
  const cancelled = await startJob(page, 2_000_000);
  while ((await jobStatus(page, cancelled)).recordsGenerated === 0) await page.waitForTimeout(100);
  const { csrfToken } = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
  await page.request.delete(`/api/downloads/${cancelled}`, { headers: { 'X-CSRF-Token': csrfToken } });
  await page.goto('/schemas/Customers');
  await page.getByLabel('Rows', { exact: true }).fill('5000000');
  await page.getByRole('button', { name: 'Download Data' }).click();
  const panel = page.getByRole('region', { name: 'Background job' });
  await panel.getByText(/rows\/s/).waitFor();
  await panel.getByText(/about .* left/).waitFor();
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'downloads-builder');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Downloads' }).click();
  await page.locator('.jobs-table tbody tr').nth(2).waitFor();
  await page.getByText(/rows\/s/).waitFor();
  await shoot(page, 'downloads');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('row', { name: 'Job of ada@example.com' }).waitFor();
  await shoot(page, 'downloads-admin');
  for (const row of (await (await page.request.get('/api/downloads')).json()).downloads as {
    id: string;
    status: string;
  }[]) {
    if (row.status === 'running' || row.status === 'queued')
      await page.request.delete(`/api/downloads/${row.id}`, { headers: { 'X-CSRF-Token': csrfToken } });
  }
}

/** The project page of a five-table shop (docs/relations.md), a preview following a reference open. */
async function project(page: Page): Promise<void> {
  const { csrfToken } = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
  const put = await page.request.put('/api/projects/shop/model', {
    headers: { 'X-CSRF-Token': csrfToken },
    data: shopProject(25),
  });
  if (!put.ok()) throw new Error(`PUT /api/projects/shop/model: ${put.status()} ${await put.text()}`);
  await page.setViewportSize({ width: 1280, height: 1180 });
  await page.goto('/projects/shop');
  await page.locator('svg.er-diagram').waitFor();
  await shoot(page, 'web-project');
  await page.setViewportSize({ width: 1280, height: 860 });
}

async function phone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/schemas/Customers');
  await page.getByRole('group', { name: 'Field spend' }).waitFor();
  await shoot(page, 'web-builder-phone');
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startTestServer(newTestDatabase('sqlite'));
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
    await seed(context.request);
    const page = await context.newPage();
    await builder(page);
    await otherPages(page);
    await mocks(page);
    await downloads(page, server);
    await project(page);
    await phone(page);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
