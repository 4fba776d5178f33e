/**
 * The account's defences as a person meets them in a real browser (Debian chromium): a stranger's
 * failed sign-ins (sent from other loopback addresses) do not keep the owner off the page, the
 * sign-up and change-password forms show why a password is refused, and after a password change
 * the old cookie and every other session are dead while the page goes on working.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { signInFrom } from '../testing/accounts-http.js';
import { browserSkip, browserSuite } from './browser.js';

const PASSWORD = 'violet tractor seventeen umbrellas';
const NEW_PASSWORD = 'copper lantern drifts over quiet meadows';

const newEmail = () => `person-${randomBytes(4).toString('hex')}@example.com`;

/** Fills the sign-in or sign-up form and submits it; the alert's text when the page stays, else null (it went to `landing`). */
async function submitAuthForm(
  page: Page,
  email: string,
  password: string,
  submit: 'Sign in' | 'Sign up',
  landing = '/',
): Promise<string | null> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: submit, exact: true }).click();
  const alert = page.getByRole('alert');
  const outcome = await Promise.race([
    page.waitForURL((url) => url.pathname === landing).then(() => null),
    alert.waitFor().then(async () => (await alert.textContent()) ?? ''),
  ]);
  return outcome;
}

async function sessionCookie(context: BrowserContext, url: string): Promise<string> {
  const cookie = (await context.cookies(url)).find((c) => c.name === 'rowloom_session');
  assert.ok(cookie, 'a session cookie');
  return `${cookie.name}=${cookie.value}`;
}

describe('account defences in a browser', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test("a stranger's 40 failures from one address and 11 from others keep neither the owner's browser nor a new one off the page", async () => {
    const email = newEmail();
    const owner = await (await suite.newContext()).newPage();
    await owner.goto('/signup');
    assert.equal(await submitAuthForm(owner, email, PASSWORD, 'Sign up'), null);
    await owner.getByRole('button', { name: 'Sign out' }).click();
    await owner.waitForURL(/\/signin/);

    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await signInFrom('127.0.0.2', suite.server, email, `guess ${i}`)).status);
    for (let n = 3; n < 14; n++)
      statuses.push((await signInFrom(`127.0.0.${n}`, suite.server, email, `guess from ${n}`)).status);
    assert.deepEqual(statuses, [...Array(10).fill(401), ...Array(30).fill(429), ...Array(11).fill(401)]);

    assert.equal(
      await submitAuthForm(owner, email, PASSWORD, 'Sign in'),
      null,
      'the browser the owner signed in with before',
    );
    const fresh = await suite.open('/signin');
    assert.equal(await submitAuthForm(fresh, email, PASSWORD, 'Sign in'), null, 'a browser the account has never seen');
  });

  test('the sign-up and change-password forms show why a common password or a blank is refused, and take a sound one', async () => {
    const page = await suite.open('/signup?next=/account');
    const email = newEmail();
    assert.match(
      (await submitAuthForm(page, email, 'Password1!', 'Sign up', '/account')) ?? '',
      /too easy to guess: This is similar to a commonly used password/,
    );
    assert.match(
      (await submitAuthForm(page, email, '          ', 'Sign up', '/account')) ?? '',
      /must not be only spaces/,
    );
    assert.equal(await submitAuthForm(page, email, PASSWORD, 'Sign up', '/account'), null);

    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByLabel('Current password').fill(PASSWORD);
    for (const [weak, why] of [
      ['qwertyuiop', /too easy to guess/],
      ['            ', /must not be only spaces/],
    ] as const) {
      await form.getByLabel('New password', { exact: true }).fill(weak);
      await form.getByLabel('New password again').fill(weak);
      await form.getByRole('button', { name: 'Change password' }).click();
      await form.getByRole('alert').filter({ hasText: why }).waitFor();
    }
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('New password again').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Password changed.').waitFor();
  });

  test('after a password change the old cookie and every other session are dead, and the page keeps working without a reload', async () => {
    const email = newEmail();
    const context = await suite.newContext();
    const page = await context.newPage();
    await page.goto('/signup?next=/account');
    assert.equal(await submitAuthForm(page, email, PASSWORD, 'Sign up', '/account'), null);
    const oldCookie = await sessionCookie(context, suite.server.url);
    const elsewhere = await (await suite.newContext()).newPage();
    await elsewhere.goto('/signin?next=/account');
    assert.equal(await submitAuthForm(elsewhere, email, PASSWORD, 'Sign in', '/account'), null);

    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('New password again').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Password changed.').waitFor();

    assert.notEqual(await sessionCookie(context, suite.server.url), oldCookie, 'the browser holds a new session token');
    assert.equal(
      (await fetch(`${suite.server.url}/api/session`, { headers: { cookie: oldCookie } })).status,
      401,
      'the old token is dead',
    );
    await elsewhere.reload();
    await elsewhere.waitForURL(/\/signin/);

    // A write (it needs the new session's CSRF token) from the same page, without a reload.
    await page.getByRole('button', { name: 'Regenerate key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Regenerate key' }).click();
    await page.getByText(/old key stopped working/).waitFor();
    assert.equal(page.url(), `${suite.server.url}/account`);
  });
});
