/**
 * `npm run bench:server-memory`: the server's peak memory while one client downloads a big
 * generation (10 million rows of the standard schema by default) through POST /api/generate, in
 * CSV and JSON, as it is (no Accept-Encoding) and gzip-coded (--codings identity,gzip). Each
 * case starts a fresh server (server-child.ts: the real app on SQLite, the unlimited plan, no
 * time limit) so its high-water mark is its own; the client reads as fast as it can in this
 * process and counts the bytes.
 *
 * The peak is the server process's VmHWM (Linux's high-water mark of resident memory, every
 * thread included), read once the response has ended; "idle" is the mark once the server
 * listens, before the request; "threads" the most threads the process had (sampled every 20 ms:
 * the generation threads show here). Options: --n ROWS, --formats csv,json, --codings
 * identity,gzip, --runs N (medians), --max-workers N (ROWLOOM_MAX_WORKERS). The server child
 * inherits this process's environment (NODE_OPTIONS, other ROWLOOM_* settings).
 */
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { peakRssBytes, startServerChild, stopServerChild } from './server-process.js';

const CODINGS = ['identity', 'gzip'] as const;
type Coding = (typeof CODINGS)[number];

interface Options {
  n: number;
  formats: string[];
  codings: Coding[];
  runs: number;
  maxWorkers: number | null;
}

function options(argv: string[]): Options {
  const result: Options = { n: 10_000_000, formats: ['csv', 'json'], codings: ['identity'], runs: 1, maxWorkers: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--n') result.n = Number(argv[++i]);
    else if (argv[i] === '--formats') result.formats = argv[++i].split(',');
    else if (argv[i] === '--codings') result.codings = argv[++i].split(',').map(codingOption);
    else if (argv[i] === '--runs') result.runs = Number(argv[++i]);
    else if (argv[i] === '--max-workers') result.maxWorkers = Number(argv[++i]);
    else if (argv[i] === '--help') {
      process.stdout.write(
        'npm run bench:server-memory -- [--n ROWS] [--formats csv,json] [--codings identity,gzip] [--runs N] [--max-workers N]\n',
      );
      process.exit(0);
    } else throw new Error(`unknown option ${argv[i]}; see --help`);
  }
  if (!Number.isSafeInteger(result.n) || result.n < 1) throw new Error('--n must be a whole number of rows');
  if (!Number.isSafeInteger(result.runs) || result.runs < 1) throw new Error('--runs must be a whole number above 0');
  return result;
}

function codingOption(name: string): Coding {
  if (!(CODINGS as readonly string[]).includes(name))
    throw new Error(`--codings: ${name} is not one of ${CODINGS.join(', ')}`);
  return name as Coding;
}

/** Downloads the rows, reading as fast as this process can; resolves with the bytes received. */
function download(
  url: string,
  key: string,
  format: string,
  n: number,
  coding: Coding,
  fields: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(`/api/generate.${format}?count=${n}&seed=42&key=${key}`, url);
    const call = request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': coding },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`status ${response.statusCode}`));
          response.resume();
          return;
        }
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(fields);
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const MIB = 1024 * 1024;

/** The process's threads now (main, libuv's, V8's and the generation threads); 0 where /proc is missing. */
function threadCount(pid: number): number {
  try {
    return Number(/Threads:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const { n, formats, codings, runs, maxWorkers } = options(process.argv.slice(2));
  const env = { ROWLOOM_TIME_LIMIT_SECONDS: '0', ...(maxWorkers ? { ROWLOOM_MAX_WORKERS: String(maxWorkers) } : {}) };
  const fields = readFileSync(
    fileURLToPath(new URL('../bench/standard-schema.json', import.meta.resolve('@rowloom/core'))),
    'utf8',
  );
  process.stdout.write(
    `| format | coding | idle RSS | peak RSS | threads | bytes | rows/s |\n|---|---|---|---|---|---|---|\n`,
  );
  for (const format of formats) {
    for (const coding of codings) {
      const idle: number[] = [];
      const peaks: number[] = [];
      const speeds: number[] = [];
      let threads = 0;
      let size = 0;
      for (let run = 0; run < runs; run++) {
        const { child, ready } = await startServerChild(env);
        const sampler = setInterval(() => (threads = Math.max(threads, threadCount(child.pid!))), 20);
        try {
          idle.push(peakRssBytes(child) ?? 0);
          const started = performance.now();
          size = await download(ready.url, ready.key, format, n, coding, fields);
          speeds.push(n / ((performance.now() - started) / 1000));
          peaks.push(peakRssBytes(child) ?? 0);
        } finally {
          clearInterval(sampler);
          await stopServerChild(child);
        }
      }
      process.stdout.write(
        `| ${format} | ${coding} | ${Math.round(median(idle) / MIB)} MiB | ${Math.round(median(peaks) / MIB)} MiB | ${threads} | ${size.toLocaleString('en')} | ${Math.round(median(speeds)).toLocaleString('en')} |\n`,
      );
    }
  }
}

await main();
