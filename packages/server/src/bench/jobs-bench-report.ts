/**
 * What `npm run bench:jobs` found: each run's record, the medians and ratios per worker count,
 * and the report printed from them (jobs-bench.ts makes the runs).
 */

/** What the summaries need of the command's options. */
export interface ReportOptions {
  rows: number;
  workers: number[];
  repeat: number;
  shardRows: number;
  schema: string;
}

export interface CliRun {
  kind: 'cli';
  workers: number;
  round: number;
  seconds: number;
  peakMb: number;
  cpuSeconds: number;
  hash: string;
  bytes: number;
}

export interface DistributedRun {
  kind: 'distributed';
  workers: number;
  round: number;
  seconds: number;
  workerPeakMb: number[];
  /** CPU seconds of the workers (together) during the run, and of the submitting process. */
  workerCpuSeconds: number;
  submitterCpuSeconds: number;
  redisCommands: number;
  assembleSeconds: number;
  deliverSeconds: number;
  delivered: string;
  hash: string;
}

/** The same job through the API (jobs-bench-api.ts): POST /api/downloads until its status is done. */
export interface ApiRun {
  kind: 'api';
  workers: number;
  round: number;
  seconds: number;
  workerCpuSeconds: number;
  serverCpuSeconds: number;
  hash: string;
}

export type Run = CliRun | DistributedRun | ApiRun;

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface Summary {
  workers: number;
  cliSeconds: number;
  distributedSeconds: number;
  /** Ratio of the medians, as a percentage over the CLI. */
  overheadPercent: number;
  /** Each round's own distributed/CLI ratio: the spread. */
  roundOverheadsPercent: number[];
  cliPeakMb: number;
  workerPeakMb: number;
  /** CPU seconds per million rows: the CLI's, the workers' together, the submitter's. */
  cliCpuPerMillion: number;
  workerCpuPerMillion: number;
  submitterCpuPerMillion: number;
  redisCommandsPerMillionRows: number;
  assembleSeconds: number;
  deliverSeconds: number;
  delivered: string;
  /** Speed-up over the first worker count (ratio of medians, and each round's), CLI and distributed. */
  cliSpeedup: number;
  cliRoundSpeedups: number[];
  distributedSpeedup: number;
  distributedRoundSpeedups: number[];
  /** Through the API: median seconds from the POST to done, overhead over the CLI (and each round's), CPU per million rows. */
  apiSeconds: number;
  apiOverheadPercent: number;
  apiRoundOverheadsPercent: number[];
  apiWorkerCpuPerMillion: number;
  apiServerCpuPerMillion: number;
}

export function summarize(o: ReportOptions, runs: Run[]): Summary[] {
  const of = <K extends Run['kind']>(kind: K, workers: number) =>
    runs.filter((r): r is Extract<Run, { kind: K }> => r.kind === kind && r.workers === workers);
  const base = o.workers[0]!;
  const roundRatios = (kind: Run['kind'], numerator: number, denominator: number, field: (run: Run) => number) =>
    Array.from({ length: o.repeat }, (_, i) => {
      const a = of(kind, numerator).find((r) => r.round === i + 1);
      const b = of(kind, denominator).find((r) => r.round === i + 1);
      return a && b ? field(a) / field(b) : NaN;
    });
  return o.workers.map((workers) => {
    const cli = of('cli', workers);
    const distributed = of('distributed', workers);
    const cliSeconds = median(cli.map((r) => r.seconds));
    const distributedSeconds = median(distributed.map((r) => r.seconds));
    const api = of('api', workers);
    const apiSeconds = median(api.map((r) => r.seconds));
    const overheads = (runsOf: Run[]) =>
      Array.from({ length: o.repeat }, (_, i) => {
        const c = cli.find((r) => r.round === i + 1);
        const d = runsOf.find((r) => r.round === i + 1);
        return c && d ? (d.seconds / c.seconds - 1) * 100 : NaN;
      });
    const perMillion = (seconds: number[]) => median(seconds) / (o.rows / 1e6);
    const last = distributed.at(-1);
    return {
      workers,
      cliSeconds,
      distributedSeconds,
      overheadPercent: (distributedSeconds / cliSeconds - 1) * 100,
      roundOverheadsPercent: overheads(distributed),
      cliPeakMb: median(cli.map((r) => r.peakMb)),
      workerPeakMb: median(distributed.flatMap((r) => r.workerPeakMb)),
      cliCpuPerMillion: median(cli.map((r) => r.cpuSeconds)) / (o.rows / 1e6),
      workerCpuPerMillion: median(distributed.map((r) => r.workerCpuSeconds)) / (o.rows / 1e6),
      submitterCpuPerMillion: median(distributed.map((r) => r.submitterCpuSeconds)) / (o.rows / 1e6),
      redisCommandsPerMillionRows: median(distributed.map((r) => r.redisCommands)) / (o.rows / 1e6),
      assembleSeconds: median(distributed.map((r) => r.assembleSeconds)),
      deliverSeconds: median(distributed.map((r) => r.deliverSeconds)),
      delivered: last?.delivered ?? '?',
      cliSpeedup: median(of('cli', base).map((r) => r.seconds)) / cliSeconds,
      cliRoundSpeedups: roundRatios('cli', base, workers, (r) => r.seconds),
      distributedSpeedup: median(of('distributed', base).map((r) => r.seconds)) / distributedSeconds,
      distributedRoundSpeedups: roundRatios('distributed', base, workers, (r) => r.seconds),
      apiSeconds,
      apiOverheadPercent: (apiSeconds / cliSeconds - 1) * 100,
      apiRoundOverheadsPercent: overheads(api),
      apiWorkerCpuPerMillion: perMillion(api.map((r) => r.workerCpuSeconds)),
      apiServerCpuPerMillion: perMillion(api.map((r) => r.serverCpuSeconds)),
    };
  });
}

