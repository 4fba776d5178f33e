/** `npm start` on an empty database prints the first account's password and key; both work at once. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));

/** Resolves with the child's stdout once it matches `pattern`. */
function outputUntil(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) resolve(seen);
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before printing ${pattern}; stdout: ${seen}`)));
  });
}

describe('first start', () => {
  let dir = '';
  let child: ChildProcess | undefined;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'rowloom-first-'));
  });
  after(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  test('prints where to go and a password that signs admin@localhost in, and the API key the page then shows', async () => {
    const { DATABASE_URL: _url, ROWLOOM_SECRET: _secret, ...rest } = process.env;
    child = spawn(process.execPath, [MAIN], {
      env: { ...rest, DATA_DIR: dir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = await outputUntil(child, /serving on http:\/\/localhost:\d+/);
    const port = output.match(/serving on http:\/\/localhost:(\d+)/)![1];
    assert.match(output, new RegExp(`Open http://localhost:${port}/ and sign in as admin@localhost`));
    const password = output.match(/with the password\s+(\S+)/)![1];
    const key = output.match(/API key[^\n]*:\s+([0-9a-f]{32})/)![1];
    const signedIn = await fetch(`http://127.0.0.1:${port}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@localhost', password }),
    });
    assert.equal(signedIn.status, 200);
    assert.deepEqual(((await signedIn.json()) as { user: unknown }).user, {
      email: 'admin@localhost',
      plan: 'unlimited',
      admin: true,
    });
    const cookie = signedIn.headers.getSetCookie()[0].split(';')[0];
    const shown = await fetch(`http://127.0.0.1:${port}/api/key`, { headers: { cookie } });
    assert.equal(((await shown.json()) as { key: string }).key, key);
    // The first user is an admin: it may see every user's background jobs.
    assert.equal((await fetch(`http://127.0.0.1:${port}/api/admin/downloads?key=${key}`)).status, 200);
  });
});
