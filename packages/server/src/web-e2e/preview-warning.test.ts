/**
 * A schema written for Mockaroo whose formula reads field('Stage') though no field has that name:
 * the preview still shows rows (the value reads as nil, as in Mockaroo) and says why, naming the
 * field and the closest name.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserSkip, browserSuite } from './browser.js';

describe('the preview warns about a formula reading a field that is not there', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test("field('Stage') with only a field 'stage': rows, and a warning naming both", async () => {
    const { page } = await suite.signedIn('/schemas');
    const { csrfToken } = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
    const fields = [
      { name: 'stage', type: 'Custom List', values: ['lead', 'won'] },
      { name: 'label', type: 'Formula', value: "field('Stage').nil? ? 'no stage' : 'staged'" },
    ];
    const saved = await page.request.put('/api/schemas/Leads', { headers: { 'x-csrf-token': csrfToken }, data: { fields, count: 10 } });
    assert.equal(saved.status(), 200, await saved.text());
    await page.goto('/schemas/Leads');
    const warning = page.getByRole('status').filter({ hasText: 'Warning:' });
    await warning.waitFor();
    const text = (await warning.textContent()) ?? '';
    assert.match(text, /label/);
    assert.match(text, /field\('Stage'\) names no field of this schema, so it reads as nil; did you mean 'stage'\?/);
    await page.getByRole('cell', { name: 'no stage' }).first().waitFor();
  });
});
