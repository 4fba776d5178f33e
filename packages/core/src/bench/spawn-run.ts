/** Runs one measurement in a fresh Node process and reads back its result line. */
import { spawnSync } from 'node:child_process';
import { implCommand, type ImplName } from './impls.js';
import { childScript } from './paths.js';
import type { BenchFormat, RunResult, StartupResult } from './run-result.js';

export type Outcome<T> = { ok: true; result: T } | { ok: false; error: string };
export type RunOutcome = Outcome<RunResult>;

export function spawnRun(impl: ImplName, format: BenchFormat, n: number): RunOutcome {
  const { script, args } = implCommand(impl);
  return spawnChild<RunResult>(script, [...args, '--format', format, '--n', String(n)]);
}

/** `threads` worker threads started one after another in one fresh process (worker-startup.ts). */
export function spawnStartup(format: BenchFormat, threads: number): Outcome<StartupResult> {
  return spawnChild<StartupResult>(childScript('worker-startup'), ['--format', format, '--n', String(threads)]);
}

/** The child's last stdout line, parsed as JSON. */
function spawnChild<T>(script: string, args: string[]): Outcome<T> {
  const child = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) {
    const why = child.error?.message ?? child.stderr.trim().split('\n').slice(-3).join(' | ');
    return { ok: false, error: `exit ${child.status ?? child.signal}: ${why}` };
  }
  const line = child.stdout.trim().split('\n').pop() ?? '';
  try {
    return { ok: true, result: JSON.parse(line) as T };
  } catch {
    return { ok: false, error: `no result line in output: ${line.slice(0, 200)}` };
  }
}
