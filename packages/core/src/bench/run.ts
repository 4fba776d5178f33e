/**
 * `npm run bench`: Rowloom on the standard 10-field schema against three anchors measured in
 * the same run: typical faker usage, a hand-tuned faker script and the bare-loop ceiling.
 * Every measurement is a fresh child process (so peak RSS belongs to that run alone); see
 * options.ts for the command line and docs/benchmarks.md for the method.
 */
import { randomInt } from 'node:crypto';
import { availableParallelism, cpus } from 'node:os';
import type { ImplName } from './impls.js';
import { parseBenchOptions, USAGE, type BenchOptions } from './options.js';
import { renderReport, type BenchReport } from './report-table.js';
import type { BenchFormat, RunResult, StartupResult } from './run-result.js';
import { spawnRun, spawnStartup } from './spawn-run.js';
import { summarise, type RoundResult } from './summary.js';
import { checkTargets } from './targets.js';

/** The memory target covers 1M and 10M rows on one thread and on all cores. */
const BIG_IMPLS: ImplName[] = ['rowloom-1', 'rowloom-all'];
/** Threads per start-up child: enough for a median, few enough to take about a second. */
const STARTUP_THREADS = 5;

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
    progress(
      `${label} ${impl} ${format} N=${n}: ${Math.round(r.rows_s).toLocaleString('en-US')} rows/s, ${r.mb_s} MB/s, RSS ${r.max_rss_mb} MiB, ${r.seconds} s`,
    );
    return r;
  };

  const measureStartup = (label: string, format: BenchFormat): StartupResult | null => {
    const outcome = spawnStartup(format, STARTUP_THREADS);
    if (!outcome.ok) {
      failures.push(`${label} worker-startup: ${outcome.error}`);
      progress(`${label} worker-startup: FAILED ${outcome.error}`);
      return null;
    }
    const s = outcome.result;
    progress(
      `${label} worker-startup ${s.n} threads: online ${s.online_ms} ms, first row ${s.ready_ms} ms, own ${s.own_ms} ms`,
    );
    return s;
  };

  const results: RoundResult[] = [];
  const startup: StartupResult[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const label = `round ${round}/${options.rounds}`;
    for (const format of options.formats) {
      for (const impl of shuffled(options.impls)) {
        const r = measure(label, impl, format, options.n);
        if (r) results.push({ ...r, round });
      }
    }
    // Start-up hardly depends on the format (the writer is made in microseconds): the first one.
    const s = options.startup ? measureStartup(label, options.formats[0]) : null;
    if (s) startup.push(s);
  }
  const big: RunResult[] = [];
  if (options.big) {
    for (const format of options.formats) {
      for (const impl of BIG_IMPLS.filter((i) => options.impls.includes(i))) {
        const r = measure('big', impl, format, options.bigN);
        if (r) big.push(r);
      }
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
    results,
    big,
    startup,
    targets: checkTargets({ summary, results, big, startup }),
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
