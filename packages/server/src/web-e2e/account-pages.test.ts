/**
 * Sign-up, sign-in and the account page in a real browser: the forms, the server's errors,
 * ?next=, the API key (regenerated: the old one is refused), the curl command, usage, password.
 */
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, browserSuite, launchBrowser } from './browser.js';
import { newTestDatabase, startTestServer, type TestServer } from '../testing/server-fixture.js';
import { DEFAULT_ACCOUNTS } from '../features/accounts/accounts-config.js';
import { startInFreshWindow } from '../testing/rate-windows.js';

const PASSWORD = 'correct horse battery staple';

function newEmail(): string {
  return `person-${randomBytes(4).toString('hex')}@example.com`;
}

async function fillAuthForm(page: Page, email: string, password: string, submit: 'Sign in' | 'Sign up') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: submit, exact: true }).click();
}

/** The key as the account page shows it once revealed. */
async function revealedKey(page: Page): Promise<string> {
  const output = page.getByLabel('API key', { exact: true });
  await output.waitFor();
  if ((await output.getAttribute('data-revealed')) !== 'true')
    await page.getByRole('button', { name: 'Reveal key' }).click();
  const key = (await output.textContent())?.trim() ?? '';
  assert.doesNotMatch(key, /•/);
  return key;
}

