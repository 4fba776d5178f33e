/**
 * `npm run screenshots`: the README's pictures of the page, taken from a real server (a fresh
 * SQLite file) in Debian's chromium, with a sample schema, dataset and scenario made through the
 * API. Writes docs/screenshots/*.png; run it after changing how a page looks.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { newTestDatabase, startTestServer } from '../testing/server-fixture.js';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../docs/screenshots');

const CUSTOMERS = {
  fields: [
    { name: 'id', type: 'Row Number' },
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

const TRAFFIC = { points: [{ x: 0, y: 20 }, { x: 0.3, y: 85 }, { x: 0.55, y: 40 }, { x: 0.8, y: 95 }, { x: 1, y: 30 }], interpolation: 'smooth', noise: 4 };

async function seed(request: APIRequestContext): Promise<void> {
  const signUp = await request.post('/api/session/signup', { data: { email: 'ada@example.com', password: 'correct horse battery staple' } });
  const { csrfToken } = (await signUp.json()) as { csrfToken: string };
  const headers = { 'X-CSRF-Token': csrfToken };
  const answers = [
    await request.put('/api/schemas/Customers', { headers, data: CUSTOMERS }),
    await request.post('/api/datasets/stores', { headers: { ...headers, 'Content-Type': 'text/csv' }, data: STORES_CSV }),
    await request.put('/api/scenarios/Traffic', { headers, data: TRAFFIC }),
  ];
  for (const answer of answers) if (!answer.ok()) throw new Error(`${answer.url()}: ${answer.status()} ${await answer.text()}`);
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
  await page.getByRole('group', { name: 'Field city' }).getByRole('button', { name: /^Type: / }).click();
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
  await page.getByRole('button', { name: /preview/i }).first().click().catch(() => undefined);
  await shoot(page, 'web-datasets');
  await page.goto('/scenarios');
  await page.getByRole('button', { name: 'Traffic' }).click();
  await page.getByRole('button', { name: 'Preview generated values' }).click();
  await page.getByText(/Showing \d+ generated values/).waitFor();
  await shoot(page, 'web-scenarios');
  await page.goto('/account');
  await page.getByRole('heading', { name: /API key/i }).first().waitFor();
  await shoot(page, 'web-account');
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
    await phone(page);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
