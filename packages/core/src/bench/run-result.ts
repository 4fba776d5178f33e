/**
 * The one JSON line every benchmark child prints, and how a child produces it. Keeping the
 * figures' definitions in one place is what makes runs of different implementations comparable.
 */
export const BENCH_FORMATS = ['csv', 'json'] as const;
export type BenchFormat = (typeof BENCH_FORMATS)[number];

export interface RunResult {
  impl: string;
  format: BenchFormat;
  n: number;
  /** From after the child's module imports to the sink's 'finish'. */
  seconds: number;
  rows_s: number;
  /** Bytes written / 1e6 / seconds. */
  mb_s: number;
  /** Peak resident set of the whole child process (worker threads included), in MiB. */
  max_rss_mb: number;
  bytes: number;
}

/** What the worker start-up child (worker-startup.ts) prints; times in ms from `new Worker()`. */
export interface StartupResult {
  impl: 'worker-startup';
  format: string;
  /** Threads started. */
  n: number;
  online_ms: number;
  ready_ms: number;
  /** Median over threads of ready_ms - online_ms (not the difference of the medians). */
  own_ms: number;
  /** Every thread's [online_ms, ready_ms], in start order. */
  samples: [number, number][];
  /** Medians over as many threads running worker-startup-split.ts: where the start-up goes. */
  split: StartupSplit;
}

/** One split thread's steps, in ms (running_ms from `new Worker()`, the rest each step's own). */
export interface StartupSplit {
  /** Our module runs (Node's thread start-up and this small module's load). */
  running_ms: number;
  /** The engine's worker modules imported (the type catalogue and its data come with them). */
  import_ms: number;
  /** Schema compiled, row engine and writer made. */
  compile_ms: number;
  /** One row made and encoded (lazily loaded tables and samplers included). */
  first_row_ms: number;
  row_bytes: number;
}

/** Call once the sink has finished; `t0` is process.hrtime.bigint() taken right after the imports. */
export function reportRun(impl: string, format: BenchFormat, n: number, t0: bigint, bytes: number): RunResult {
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const result: RunResult = {
    impl,
    format,
    n,
    seconds: round(seconds, 3),
    rows_s: Math.round(n / seconds),
    mb_s: round(bytes / 1e6 / seconds, 1),
    // resourceUsage().maxRSS is in KiB.
    max_rss_mb: round(process.resourceUsage().maxRSS / 1024, 1),
    bytes,
  };
  process.stdout.write(JSON.stringify(result) + '\n');
  return result;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
