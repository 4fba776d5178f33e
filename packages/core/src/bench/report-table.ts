/** Human-readable rendering of a finished benchmark (the JSON form is the same data, unrendered). */
import type { RunResult } from './run-result.js';
import type { SummaryLine } from './summary.js';
import type { TargetCheck } from './targets.js';

export interface BenchReport {
  node: string;
  cpus: number;
  cpuModel: string;
  date: string;
  rounds: number;
  summary: SummaryLine[];
  big: RunResult[];
  targets: TargetCheck[];
  failures: string[];
}

const int = (x: number) => Math.round(x).toLocaleString('en-US');

export function renderReport(report: BenchReport): string {
  const out: string[] = [];
  out.push(`Rowloom bench — Node ${report.node}, ${report.cpus} CPUs (${report.cpuModel}), ${report.date}`);
  out.push(`${report.rounds} round(s), medians; ×faker = median over rounds of rows/s ÷ faker-typical rows/s in the same round`);
  out.push('');
  out.push(
    table(
      ['impl', 'format', 'N', 'rows/s', 'MB/s', 'peak RSS MiB', '×faker', 'runs'],
      report.summary.map((s) => [s.impl, s.format, int(s.n), int(s.rows_s), s.mb_s.toFixed(1), s.max_rss_mb.toFixed(0), s.vs_baseline === null ? '-' : s.vs_baseline.toFixed(2), String(s.runs)]),
    ),
  );
  if (report.big.length) {
    out.push('');
    out.push('Big runs (one each):');
    out.push(table(['impl', 'format', 'N', 'rows/s', 'MB/s', 'peak RSS MiB', 'seconds'], report.big.map((r) => [r.impl, r.format, int(r.n), int(r.rows_s), r.mb_s.toFixed(1), r.max_rss_mb.toFixed(0), r.seconds.toFixed(1)])));
  }
  out.push('');
  out.push('Targets:');
  for (const t of report.targets) out.push(`  [${t.met === null ? ' -  ' : t.met ? ' ok ' : 'MISS'}] ${t.target}: ${t.measured}`);
  if (report.failures.length) {
    out.push('');
    out.push('Failed runs:');
    for (const f of report.failures) out.push(`  ${f}`);
  }
  return out.join('\n');
}

/** Text columns: names left-aligned, figures right-aligned. */
function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const leftAligned = 2; // impl, format
  const cell = (text: string, i: number) => (i < leftAligned ? text.padEnd(widths[i]) : text.padStart(widths[i]));
  const line = (cells: string[]) => cells.map(cell).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
