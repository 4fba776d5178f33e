/**
 * `npm run bench:memory`: the command line's peak memory (and rows/s) writing the standard schema
 * to each kind of destination, on one thread and on all cores, in CSV and JSON: the standard
 * output redirected to a file (a synchronous stream in Node), the standard output into a pipe,
 * and --out FILE. Memory must stay constant whatever the row count, so the figure that matters
 * is the peak at a large count (10 million rows by default; --n N, --formats csv,json; --sinks,
 * --threads and --runs pick the combinations and how many runs each median is of).
 *
 * The peak is the child's VmHWM (Linux's high-water mark of resident memory), read from /proc
 * every 20 ms until it exits: the mark only rises, so the last reading misses at most the growth
 * of its final 20 ms. The files go to a scratch directory that is removed at the end.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STANDARD_SCHEMA_PATH } from './paths.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../writers/writer.js';

const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url));
const SINKS = ['stdout to a file', 'stdout to a pipe', '--out FILE'] as const;
type Sink = (typeof SINKS)[number];

interface Options {
  n: number;
  formats: OutputFormat[];
  sinks: Sink[];
  threads: number[];
  /** Runs of each combination; the table shows their medians. */
  runs: number;
}

const SINK_NAMES: Record<string, Sink> = { file: 'stdout to a file', pipe: 'stdout to a pipe', out: '--out FILE' };

function options(argv: string[]): Options {
  const result: Options = {
    n: 10_000_000,
    formats: ['csv', 'json'],
    sinks: [...SINKS],
    threads: [1, availableParallelism()],
    runs: 1,
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--n') result.n = Number(argv[++i]);
    else if (argv[i] === '--formats') result.formats = argv[++i].split(',').map(formatOption);
    else if (argv[i] === '--sinks') result.sinks = argv[++i].split(',').map(sinkOption);
    else if (argv[i] === '--threads') result.threads = argv[++i].split(',').map(Number);
    else if (argv[i] === '--runs') result.runs = Number(argv[++i]);
    else if (argv[i] === '--help') {
      process.stdout.write(
        `npm run bench:memory -- [--n ROWS] [--formats ${OUTPUT_FORMATS.join(',')}] [--sinks file,pipe,out] [--threads 1,2] [--runs N]\n`,
      );
      process.exit(0);
    } else throw new Error(`unknown option ${argv[i]}; see --help`);
  }
  if (!Number.isSafeInteger(result.n) || result.n < 1) throw new Error('--n must be a whole number of rows');
  if (!Number.isSafeInteger(result.runs) || result.runs < 1) throw new Error('--runs must be a whole number above 0');
  if (result.threads.some((t) => !Number.isSafeInteger(t) || t < 1))
    throw new Error('--threads must be whole numbers above 0');
  return result;
}

function formatOption(name: string): OutputFormat {
  if ((OUTPUT_FORMATS as readonly string[]).includes(name)) return name as OutputFormat;
  throw new Error(`--formats: "${name}" is not one of ${OUTPUT_FORMATS.join(', ')}`);
}

function sinkOption(name: string): Sink {
  if (Object.hasOwn(SINK_NAMES, name)) return SINK_NAMES[name];
  throw new Error(`--sinks: "${name}" is not one of ${Object.keys(SINK_NAMES).join(', ')}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** Kibibytes of the process's peak resident memory, or null once it is gone. */
function highWaterKib(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

async function run(
  sink: Sink,
  format: string,
  workers: number,
  n: number,
  scratch: string,
): Promise<{ peakMib: number; rowsPerSecond: number }> {
  const file = join(scratch, `out.${format}`);
  const args = [
    CLI,
    'generate',
    STANDARD_SCHEMA_PATH,
    '--count',
    String(n),
    '--format',
    format,
    '--seed',
    'memory',
    '--workers',
    String(workers),
    '--quiet',
  ];
  if (sink === '--out FILE') args.push('--out', file);
  const fd = sink === 'stdout to a file' ? openSync(file, 'w') : null;
  const stdout = fd ?? (sink === 'stdout to a pipe' ? 'pipe' : 'ignore');
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', stdout, 'inherit'] });
  child.stdout?.resume();
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, highWaterKib(child.pid!) ?? 0)), 20);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  if (fd !== null) closeSync(fd);
  if (code !== 0) throw new Error(`rowloom generate exited with ${code} (${sink}, ${format}, ${workers} workers)`);
  return { peakMib: Math.round(peak / 1024), rowsPerSecond: Math.round(n / ((performance.now() - started) / 1000)) };
}

const { n, formats, sinks, threads, runs } = options(process.argv.slice(2));
const scratch = mkdtempSync(join(tmpdir(), 'rowloom-bench-memory-'));
const of = runs > 1 ? `, medians of ${runs} runs` : '';
process.stdout.write(
  `Peak resident memory of rowloom generate, ${n.toLocaleString('en')} rows of the standard schema${of} (load average ${loadavg()[0].toFixed(2)} at the start)\n\n`,
);
process.stdout.write('| destination | format | threads | peak RSS | rows/s |\n|---|---|---|---|---|\n');
try {
  for (const format of formats) {
    for (const workers of threads) {
      for (const sink of sinks) {
        const results = [];
        for (let i = 0; i < runs; i++) results.push(await run(sink, format, workers, n, scratch));
        const peakMib = median(results.map((r) => r.peakMib));
        const rowsPerSecond = median(results.map((r) => r.rowsPerSecond));
        process.stdout.write(
          `| ${sink} | ${format} | ${workers} | ${peakMib} MiB | ${rowsPerSecond.toLocaleString('en')} |\n`,
        );
      }
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.stdout.write(`\n(load average ${loadavg()[0].toFixed(2)} at the end)\n`);
