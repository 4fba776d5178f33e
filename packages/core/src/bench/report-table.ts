/** Human-readable rendering of a finished benchmark (the JSON form is the same data, unrendered). */
import { ANCHOR_IMPLS } from './impls.js';
import type { RunResult, StartupResult } from './run-result.js';
import type { RoundResult, SummaryLine } from './summary.js';
import type { TargetCheck } from './targets.js';

export interface BenchReport {
  node: string;
  cpus: number;
  cpuModel: string;
  date: string;
  rounds: number;
  summary: SummaryLine[];
  /** Every counted run, with its round: the summary's medians and ratios are computed from these. */
  results: RoundResult[];
  big: RunResult[];
  /** One worker start-up child per round. */
  startup: StartupResult[];
  targets: TargetCheck[];
  failures: string[];
}

const int = (x: number) => Math.round(x).toLocaleString('en-US');
/** Column heads of the ratios, in ANCHOR_IMPLS order. */
const RATIO_HEADS: Record<(typeof ANCHOR_IMPLS)[number], string> = {
  'faker-typical': '÷typical',
  'faker-tuned': '÷tuned',
  'bare-loop': '÷bare',
};

export function renderReport(report: BenchReport): string {
  const out: string[] = [];
  out.push(`Rowloom bench — Node ${report.node}, ${report.cpus} CPUs (${report.cpuModel}), ${report.date}`);
  out.push(`${report.rounds} round(s), medians. ÷typical, ÷tuned, ÷bare: median over rounds of rows/s ÷ the rows/s of`);
  out.push('faker-typical, faker-tuned and bare-loop in the same format and round.');
  out.push('');
  out.push(summaryTable(report.summary));
  if (report.big.length) {
    out.push('');
    out.push('Big runs (one each):');
    out.push(
      table(
        ['impl', 'format', 'N', 'rows/s', 'MB/s', 'peak RSS MiB', 'seconds'],
        report.big.map((r) => [
          r.impl,
          r.format,
          int(r.n),
          int(r.rows_s),
          r.mb_s.toFixed(1),
          r.max_rss_mb.toFixed(0),
          r.seconds.toFixed(1),
        ]),
      ),
    );
  }
  if (report.startup.length) {
    out.push('');
    out.push(
      'Worker start-up, standard schema, ms, medians per child. dist/bundles/generate-worker.cjs: from new Worker() to',
    );
    out.push('running JS (online) and to its first row back (ready); own = ready - online. Split (a thread taking');
    out.push('the same steps with a clock between them, worker-startup-split.ts): import, compile, first row.');
    out.push(
      table(
        ['child', 'format', 'threads', 'online', 'ready', 'own', 'import', 'compile', 'first row'],
        report.startup.map((s, i) => [
          `round ${i + 1}`,
          s.format,
          String(s.n),
          ...[s.online_ms, s.ready_ms, s.own_ms, s.split.import_ms, s.split.compile_ms, s.split.first_row_ms].map(
            (ms) => ms.toFixed(1),
          ),
        ]),
      ),
    );
  }
  out.push('');
  out.push('Targets:');
  for (const t of report.targets)
    out.push(`  [${t.met === null ? ' -  ' : t.met ? ' ok ' : 'MISS'}] ${t.target}: ${t.measured}`);
  if (report.failures.length) {
    out.push('');
    out.push('Failed runs:');
    for (const f of report.failures) out.push(`  ${f}`);
  }
  return out.join('\n');
}

function summaryTable(summary: SummaryLine[]): string {
  const ratio = (x: number | null) => (x === null ? '-' : x.toFixed(x < 1 ? 3 : x < 100 ? 2 : 1));
  return table(
    ['impl', 'format', 'N', 'rows/s', 'MB/s', 'peak RSS MiB', ...ANCHOR_IMPLS.map((a) => RATIO_HEADS[a]), 'runs'],
    summary.map((s) => [
      s.impl,
      s.format,
      int(s.n),
      int(s.rows_s),
      s.mb_s.toFixed(1),
      s.max_rss_mb.toFixed(0),
      ...ANCHOR_IMPLS.map((a) => ratio(s.vs[a])),
      String(s.runs),
    ]),
  );
}

/** Text columns: names left-aligned, figures right-aligned. */
function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const leftAligned = 2; // impl, format
  const cell = (text: string, i: number) => (i < leftAligned ? text.padEnd(widths[i]) : text.padStart(widths[i]));
  const line = (cells: string[]) => cells.map(cell).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
