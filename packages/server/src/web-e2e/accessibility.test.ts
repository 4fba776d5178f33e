/**
 * axe-core finds no violation on the page's screens: the builder (and its type picker and formula
 * editor open), datasets, the mock APIs list and one mock API, the reference, schemas, projects,
 * scenarios, downloads, a project's page (with a preview following a reference, and the DDL
 * import dialog open), the account page and the sign-in page. A failure lists every violation
 * with its elements and why.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { shopProject } from '@rowloom/core/testing/shop-project';
import { axeViolations, describeViolations } from './axe.js';
import { browserSkip, browserSuite } from './browser.js';

const SHOP = {
  name: 'Shop',
  routes: [
    {
      method: 'GET',
      path: '/customers/:id',
      kind: 'responses',
      mode: 'rules',
      responses: [
        { label: 'found', status: 200, default: true, body: { type: 'json', value: { id: 1 } } },
        {
          label: 'missing',
          status: 404,
          rules: [{ target: 'param', name: 'id', operator: 'equals', value: '0' }],
          body: { type: 'json', value: { error: 'no such customer' } },
        },
      ],
    },
  ],
};

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/session')).json()) as { csrfToken: string }).csrfToken;
}

// axe is injected as an inline script, which the page's Content-Security-Policy (rightly) refuses.
const AXE_CONTEXT = { bypassCSP: true };

describe('accessibility (axe-core) in a real browser', { skip: browserSkip() }, () => {
  const suite = browserSuite();
  const found: string[] = [];

  /** Runs axe on the page as it is and keeps what it finds under `where`. */
  async function check(page: Page, where: string): Promise<void> {
    const violations = await axeViolations(page);
    if (violations.length) found.push(describeViolations(where, violations));
  }

  test('no violations on any screen', async () => {
    const signIn = await suite.open('/signin', AXE_CONTEXT);
    await signIn.getByRole('heading', { name: 'Sign in' }).waitFor();
    await check(signIn, 'sign-in page');

    const { page } = await suite.signedIn('/', AXE_CONTEXT);
    const headers = { 'X-CSRF-Token': await csrf(page) };
    for (const answer of [
      await page.request.post('/api/datasets/stores', {
        headers: { ...headers, 'Content-Type': 'text/csv' },
        data: 'id,city\n1,Lyon\n2,Porto\n',
      }),
      await page.request.post('/api/mocks', { headers, data: SHOP }),
      await page.request.put('/api/projects/shop/model', { headers, data: shopProject() }),
    ])
      assert.ok(answer.ok(), `${answer.url()}: ${answer.status()} ${await answer.text()}`);

    await page.getByRole('group', { name: 'Field id' }).waitFor();
    await page.getByRole('table', { name: 'Preview table' }).waitFor();
    await check(page, 'builder');

    await page
      .getByRole('group', { name: 'Field email' })
      .getByRole('button', { name: /^Type: / })
      .click();
    const picker = page.getByRole('dialog', { name: 'Choose a type for email' });
    await picker.getByRole('option').first().waitFor();
    await check(page, 'builder, type picker open');
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });

    await page.getByRole('group', { name: 'Field email' }).getByRole('button', { name: 'Formula' }).click();
    await page.locator('.cm-editor').waitFor();
    await check(page, 'builder, formula editor open');
    await page.keyboard.press('Escape');

    for (const [path, ready] of [
      ['/datasets', () => page.getByText('stores').first().waitFor()],
      ['/mocks', () => page.getByRole('link', { name: 'Shop' }).first().waitFor()],
      ['/mocks/Shop', () => page.getByRole('tab', { name: /missing/ }).waitFor()],
      ['/reference', () => page.getByRole('heading', { name: 'Data types' }).waitFor()],
      ['/schemas', () => page.getByRole('heading', { name: 'Schemas', level: 1 }).waitFor()],
      ['/projects', () => page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor()],
      ['/scenarios', () => page.getByRole('heading', { name: 'Scenarios', level: 1 }).waitFor()],
      ['/downloads', () => page.getByRole('heading', { name: 'Downloads', level: 1 }).waitFor()],
      [
        '/account',
        () =>
          page
            .getByRole('heading', { name: /API key/i })
            .first()
            .waitFor(),
      ],
    ] as const) {
      await page.goto(path);
      await ready();
      await check(page, path);
    }

    await page.goto('/projects/shop');
    await page.locator('svg.er-diagram').waitFor();
    await check(page, '/projects/shop');
    await page.getByRole('button', { name: 'Preview rows of orders' }).click();
    await page
      .getByRole('table', { name: 'First rows of orders' })
      .locator('tbody tr')
      .first()
      .getByRole('button')
      .click();
    await page.getByRole('table', { name: 'Parent row in customers' }).waitFor();
    await check(page, '/projects/shop, preview following a reference');
    await page.getByRole('button', { name: 'Import SQL DDL' }).click();
    await page.getByRole('dialog', { name: 'Import SQL DDL into shop' }).waitFor();
    await check(page, '/projects/shop, import dialog open');
    await page.keyboard.press('Escape');

    assert.equal(found.length, 0, `axe-core found violations:\n\n${found.join('\n\n')}`);
  });
});
