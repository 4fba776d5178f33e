/**
 * A schema written for Mockaroo whose formula reads field('Stage') though no field has that name:
 * the preview still shows rows (the value reads as nil, as in Mockaroo) and says why, naming the
 * field and the closest name. A formula that meets a value it cannot work on is warned about the
 * same way, with the row.
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
    const saved = await page.request.put('/api/schemas/Leads', {
      headers: { 'x-csrf-token': csrfToken },
      data: { fields, count: 10 },
    });
    assert.equal(saved.status(), 200, await saved.text());
    await page.goto('/schemas/Leads');
    const warning = page.getByRole('status').filter({ hasText: 'Warning:' });
    await warning.waitFor();
    const text = (await warning.textContent()) ?? '';
    assert.match(text, /label/);
    assert.match(text, /field\('Stage'\) names no field of this schema, so it reads as nil; did you mean 'stage'\?/);
    await page.getByRole('cell', { name: 'no stage' }).first().waitFor();
  });

  test("a formula that meets a value it cannot work on (a number's upcase): rows, and a warning naming the method, the value and the row", async () => {
    const { page } = await suite.signedIn('/schemas');
    const { csrfToken } = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
    const fields = [
      { name: 'qty', type: 'Number', min: 3, max: 3, decimals: 0 },
      { name: 'shout', type: 'Formula', value: 'qty.upcase' },
      { name: 'ok', type: 'Formula', value: "'fine'" },
    ];
    const saved = await page.request.put('/api/schemas/Shouts', {
      headers: { 'x-csrf-token': csrfToken },
      data: { fields, count: 10 },
    });
    assert.equal(saved.status(), 200, await saved.text());
    await page.goto('/schemas/Shouts');
    const warning = page.getByRole('status').filter({ hasText: 'Warning:' });
    await warning.waitFor();
    const text = (await warning.textContent()) ?? '';
    assert.match(text, /shout/);
    assert.match(text, /'upcase' does not apply to a number \(3\) at 1:5 in row 1; the formula gave nil there/);
    assert.doesNotMatch(text, /"ok"/);
    await page.getByRole('cell', { name: 'fine' }).first().waitFor();
  });

  test('a warning quotes what the user wrote (a field name and a value that look like HTML): shown as text, no script runs', async () => {
    const { page } = await suite.signedIn('/schemas');
    const { csrfToken } = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
    const name = '<img src=x onerror="window.pwned=1">';
    const fields = [{ name, type: 'Formula', value: "'<b onmouseover=x>'.abs" }];
    const saved = await page.request.put('/api/schemas/Hostile', {
      headers: { 'x-csrf-token': csrfToken },
      data: { fields, count: 10 },
    });
    assert.equal(saved.status(), 200, await saved.text());
    await page.goto('/schemas/Hostile');
    const warning = page.getByRole('status').filter({ hasText: 'Warning:' });
    await warning.waitFor();
    const text = (await warning.textContent()) ?? '';
    assert.ok(text.includes(name), text);
    assert.match(text, /'abs' does not apply to a text \("<b onmouseover=x>"\)/);
    assert.equal(await warning.locator('img, b').count(), 0);
    assert.equal(await page.evaluate('window.pwned'), undefined);
  });
});
