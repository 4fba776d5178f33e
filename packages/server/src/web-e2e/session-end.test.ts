/** A session that ends while the page is open (expired, or signed out elsewhere) sends the page to sign-in. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserSkip, browserSuite } from './browser.js';

describe('the page when its session ends', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('the next request answered 401 takes the page to sign-in, coming back where it was', async () => {
    const { page } = await suite.signedIn('/account');
    await page
      .getByRole('heading', { name: /API key/i })
      .first()
      .waitFor();
    // The account page's own reads (usage, key, recent jobs) land after its heading: let them
    // finish first, or one of them is the request that meets the ended session (CI saw that race).
    await page.waitForLoadState('networkidle');
    // Ended on the server, as expiry or "sign out everywhere" would.
    await suite.server.store.db.deleteFrom('sessions').execute();
    await page.getByRole('link', { name: 'Datasets' }).click();
    await page.waitForURL(/\/signin\?next=%2Fdatasets/);
    // The URL changes before the sign-in form renders: wait for it (a loaded machine showed the gap).
    const email = page.getByLabel(/email/i);
    await email.waitFor({ state: 'visible' });
    assert.ok(await email.isVisible());
  });
});
