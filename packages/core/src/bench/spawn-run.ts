/** Runs one measurement in a fresh Node process and reads back its result line. */
import { spawnSync } from 'node:child_process';
import { implCommand, type ImplName } from './impls.js';
import type { BenchFormat, RunResult } from './run-result.js';

export type RunOutcome = { ok: true; result: RunResult } | { ok: false; error: string };

export function spawnRun(impl: ImplName, format: BenchFormat, n: number): RunOutcome {
  const { script, args } = implCommand(impl);
  const child = spawnSync(process.execPath, [script, ...args, '--format', format, '--n', String(n)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) {
    const why = child.error?.message ?? child.stderr.trim().split('\n').slice(-3).join(' | ');
    return { ok: false, error: `exit ${child.status ?? child.signal}: ${why}` };
  }
  const line = child.stdout.trim().split('\n').pop() ?? '';
  try {
    return { ok: true, result: JSON.parse(line) as RunResult };
  } catch {
    return { ok: false, error: `no result line in output: ${line.slice(0, 200)}` };
  }
}
