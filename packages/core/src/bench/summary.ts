/**
 * Reduces the per-round results to one line per (implementation, format). Medians, because the
 * shared machine is noisy (±15 % between runs); the ratio to the baseline is taken within each
 * round first, so a slow round slows both sides of the ratio alike.
 */
import { BASELINE_IMPL, type ImplName } from './impls.js';
import type { BenchFormat, RunResult } from './run-result.js';

export interface RoundResult extends RunResult {
  round: number;
}

export interface SummaryLine {
  impl: ImplName;
  format: BenchFormat;
  n: number;
  runs: number;
  rows_s: number;
  mb_s: number;
  max_rss_mb: number;
  /** Median over rounds of rows_s ÷ the baseline's rows_s in the same round and format; null without a pair. */
  vs_baseline: number | null;
}

export function summarise(results: RoundResult[], impls: ImplName[], formats: BenchFormat[]): SummaryLine[] {
  const lines: SummaryLine[] = [];
  for (const format of formats) {
    const baseline = new Map(results.filter((r) => r.format === format && r.impl === BASELINE_IMPL).map((r) => [r.round, r.rows_s]));
    for (const impl of impls) {
      const runs = results.filter((r) => r.format === format && r.impl === impl);
      if (!runs.length) continue;
      const ratios = runs.flatMap((r) => (baseline.has(r.round) ? [r.rows_s / baseline.get(r.round)!] : []));
      lines.push({
        impl,
        format,
        n: runs[0].n,
        runs: runs.length,
        rows_s: median(runs.map((r) => r.rows_s)),
        mb_s: median(runs.map((r) => r.mb_s)),
        max_rss_mb: median(runs.map((r) => r.max_rss_mb)),
        vs_baseline: ratios.length ? median(ratios) : null,
      });
    }
  }
  return lines;
}

export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
