/**
 * `npm run bench`: Rowloom vs typical faker usage on the standard 10-field schema.
 * Every measurement is a fresh child process (so peak RSS belongs to that run alone); see
 * options.ts for the command line.
 */
import { randomInt } from 'node:crypto';
import { availableParallelism, cpus } from 'node:os';
import type { ImplName } from './impls.js';
import { parseBenchOptions, USAGE, type BenchOptions } from './options.js';
import { renderReport, type BenchReport } from './report-table.js';
import type { BenchFormat, RunResult } from './run-result.js';
import { spawnRun } from './spawn-run.js';
import { summarise, type RoundResult } from './summary.js';
import { checkTargets } from './targets.js';

function main(): void {
  let options: BenchOptions;
  try {
    options = parseBenchOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    process.stdout.write(USAGE + '\n');
    return;
  }

  const failures: string[] = [];
  const measure = (label: string, impl: ImplName, format: BenchFormat, n: number): RunResult | null => {
    const outcome = spawnRun(impl, format, n);
    if (!outcome.ok) {
      failures.push(`${label} ${impl} ${format} N=${n}: ${outcome.error}`);
      progress(`${label} ${impl} ${format}: FAILED ${outcome.error}`);
      return null;
    }
    const r = outcome.result;
    progress(`${label} ${impl} ${format} N=${n}: ${Math.round(r.rows_s).toLocaleString('en-US')} rows/s, ${r.mb_s} MB/s, RSS ${r.max_rss_mb} MiB, ${r.seconds} s`);
    return r;
  };

  const results: RoundResult[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    for (const format of options.formats) {
      for (const impl of shuffled(options.impls)) {
        const r = measure(`round ${round}/${options.rounds}`, impl, format, options.n);
        if (r) results.push({ ...r, round });
      }
    }
  }
  const big: RunResult[] = [];
  if (options.big) {
    for (const format of options.formats) {
      const r = measure('big', 'rowloom-1', format, options.bigN);
      if (r) big.push(r);
    }
  }

  const summary = summarise(results, options.impls, options.formats);
  const report: BenchReport = {
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    date: new Date().toISOString(),
    rounds: options.rounds,
    summary,
    big,
    targets: checkTargets(summary, big),
    failures,
  };
  process.stdout.write((options.json ? JSON.stringify(report, null, 2) : renderReport(report)) + '\n');
  if (failures.length) process.exitCode = 1;
}

function progress(text: string): void {
  process.stderr.write(text + '\n');
}

/** A fresh order per round, so no implementation always runs right after a heavy one. */
function shuffled<T>(items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

main();
