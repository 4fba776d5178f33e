/**
 * `npm run bench:server`: the HTTP service under concurrent load on loopback. POST
 * /api/generate.{json,csv} of the standard schema at count 100 and 5000, via autocannon;
 * requests/s, p50/p99 latency, rows/s, and rows/s as a fraction of the engine's own
 * single-thread rows/s measured first in the same run (same schema and format, to /dev/null).
 *
 * The server runs in a child process, as a deployment would: the load generator then has its own
 * event loop and core instead of stealing the server's, so the figures are the server's. Each
 * generate request runs on one of the server's shared generation threads, hence the
 * single-thread engine baseline.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { OutputFormat } from '@rowloom/core';
import { engineRowsPerSecond } from './engine-baseline.js';
import { runLoad, type LoadResult } from './http-load.js';
import { parseServerBenchOptions, USAGE } from './server-bench-options.js';
import { startServerChild, stopServerChild } from './server-process.js';

const FORMATS: OutputFormat[] = ['json', 'csv'];
const COUNTS = [100, 5000];

interface CaseResult extends LoadResult {
  format: OutputFormat;
  count: number;
  connections: number;
  rowsPerSecond: number;
  engineRowsPerSecond: number;
  /** rowsPerSecond ÷ engineRowsPerSecond. */
  ratio: number;
}

/** The 10-field workload of `npm run bench`, shipped in @rowloom/core's bench/ directory. */
function standardSchema(): string {
  const path = fileURLToPath(new URL('../bench/standard-schema.json', import.meta.resolve('@rowloom/core')));
  return JSON.stringify(JSON.parse(readFileSync(path, 'utf8')));
}

const int = (x: number) => Math.round(x).toLocaleString('en-US');

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  return [line(head), `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n');
}

function render(results: CaseResult[], engine: Record<string, number>, engineRows: number, duration: number): string {
  const out = [
    `Rowloom server bench — Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${new Date().toISOString()}`,
    `Server: child process, SQLite, unlimited plan; load: autocannon on loopback, ${duration} s per case, POST with the standard schema (10 fields).`,
    `Engine baseline (generate() on one thread to /dev/null, ${int(engineRows)} rows): ${FORMATS.map((f) => `${f} ${int(engine[f])} rows/s`).join(', ')}`,
    '',
    table(
      ['endpoint', 'count', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'MB/s', 'rows/s', 'engine rows/s', 'server/engine', 'failed'],
      results.map((r) => [
        `generate.${r.format}`,
        int(r.count),
        String(r.connections),
        r.requestsPerSecond.toFixed(r.requestsPerSecond < 100 ? 1 : 0),
        String(r.p50Ms),
        String(r.p99Ms),
        (r.bytesPerSecond / 1e6).toFixed(1),
        int(r.rowsPerSecond),
        int(r.engineRowsPerSecond),
        r.ratio.toFixed(2),
        String(r.failed),
      ]),
    ),
  ];
  return out.join('\n');
}

async function main(): Promise<void> {
  const options = parseServerBenchOptions(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const body = standardSchema();
  const fields = JSON.parse(body) as unknown[];

  // First, with nothing else running: the engine alone.
  const engine: Record<string, number> = {};
  for (const format of FORMATS) {
    process.stderr.write(`engine ${format}, ${int(options.engineRows)} rows on one thread...\n`);
    engine[format] = await engineRowsPerSecond(fields, format, options.engineRows);
  }

  const { child, ready } = await startServerChild();
  const results: CaseResult[] = [];
  try {
    for (const format of FORMATS) {
      for (const count of COUNTS) {
        const url = `${ready.url}/api/generate.${format}?key=${ready.key}&count=${count}`;
        if (options.warmup > 0) await runLoad({ url, body, connections: options.connections, duration: options.warmup });
        process.stderr.write(`generate.${format} count ${count}: ${options.duration} s, ${options.connections} connections...\n`);
        const load = await runLoad({ url, body, connections: options.connections, duration: options.duration });
        const rowsPerSecond = load.requestsPerSecond * count;
        results.push({ ...load, format, count, connections: options.connections, rowsPerSecond, engineRowsPerSecond: engine[format], ratio: rowsPerSecond / engine[format] });
      }
    }
  } finally {
    await stopServerChild(child);
  }

  process.stdout.write(
    options.json
      ? `${JSON.stringify({ node: process.version, cpus: availableParallelism(), engineRows: options.engineRows, engine, results }, null, 2)}\n`
      : `${render(results, engine, options.engineRows, options.duration)}\n`,
  );
  const spoiled = results.filter((r) => r.failed > 0 || r.ok === 0);
  if (spoiled.length) {
    process.stderr.write(`\nFAILED: ${spoiled.map((r) => `generate.${r.format} count ${r.count}: ${r.failed} failed, ${r.ok} ok`).join('; ')}\n`);
    process.exitCode = 1;
  }
}

await main();
