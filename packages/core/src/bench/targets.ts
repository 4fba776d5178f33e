/**
 * Rowloom's performance targets (docs/benchmarks.md), checked against a finished benchmark. Every ratio
 * is the median of per-round ratios (summary.ts), so it holds on a noisy machine; absolute
 * rows/s are medians and move with the machine's load.
 */
import type { RunResult, StartupResult } from './run-result.js';
import { median, pairedRatio, type RoundResult, type SummaryLine } from './summary.js';

/** Standard schema, one thread, CSV and JSON. */
export const TARGET_ROWS_S = 1_000_000;
/** Standard schema, one thread, ÷ the anchors of the same round and format. */
export const TARGET_VS_TUNED = 0.85;
export const TARGET_VS_TYPICAL = 12;
/** rowloom-all ÷ rowloom-1 in the same round and format. */
export const TARGET_SCALING = 1.7;
/** One thread: the standard schema with its last field a formula; ten formula fields. */
const FORMULA_TARGETS: Record<string, number> = { 'rowloom-formula': 1_000_000, 'rowloom-ten-formulas': 600_000 };
/** Peak RSS in MB (10^6 bytes); max_rss_mb is MiB, converted before comparing. */
export const TARGET_RSS_MB = 200;
/** A worker thread's own start-up: import + compile + samplers, to its first row. */
export const TARGET_STARTUP_MS = 50;

export interface TargetCheck {
  target: string;
  measured: string;
  /** null when the runs needed to judge it were not part of this benchmark. */
  met: boolean | null;
}

export interface TargetInputs {
  summary: SummaryLine[];
  results: RoundResult[];
  big: RunResult[];
  startup: StartupResult[];
}

const int = (x: number) => Math.round(x).toLocaleString('en-US');
const mibToMb = (mib: number) => (mib * 1024 * 1024) / 1e6;

export function checkTargets(inputs: TargetInputs): TargetCheck[] {
  return [
    ...throughputChecks(inputs),
    ...ratioChecks(inputs),
    ...formulaChecks(inputs.summary),
    ...memoryChecks(inputs),
    startupCheck(inputs.startup),
  ];
}

function throughputChecks({ summary }: TargetInputs): TargetCheck[] {
  return (['csv', 'json'] as const).map((format) => {
    const line = summary.find((s) => s.impl === 'rowloom-1' && s.format === format);
    return {
      target: `rowloom-1 ${format} >= ${int(TARGET_ROWS_S)} rows/s`,
      measured: line ? `${int(line.rows_s)} rows/s (N=${int(line.n)})` : 'not run',
      met: line ? line.rows_s >= TARGET_ROWS_S : null,
    };
  });
}

function ratioChecks({ summary, results }: TargetInputs): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const ratio = (label: string, value: number | null, target: number) =>
    checks.push({
      target: `${label} >= ${target}x`,
      measured: value === null ? 'not run' : `${value.toFixed(2)}x (median of per-round ratios)`,
      met: value === null ? null : value >= target,
    });
  for (const format of ['csv', 'json'] as const) {
    const line = summary.find((s) => s.impl === 'rowloom-1' && s.format === format);
    ratio(`rowloom-1 ${format} ÷ faker-tuned`, line?.vs['faker-tuned'] ?? null, TARGET_VS_TUNED);
    ratio(`rowloom-1 ${format} ÷ faker-typical`, line?.vs['faker-typical'] ?? null, TARGET_VS_TYPICAL);
    ratio(
      `rowloom-all ${format} ÷ rowloom-1`,
      pairedRatio(results, 'rowloom-all', 'rowloom-1', format),
      TARGET_SCALING,
    );
  }
  return checks;
}

function formulaChecks(summary: SummaryLine[]): TargetCheck[] {
  return Object.entries(FORMULA_TARGETS).flatMap(([impl, target]) =>
    summary
      .filter((s) => s.impl === impl)
      .map((line) => ({
        target: `${impl} ${line.format} >= ${int(target)} rows/s`,
        measured: `${int(line.rows_s)} rows/s (N=${int(line.n)})`,
        met: line.rows_s >= target,
      })),
  );
}

/** Every Rowloom run, judged on its worst round: a memory target is a ceiling, not a typical value. */
function memoryChecks({ summary, big }: TargetInputs): TargetCheck[] {
  const runs = [
    ...summary
      .filter((s) => s.impl.startsWith('rowloom-'))
      .map((s) => ({ label: `${s.impl} ${s.format} N=${int(s.n)}`, mib: s.max_rss_mb_worst })),
    ...big.map((r) => ({ label: `${r.impl} ${r.format} N=${int(r.n)}`, mib: r.max_rss_mb })),
  ];
  return runs.map(({ label, mib }) => ({
    target: `${label} peak RSS < ${TARGET_RSS_MB} MB`,
    measured: `${mibToMb(mib).toFixed(0)} MB (${mib.toFixed(0)} MiB)`,
    met: mibToMb(mib) < TARGET_RSS_MB,
  }));
}

function startupCheck(startup: StartupResult[]): TargetCheck {
  const own = startup.flatMap((s) => s.samples.map(([online, ready]) => ready - online));
  const target = `worker start-up (import + compile + samplers, to the first row) < ${TARGET_STARTUP_MS} ms`;
  if (!own.length) return { target, measured: 'not run', met: null };
  const total = startup.flatMap((s) => s.samples.map(([, ready]) => ready));
  return {
    target,
    measured: `${median(own).toFixed(1)} ms (median of ${own.length} threads; ${median(total).toFixed(1)} ms from new Worker())`,
    met: median(own) < TARGET_STARTUP_MS,
  };
}
