/** `npm start` on a real process: one line and a documented exit status when it cannot start; a visible drain on SIGTERM. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { START_EXIT } from './startup.js';

const MAIN = fileURLToPath(new URL('./main.js', import.meta.url));

function environment(dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extra };
}

function assertOneLine(stderr: string, pattern: RegExp): void {
  assert.match(stderr, pattern);
  assert.equal(stderr.trim().split('\n').length, 1, stderr);
  assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace');
}

/** The child's stdout so far, and a wait for a pattern to appear in it (whenever it was printed). */
function watchOutput(child: ChildProcess) {
  let seen = '';
  child.stdout!.on('data', (chunk: Buffer) => (seen += chunk.toString()));
  return (pattern: RegExp): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const match = seen.match(pattern);
        if (!match) return;
        child.stdout!.off('data', check);
        child.off('exit', onExit);
        resolve(match);
      };
      const onExit = (code: number | null) =>
        reject(new Error(`exited (${code}) before printing ${pattern}; stdout: ${seen}`));
      child.stdout!.on('data', check);
      child.once('exit', onExit);
      check();
    });
}

describe('starting the server', () => {
  let dir = '';
  let taken: Server;
  let takenPort = 0;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rowloom-start-'));
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    takenPort = (taken.address() as { port: number }).port;
  });
  after(() => {
    taken.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('PORT=abc: one line naming PORT, exit status 2', () => {
    const run = spawnSync(process.execPath, [MAIN], {
      env: environment(join(dir, 'a'), { PORT: 'abc' }),
      encoding: 'utf8',
    });
    assert.equal(run.status, START_EXIT.configuration);
    assertOneLine(run.stderr, /^rowloom: PORT must be a whole number, got "abc"; fix the environment variable/);
  });

  test("a mock host suffix over the app's own host, or a mock origin on it: one line naming the variables, exit status 2", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [
        { PUBLIC_URL: 'https://rowloom.example.com', ROWLOOM_MOCK_HOST_SUFFIX: 'example.com' },
        /^rowloom: PUBLIC_URL's host rowloom\.example\.com lies under ROWLOOM_MOCK_HOST_SUFFIX \(example\.com\), so a mock API could take the app's own name/,
      ],
      [
        { PUBLIC_URL: 'https://rowloom.example.com', ROWLOOM_MOCK_ORIGIN: 'https://rowloom.example.com:8443' },
        /^rowloom: ROWLOOM_MOCK_ORIGIN's host rowloom\.example\.com is the app's own host/,
      ],
    ];
    for (const [variables, message] of cases) {
      // A server that starts anyway is stopped by the timeout: the status is then not 2.
      const run = spawnSync(process.execPath, [MAIN], {
        env: environment(join(dir, 'm'), { PORT: '0', ...variables }),
        encoding: 'utf8',
        timeout: 20_000,
      });
      assert.equal(run.status, START_EXIT.configuration, `${JSON.stringify(variables)}: ${run.stderr}`);
      assertOneLine(run.stderr, message);
    }
  });

  test('a port already taken: one line saying to choose another PORT, exit status 3, and no key used up', () => {
    const run = spawnSync(process.execPath, [MAIN], {
      env: environment(join(dir, 'b'), { PORT: String(takenPort) }),
      encoding: 'utf8',
    });
    assert.equal(run.status, START_EXIT.listen);
    assertOneLine(run.stderr, new RegExp(`^rowloom: port ${takenPort} is already in use .*another PORT`));
    assert.doesNotMatch(run.stdout, /API key/);
  });

  test('a database that cannot be reached: one line naming DATABASE_URL, exit status 4', () => {
    const run = spawnSync(process.execPath, [MAIN], {
      env: { ...environment(join(dir, 'c'), { PORT: '0' }), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      encoding: 'utf8',
    });
    assert.equal(run.status, START_EXIT.database);
    assertOneLine(run.stderr, /^rowloom: cannot open the PostgreSQL database at DATABASE_URL: .*check DATABASE_URL/);
  });

  test('SIGTERM says how many requests it drains; a second SIGTERM stops at once with exit status 5', async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: environment(join(dir, 'd'), { PORT: '0' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const waitFor = watchOutput(child);
      const [, port] = await waitFor(/serving on http:\/\/localhost:(\d+)/);
      const [, key] = await waitFor(/API key[^\n]*:\s+([0-9a-f]{32})/);
      const response = await fetch(`http://127.0.0.1:${port}/api/generate.csv?key=${key}&count=1000000000`, {
        method: 'POST',
        body: '[{"name": "id", "type": "Row Number"}]',
      });
      const reader = response.body!.getReader();
      await reader.read(); // the request is streaming
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const draining = waitFor(
        /SIGTERM: draining (\d+) requests? in flight before stopping; send SIGTERM again to stop at once/,
      );
      child.kill('SIGTERM');
      assert.equal((await draining)[1], '1');
      child.kill('SIGTERM');
      assert.equal(await exited, START_EXIT.forced);
      await reader.cancel().catch(() => {});
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