describe('sign-up, sign-in and the account page in a browser', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('sign up through the form, sign out, a wrong password is refused, the right one lands on the builder', async () => {
    const email = newEmail();
    const page = await suite.open('/');
    await page.waitForURL(/\/signin/);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(/\/signup/);
    // The password box starts hidden and the Show button reveals it.
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(PASSWORD);
    assert.equal(await password.getAttribute('type'), 'password');
    await page.getByRole('button', { name: 'Show' }).click();
    assert.equal(await password.getAttribute('type'), 'text');
    await fillAuthForm(page, email, PASSWORD, 'Sign up');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(email).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/signin/);

    await fillAuthForm(page, email, 'not the password', 'Sign in');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /wrong email or password/i);
    assert.match(page.url(), /\/signin/);

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('signing up with an email already taken says so; sign-in goes back to ?next=', async () => {
    const email = newEmail();
    const page = await suite.open('/signup');
    await fillAuthForm(page, email, PASSWORD, 'Sign up');
    await page.waitForURL((url) => url.pathname === '/');
    const other = await suite.open('/signup');
    await fillAuthForm(other, email, PASSWORD, 'Sign up');
    await other.getByRole('alert').waitFor();
    assert.match((await other.getByRole('alert').textContent()) ?? '', /already|taken|exists/i);

    const next = await suite.open('/datasets');
    await next.waitForURL(/\/signin\?next=%2Fdatasets/);
    await fillAuthForm(next, email, PASSWORD, 'Sign in');
    await next.waitForURL((url) => url.pathname === '/datasets');
    // ?next= never leaves the site.
    const away = await suite.open('/signin?next=//example.com/x');
    await fillAuthForm(away, email, PASSWORD, 'Sign in');
    await away.waitForURL((url) => url.pathname === '/');
    assert.equal(new URL(away.url()).host, new URL(suite.server.url).host);
  });

  test('the account page shows the key; regenerating it makes the API refuse the old one at once', async () => {
    const page = await suite.open('/signup?next=/account');
    await fillAuthForm(page, newEmail(), PASSWORD, 'Sign up');
    await page.waitForURL((url) => url.pathname === '/account');
    const masked = (await page.getByLabel('API key', { exact: true }).textContent()) ?? '';
    assert.match(masked, /•/, 'the key is masked until revealed');
    const oldKey = await revealedKey(page);
    assert.equal((await fetch(`${suite.server.url}/api/datasets?key=${oldKey}`)).status, 200);

    await page.getByRole('button', { name: 'Regenerate key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate the API key?' });
    await dialog.waitFor();
    // Cancel first: nothing changes.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await revealedKey(page), oldKey);

    await page.getByRole('button', { name: 'Regenerate key' }).click();
    await dialog.getByRole('button', { name: 'Regenerate key' }).click();
    await page.getByText(/old key stopped working/).waitFor();
    const newKey = await revealedKey(page);
    assert.notEqual(newKey, oldKey);
    assert.equal((await fetch(`${suite.server.url}/api/datasets?key=${oldKey}`)).status, 401);
    assert.equal((await fetch(`${suite.server.url}/api/datasets?key=${newKey}`)).status, 200);
  });

  test('a key made before keys could be shown again: the page says so and offers a new one', async () => {
    const email = newEmail();
    const page = await suite.open('/signup?next=/account');
    await fillAuthForm(page, email, PASSWORD, 'Sign up');
    await page.waitForURL((url) => url.pathname === '/account');
    // What migration 0003 leaves for older keys: no sealed copy.
    const db = suite.server.store.db;
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await db.updateTable('api_keys').set({ sealed: null }).where('user_id', '=', user.id).execute();
    await page.reload();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /Could not show the key: .*regenerate/i);
    await page.getByRole('button', { name: 'Regenerate key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Regenerate key' }).click();
    const key = await revealedKey(page);
    assert.equal((await fetch(`${suite.server.url}/api/datasets?key=${key}`)).status, 200);
  });

  test(
    'the curl commands (example schema, saved schema) run as shown, and usage counts them',
    { skip: existsSync('/usr/bin/curl') ? false : 'no curl at /usr/bin/curl' },
    async () => {
      const page = await suite.open('/signup?next=/account');
      await fillAuthForm(page, newEmail(), PASSWORD, 'Sign up');
      await page.waitForURL((url) => url.pathname === '/account');
      const usage = page.getByRole('region', { name: 'Usage today' });
      await usage.getByText('Requests').waitFor();
      await page.getByRole('button', { name: 'Show key in command' }).click();
      const command = (await page.getByLabel('curl command').textContent()) ?? '';
      assert.match(command, /^curl /);
      assert.ok(command.includes(await revealedKey(page)), 'the shown command carries the key');
      const { stdout } = await promisify(execFile)('/bin/sh', ['-c', command], { timeout: 30_000 });
      const rows = JSON.parse(stdout) as Record<string, unknown>[];
      assert.equal(rows.length, 10);
      assert.deepEqual(Object.keys(rows[0]), ['id', 'first_name', 'email']);

      await usage.getByRole('button', { name: 'Refresh' }).click();
      await usage.getByText(/^1 /).first().waitFor();
      const text = (await usage.textContent()) ?? '';
      assert.match(text, /Records\s*10\b/);

      // A saved schema (its name has a space and a quote) gets a command that downloads it in its saved format.
      const key = await revealedKey(page);
      const saved = await fetch(`${suite.server.url}/api/schemas/${encodeURIComponent("Bob's orders")}`, {
        method: 'PUT',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ fields: [{ name: 'n', type: 'Row Number' }], count: 5, format: 'csv' }),
      });
      assert.equal(saved.status, 200, await saved.text());
      await page.reload();
      await page.getByLabel('Schema', { exact: true }).selectOption("Bob's orders");
      await page.getByRole('button', { name: 'Show key in command' }).click();
      const download = (await page.getByLabel('curl command').textContent()) ?? '';
      assert.match(download, /\/api\/generate\?schema=Bob/);
      await promisify(execFile)('/bin/sh', ['-c', download], { timeout: 30_000, cwd: suite.scratch });
      const csv = readFileSync(join(suite.scratch, 'Bob_s_orders.csv'), 'utf8');
      // The saved format and row count apply: a header and 5 rows.
      assert.deepEqual(csv.trim().split(/\r?\n/), ['n', '1', '2', '3', '4', '5']);
    },
  );

  test('change the password: the new one signs in, the old one no longer does', async () => {
    const email = newEmail();
    const page = await suite.open('/signup?next=/account');
    await fillAuthForm(page, email, PASSWORD, 'Sign up');
    await page.waitForURL((url) => url.pathname === '/account');
    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await form.getByLabel('New password again').fill('a different passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText(/differ/).waitFor();
    await form.getByLabel('New password again').fill('a brand new passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Password changed.').waitFor();

    const again = await suite.open('/signin');
    await fillAuthForm(again, email, PASSWORD, 'Sign in');
    await again.getByRole('alert').waitFor();
    await again.getByLabel('Password', { exact: true }).fill('a brand new passphrase');
    await again.getByRole('button', { name: 'Sign in', exact: true }).click();
    await again.waitForURL((url) => url.pathname === '/');
  });

  test('the account page fits a 390 px wide phone screen', async () => {
    const context = await suite.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/signup?next=/account');
    await fillAuthForm(page, newEmail(), PASSWORD, 'Sign up');
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByRole('button', { name: 'Regenerate key' }).waitFor();
    const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    assert.ok(width <= 390, `the page is ${width}px wide`);
  });

  // Last in the suite: the failed attempts also count against 127.0.0.1, which every test shares.
  test('after too many wrong passwords from this address the form says how long to wait; the browser that signed in before still gets in', async () => {
    const email = newEmail();
    const known = await suite.newContext();
    assert.equal(
      (await known.request.post('/api/session/signup', { data: { email, password: PASSWORD } })).status(),
      200,
    );
    // A run that began just before a window ended would find the lock gone by the time the form is sent.
    await startInFreshWindow(DEFAULT_ACCOUNTS.signInLimit.windowMs, 60_000);
    // A client without the account's device cookie (as a stranger on this address would be).
    for (let attempt = 0; attempt < 10; attempt++)
      await fetch(`${suite.server.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'wrong password' }),
      });
    const page = await (await suite.newContext()).newPage();
    await page.goto('/signin');
    await fillAuthForm(page, email, PASSWORD, 'Sign in');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /too many sign-in attempts; try again in \d+ (seconds?|minutes?)/i);
    assert.match(page.url(), /\/signin/);
    // Signed out (the session cookie gone), the device cookie kept.
    await known.clearCookies({ name: 'rowloom_session' });
    const knownPage = await known.newPage();
    await knownPage.goto('/signin');
    await fillAuthForm(knownPage, email, PASSWORD, 'Sign in');
    await knownPage.waitForURL((url) => url.pathname === '/');
  });
});

describe('sign-up limited to some domains, in a browser', { skip: browserSkip() }, () => {
  let server: TestServer;
  let browser: Browser;
  before(async () => {
    server = await startTestServer(newTestDatabase('sqlite'), {
      signup: { mode: 'domains', domains: ['example.org'] },
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test("the form shows the server's reason for refusing an address, and takes an allowed one", async () => {
    const page = await (await browser.newContext({ baseURL: server.url })).newPage();
    await page.goto('/signup');
    await fillAuthForm(page, 'someone@example.com', PASSWORD, 'Sign up');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(
      (await alert.textContent()) ?? '',
      /open only to addresses at example\.org; example\.com is not one of them/,
    );
    await page.getByLabel('Email').fill('someone@example.org');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('the first-start account, in a browser', { skip: browserSkip() }, () => {
  const main = fileURLToPath(new URL('../main.js', import.meta.url));
  let dir = '';
  let child: ChildProcess | undefined;
  let browser: Browser;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rowloom-first-web-'));
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  test('the password `npm start` prints signs admin@localhost in through the form; the account page shows the printed key', async () => {
    const { DATABASE_URL: _url, ROWLOOM_SECRET: _secret, ...env } = process.env;
    child = spawn(process.execPath, [main], {
      env: { ...env, DATA_DIR: dir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const output = await new Promise<string>((resolve, reject) => {
      let seen = '';
      child!.stdout!.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (/serving on http:\/\/localhost:\d+/.test(seen)) resolve(seen);
      });
      child!.once('exit', (code) => reject(new Error(`the server exited (${code}): ${seen}`)));
    });
    const port = /serving on http:\/\/localhost:(\d+)/.exec(output)![1];
    const password = /with the password\s+(\S+)/.exec(output)![1];
    const key = /API key[^\n]*:\s+([0-9a-f]{32})/.exec(output)![1];

    const page = await (await browser.newContext({ baseURL: `http://127.0.0.1:${port}` })).newPage();
    await page.goto('/account');
    await page.waitForURL(/\/signin\?next=%2Faccount/);
    await fillAuthForm(page, 'admin@localhost', password, 'Sign in');
    await page.waitForURL((url) => url.pathname === '/account');
    assert.equal(await revealedKey(page), key);
  });
});
