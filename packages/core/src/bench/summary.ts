/**
 * Reduces the per-round results to one line per (implementation, format). Medians, because the
 * shared machine is noisy (±15 % between runs); every ratio is taken within each round first
 * (both sides measured minutes apart at most, in the same format), so a slow round slows both
 * sides of the ratio alike, and the median of those per-round ratios is what is reported.
 */
import { ANCHOR_IMPLS, type AnchorName, type ImplName } from './impls.js';
import type { BenchFormat, RunResult } from './run-result.js';

export interface RoundResult extends RunResult {
  round: number;
}

/** Median over rounds of rows_s ÷ the anchor's rows_s in the same round and format; null without a pair. */
export type AnchorRatios = Record<AnchorName, number | null>;

export interface SummaryLine {
  impl: ImplName;
  format: BenchFormat;
  n: number;
  runs: number;
  rows_s: number;
  mb_s: number;
  max_rss_mb: number;
  /** Highest peak RSS of the runs: a memory target is a ceiling, so it is judged on the worst run. */
  max_rss_mb_worst: number;
  vs: AnchorRatios;
}

export function summarise(results: RoundResult[], impls: ImplName[], formats: BenchFormat[]): SummaryLine[] {
  const lines: SummaryLine[] = [];
  for (const format of formats) {
    for (const impl of impls) {
      const runs = results.filter((r) => r.format === format && r.impl === impl);
      if (!runs.length) continue;
      const vs = Object.fromEntries(
        ANCHOR_IMPLS.map((anchor) => [anchor, pairedRatio(results, impl, anchor, format)]),
      ) as AnchorRatios;
      lines.push({
        impl,
        format,
        n: runs[0].n,
        runs: runs.length,
        rows_s: median(runs.map((r) => r.rows_s)),
        mb_s: median(runs.map((r) => r.mb_s)),
        max_rss_mb: median(runs.map((r) => r.max_rss_mb)),
        max_rss_mb_worst: Math.max(...runs.map((r) => r.max_rss_mb)),
        vs,
      });
    }
  }
  return lines;
}

/**
 * Median over the rounds that ran both of rows_s(numerator) ÷ rows_s(denominator), same format;
 * null when no round ran both.
 */
export function pairedRatio(
  results: RoundResult[],
  numerator: ImplName,
  denominator: ImplName,
  format: BenchFormat,
): number | null {
  const rate = (impl: ImplName) =>
    new Map(results.filter((r) => r.format === format && r.impl === impl).map((r) => [r.round, r.rows_s]));
  const below = rate(denominator);
  const ratios = [...rate(numerator)].flatMap(([round, rows]) => (below.has(round) ? [rows / below.get(round)!] : []));
  return ratios.length ? median(ratios) : null;
}

export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
