/**
 * The real browser for the web interface's tests: Debian's chromium driven by playwright-core
 * (never a downloaded browser). Without chromium the browser suites are skipped with a loud
 * message, except in CI (CI=true) or with ROWLOOM_REQUIRE_BROWSER=1, where they fail.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { WEB_ROOT } from '../http/web-interface.js';
import { serverForSuite } from '../testing/server-fixture.js';
import type { TestServer, TestServerOptions } from '../testing/server-fixture.js';

export const CHROMIUM = process.env.ROWLOOM_CHROMIUM || '/usr/bin/chromium';

const REQUIRED = process.env.CI === 'true' || process.env.ROWLOOM_REQUIRE_BROWSER === '1';

/** Why the browser suites cannot run here, or null when they can. */
function missing(): string | null {
  if (!existsSync(CHROMIUM)) return `no browser at ${CHROMIUM} (apt-get install chromium, or set ROWLOOM_CHROMIUM)`;
  if (!existsSync(join(WEB_ROOT, 'index.html')))
    return `the web interface is not built (${WEB_ROOT}); run npm run build`;
  return null;
}

/**
 * `{skip}` for node:test: false when the browser suites can run. When they cannot, says so on
 * stderr (the suite shrinks, and nobody should miss that) or, where they are required, throws.
 */
export function browserSkip(): string | false {
  const reason = missing();
  if (!reason) return false;
  if (REQUIRED)
    throw new Error(`the browser tests are required here (CI or ROWLOOM_REQUIRE_BROWSER=1) but cannot run: ${reason}`);
  process.stderr.write(`\n*** SKIPPING the web interface's browser tests: ${reason} ***\n\n`);
  return reason;
}

/** `extraArgs`: more chromium switches (host-resolver rules for tests that need host names). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

export interface BrowserSuite {
  server: TestServer;
  browser: Browser;
  /** A fresh context (own cookies and storage), with downloads allowed; `options` add to or change the defaults. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A new page in a fresh context, opened at `path` on the server. */
  open(path?: string, options?: BrowserContextOptions): Promise<Page>;
  /** A new user, signed up through the API in a fresh context, on a page at `path`. */
  signedIn(path?: string, options?: BrowserContextOptions): Promise<{ page: Page; email: string; password: string }>;
  /** A directory for downloads and screenshots, removed after the suite. */
  scratch: string;
}

/**
 * One server (real SQLite file) and one browser for a `describe` block; both closed after it.
 * Browser tests run on SQLite: the API's storage is tested on both databases by the API suites.
 */
export function browserSuite(options: TestServerOptions = {}): BrowserSuite {
  const suite = { scratch: '' } as BrowserSuite;
  const contexts: BrowserContext[] = [];
  before(async () => {
    suite.browser = await launchBrowser();
    suite.scratch = mkdtempSync(join(tmpdir(), 'rowloom-browser-'));
  });
  // Registered before the server's hooks, so it runs first: the browser's open connections (a
  // download still streaming) must go before the server closes, or closing waits for them.
  after(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await suite.browser?.close();
    if (suite.scratch) rmSync(suite.scratch, { recursive: true, force: true });
  });
  const server = serverForSuite('sqlite', options);
  Object.defineProperty(suite, 'server', { get: () => server.server });
  suite.newContext = async (options = {}) => {
    const context = await suite.browser.newContext({
      baseURL: server.server.url,
      acceptDownloads: true,
      viewport: { width: 1280, height: 900 },
      ...options,
    });
    contexts.push(context);
    return context;
  };
  suite.open = async (path = '/', options = {}) => {
    const page = await (await suite.newContext(options)).newPage();
    await page.goto(path);
    return page;
  };
  suite.signedIn = async (path = '/', options = {}) => {
    const context = await suite.newContext(options);
    const email = `person-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'correct horse battery staple';
    const answer = await context.request.post('/api/session/signup', { data: { email, password } });
    if (answer.status() !== 200) throw new Error(`sign-up answered ${answer.status()}: ${await answer.text()}`);
    const page = await context.newPage();
    await page.goto(path);
    return { page, email, password };
  };
  return suite;
}
