/**
 * The builder's room for a wide preview and the phone's touch targets, in a real browser: at
 * 1440x900 the preview beside the fields shows only some columns of an 11-field schema, and
 * Full width (remembered) shows twice as many (nearly all); at 390 px every link of the top bar is at least 44 px.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- page.evaluate callbacks run in the page, where the DOM is, and the server's tsconfig has no DOM types */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSkip, browserSuite } from './browser.js';

const WIDE = {
  fields: [
    { name: 'id', type: 'Row Number' },
    { name: 'first_name', type: 'First Name' },
    { name: 'last_name', type: 'Last Name' },
    { name: 'email', type: 'Email Address' },
    { name: 'city', type: 'City' },
    { name: 'country', type: 'Country' },
    { name: 'company', type: 'Company Name' },
    { name: 'job_title', type: 'Job Title' },
    { name: 'phone', type: 'Phone' },
    { name: 'street', type: 'Street Address' },
    { name: 'ip', type: 'IP Address v4' },
  ],
  count: 10,
  format: 'json',
};

/** How many of the preview table's columns are fully in view (inside its scrolling box). */
async function columnsInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const wrap = (globalThis as any).document.querySelector('.preview-table-wrap');
    const right = Math.min(wrap.getBoundingClientRect().right, (globalThis as any).innerWidth);
    const heads = [...wrap.querySelectorAll('th')] as any[];
    return heads.filter((th) => th.getBoundingClientRect().right <= right + 1).length;
  });
}

async function wrapWidth(page: Page): Promise<number> {
  return page.evaluate(
    () => (globalThis as any).document.querySelector('.preview-table-wrap').getBoundingClientRect().width as number,
  );
}

describe('the builder layout in a real browser', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('at 1440x900 Full width shows twice the preview columns of an 11-field schema, and is remembered', async () => {
    const { page } = await suite.signedIn('/', { viewport: { width: 1440, height: 900 } });
    const { csrfToken } = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
    const saved = await page.request.put('/api/schemas/Wide', { headers: { 'X-CSRF-Token': csrfToken }, data: WIDE });
    assert.equal(saved.status(), 200, await saved.text());
    await page.goto('/schemas/Wide');
    const table = page.getByRole('table', { name: 'Preview table' });
    await table.getByRole('columnheader', { name: 'ip' }).waitFor({ state: 'attached' });
    const beside = await columnsInView(page);
    const besideWidth = await wrapWidth(page);
    assert.ok(beside < 11, `beside the fields ${beside} of 11 columns are in view`);

    const widen = page.getByRole('button', { name: 'Full width' });
    assert.equal(await widen.getAttribute('aria-pressed'), 'false');
    await widen.click();
    assert.equal(await widen.getAttribute('aria-pressed'), 'true');
    // The values are drawn anew for each preview, so the exact count varies by a column.
    const wide = await columnsInView(page);
    assert.ok(wide >= 2 * beside && wide >= 9, `at full width ${wide} of 11 columns are in view (beside: ${beside})`);
    assert.ok((await wrapWidth(page)) >= 1.8 * besideWidth, 'the preview is nearly twice as wide');

    await page.reload();
    await table.getByRole('columnheader', { name: 'ip' }).waitFor({ state: 'attached' });
    assert.equal(await page.getByRole('button', { name: 'Full width' }).getAttribute('aria-pressed'), 'true');
    assert.ok((await columnsInView(page)) >= 9, 'remembered after a reload');
  });

  test('on a phone every link of the top bar and Sign out is a 44 px touch target', async () => {
    const { page } = await suite.signedIn('/', { viewport: { width: 390, height: 844 } });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Schema', exact: true }).waitFor();
    const targets = [...(await nav.getByRole('link').all()), page.getByRole('button', { name: 'Sign out' })];
    assert.ok(targets.length >= 9);
    for (const target of targets) {
      const box = await target.boundingBox();
      const name = await target.textContent();
      assert.ok(box && box.height >= 44 && box.width >= 44, `${name}: ${box?.width} x ${box?.height} px`);
    }
  });
});