function runName(run: Run): string {
  if (run.kind === 'cli') return `CLI -w ${run.workers}`;
  return `${run.kind === 'api' ? 'through the API' : 'distributed'}, ${run.workers} worker(s)`;
}

export function report(
  o: ReportOptions,
  runs: Run[],
  summaries: Summary[],
  load: { before: number[]; during: number[] },
): string {
  const n = (x: number, digits = 0) =>
    Number.isFinite(x)
      ? x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
      : '-';
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${n(x, 1)}%`;
  const span = (xs: number[], format: (x: number) => string) => {
    const finite = xs.filter(Number.isFinite);
    return finite.length ? `${format(Math.min(...finite))} to ${format(Math.max(...finite))}` : '-';
  };
  const bytes = runs.find((r): r is CliRun => r.kind === 'cli')?.bytes ?? 0;
  const during = [...load.during].sort((a, b) => a - b);
  const lines = [
    `${n(o.rows)} rows of ${o.schema} to CSV (${n(bytes)} bytes, ${n(bytes / o.rows, 1)} bytes/row), shards of ${n(o.shardRows)}, ${o.repeat} alternated round(s)`,
    `load average (1 min): ${load.before.map((l) => l.toFixed(2)).join(' ')} before; during the runs median ${n(median(during), 2)}, ${n(during[0] ?? NaN, 2)} to ${n(during.at(-1) ?? NaN, 2)}`,
    '',
    'every run (s):',
    ...runs.map(
      (r) =>
        `  round ${r.round} ${runName(r)}: ${n(r.seconds, 2)}${r.kind === 'distributed' ? ` (assemble ${n(r.assembleSeconds, 2)}, deliver ${n(r.deliverSeconds, 2)} ${r.delivered})` : ''}`,
    ),
    '',
    'medians:',
    'W | CLI -w W s (rows/s, peak MB) | distributed s (rows/s) | overhead (rounds) | worker peak MB | Redis cmds / M rows | assemble s | deliver s (how)',
  ];
  for (const s of summaries) {
    lines.push(
      `${s.workers} | ${n(s.cliSeconds, 2)} (${n(o.rows / s.cliSeconds)}, ${n(s.cliPeakMb)}) | ${n(s.distributedSeconds, 2)} (${n(o.rows / s.distributedSeconds)}) | ` +
        `${signed(s.overheadPercent)} (${span(s.roundOverheadsPercent, signed)}) | ${n(s.workerPeakMb)} | ${n(s.redisCommandsPerMillionRows)} | ${n(s.assembleSeconds, 2)} | ${n(s.deliverSeconds, 2)} (${s.delivered})`,
    );
  }
  lines.push(
    '',
    'CPU seconds per million rows (user + system, all threads; medians): W | CLI | workers together | submitter | distributed / CLI',
  );
  for (const s of summaries) {
    const total = s.workerCpuPerMillion + s.submitterCpuPerMillion;
    lines.push(
      `${s.workers} | ${n(s.cliCpuPerMillion, 2)} | ${n(s.workerCpuPerMillion, 2)} | ${n(s.submitterCpuPerMillion, 2)} | ${signed((total / s.cliCpuPerMillion - 1) * 100)}`,
    );
  }
  lines.push(
    '',
    'through the API (POST /api/downloads until its status is done; the file is then served from its parts, never copied):',
    'W | s (rows/s) | overhead over the CLI (rounds) | CPU-s/M: workers / server | CPU, workers + server / CLI',
  );
  for (const s of summaries) {
    const total = s.apiWorkerCpuPerMillion + s.apiServerCpuPerMillion;
    lines.push(
      `${s.workers} | ${n(s.apiSeconds, 2)} (${n(o.rows / s.apiSeconds)}) | ${signed(s.apiOverheadPercent)} (${span(s.apiRoundOverheadsPercent, signed)}) | ` +
        `${n(s.apiWorkerCpuPerMillion, 2)} / ${n(s.apiServerCpuPerMillion, 2)} | ${signed((total / s.cliCpuPerMillion - 1) * 100)}`,
    );
  }
  for (const s of summaries.slice(1)) {
    const x = (v: number) => `x${n(v, 2)}`;
    lines.push(
      `${o.workers[0]} -> ${s.workers}: CLI ${x(s.cliSpeedup)} (rounds ${span(s.cliRoundSpeedups, x)}), distributed ${x(s.distributedSpeedup)} (rounds ${span(s.distributedRoundSpeedups, x)})`,
    );
  }
  const identical = runs.every((r) => r.hash === runs[0]!.hash);
  lines.push(`all ${runs.length} outputs byte-identical: ${identical ? 'yes' : 'NO'}`);
  return lines.join('\n') + '\n';
}
