/** Rowloom's performance targets, checked against a finished benchmark. */
import type { RunResult } from './run-result.js';
import type { SummaryLine } from './summary.js';

export const TARGET_ROWS_S = 1_000_000;
/** The formula issue's targets, one thread: the standard schema with a formula, ten formula fields. */
const FORMULA_TARGETS: Record<string, number> = { 'rowloom-formula': 1_000_000, 'rowloom-ten-formulas': 500_000 };
/** Compared with max_rss_mb, i.e. maxRSS / 1024. */
export const TARGET_RSS_MB = 200;

export interface TargetCheck {
  target: string;
  measured: string;
  /** null when the runs needed to judge it were not part of this benchmark. */
  met: boolean | null;
}

export function checkTargets(summary: SummaryLine[], big: RunResult[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const format of ['csv', 'json'] as const) {
    const line = summary.find((s) => s.impl === 'rowloom-1' && s.format === format);
    checks.push({
      target: `rowloom-1 ${format} >= ${TARGET_ROWS_S.toLocaleString('en-US')} rows/s`,
      measured: line ? `${Math.round(line.rows_s).toLocaleString('en-US')} rows/s (N=${line.n.toLocaleString('en-US')})` : 'not run',
      met: line ? line.rows_s >= TARGET_ROWS_S : null,
    });
  }
  for (const [impl, target] of Object.entries(FORMULA_TARGETS)) {
    for (const line of summary.filter((s) => s.impl === impl)) {
      checks.push({
        target: `${impl} ${line.format} >= ${target.toLocaleString('en-US')} rows/s`,
        measured: `${Math.round(line.rows_s).toLocaleString('en-US')} rows/s (N=${line.n.toLocaleString('en-US')})`,
        met: line.rows_s >= target,
      });
    }
  }
  const rowloomRuns = [
    ...summary.filter((s) => s.impl !== 'faker-typical').map((s) => ({ label: `${s.impl} ${s.format} N=${s.n.toLocaleString('en-US')}`, rss: s.max_rss_mb })),
    ...big.map((r) => ({ label: `${r.impl} ${r.format} N=${r.n.toLocaleString('en-US')}`, rss: r.max_rss_mb })),
  ];
  for (const run of rowloomRuns) {
    checks.push({ target: `${run.label} peak RSS < ${TARGET_RSS_MB} MB`, measured: `${run.rss.toFixed(0)} MiB`, met: run.rss < TARGET_RSS_MB });
  }
  return checks;
}
