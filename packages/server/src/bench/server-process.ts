/**
 * The server as a child process (server-child.ts), for the benchmark and the soak test: load
 * generated here then has its own event loop instead of stealing the server's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ServerChildReady } from './server-child.js';

/**
 * Starts the server with `env` added to this process's environment (ROWLOOM_* settings) and
 * `execArgv` given to Node (`--cpu-prof`).
 */
export async function startServerChild(
  env: Record<string, string> = {},
  execArgv: string[] = [],
): Promise<{ child: ChildProcess; ready: ServerChildReady }> {
  const script = fileURLToPath(new URL('./server-child.js', import.meta.url));
  const child = spawn(process.execPath, [...execArgv, script], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server child exited (code ${code}) before it was ready`))),
  );
  const firstLine = new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  const line = await Promise.race([firstLine, exited]);
  return { child, ready: JSON.parse(line) as ServerChildReady };
}

export async function stopServerChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin?.end(); // the child stops when its stdin closes
  await exited;
}

/** The child's peak resident memory (Linux VmHWM, threads included), in bytes; null where /proc is missing. */
export function peakRssBytes(child: ChildProcess): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
