/**
 * A server started as a user starts it (a command line on a port), for `npm run bench:mocks`:
 * spawned with this Node, waited for until its port answers an HTTP request (the start-up time
 * the benchmark reports), and stopped by SIGTERM (SIGKILL if it is still there 5 s later).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn until `probePath` got an HTTP answer, whatever its status. */
  startupMs: number;
}

/** A TCP port free on loopback now (the peers print the port they were given, not the one they got from 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return true;
  } catch {
    return false; // not listening yet
  }
}

/**
 * Runs `node script ...args` and polls `url + probePath` every 10 ms until it answers. The child's
 * stdout is discarded (mockoon-cli logs every request there) and its last stderr kept for errors.
 */
export async function spawnServer(
  script: string,
  args: string[],
  url: string,
  probePath: string,
  options: { env?: Record<string, string>; execArgv?: string[]; timeoutMs?: number } = {},
): Promise<SpawnedServer> {
  const started = performance.now();
  const child = spawn(process.execPath, [...(options.execArgv ?? []), script, ...args], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
  let exit: string | null = null;
  child.once('exit', (code, signal) => (exit = `exited (${signal ?? `code ${code}`})`));
  child.once('error', (error) => (exit = `could not start: ${error.message}`));
  const deadline = started + (options.timeoutMs ?? 60_000);
  while (!(await answers(`${url}${probePath}`))) {
    if (exit !== null || performance.now() > deadline) {
      await stopServer(child);
      throw new Error(`${exit ?? 'did not answer within 60 s'}; its stderr: ${stderr.trim() || '(nothing)'}`);
    }
    await sleep(10);
  }
  return { child, url, startupMs: performance.now() - started };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
