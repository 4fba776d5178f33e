/**
 * `npm run bench:server`: the HTTP service under concurrent load on loopback. POST
 * /api/generate.{json,csv} of the standard schema at count 100 and 5000, via autocannon;
 * requests/s, p50/p99 latency, rows/s, and rows/s as a fraction of two engine baselines measured
 * first in the same run, on one thread: the engine's steady speed on a million rows
 * (engine-baseline.ts), and its speed at the case's own shape, generate() of `count` rows called
 * back to back (request-shape-baseline.ts). The second is what the targets compare with.
 *
 * The server runs in a child process, as a deployment would: the load generator then has its own
 * event loop and core instead of stealing the server's, so the figures are the server's. Each
 * generate request is made on one thread (a small one on the main thread, others on one of the
 * shared generation threads), hence single-thread engine baselines.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { OutputFormat } from '@rowloom/core';
import { engineRowsPerSecond } from './engine-baseline.js';
import { shapeRowsPerSecond } from './request-shape-baseline.js';
import { runLoad, type LoadResult } from './http-load.js';
import { parseServerBenchOptions, USAGE, type ServerBenchOptions } from './server-bench-options.js';
import { startServerChild, stopServerChild } from './server-process.js';

const FORMATS: OutputFormat[] = ['json', 'csv'];
const COUNTS = [100, 5000];

interface CaseResult extends LoadResult {
  format: OutputFormat;
  count: number;
  connections: number;
  rowsPerSecond: number;
  /** The engine's single-thread rows/s on --engine-rows rows (a million by default), one call. */
  engineRowsPerSecond: number;
  /** rowsPerSecond ÷ engineRowsPerSecond. */
  ratio: number;
  /** The engine's single-thread rows/s at this case's shape: generate() of `count` rows, back to back. */
  shapeEngineRowsPerSecond: number;
  /** rowsPerSecond ÷ shapeEngineRowsPerSecond. */
  shapeRatio: number;
}

/** Engine rows/s at each case's shape, by `${format} ${count}`. */
type ShapeEngine = Record<string, number>;
const shapeName = (format: OutputFormat, count: number) => `${format} ${count}`;

/** The 10-field workload of `npm run bench`, shipped in @rowloom/core's bench/ directory. */
function standardSchema(): string {
  const path = fileURLToPath(new URL('../bench/standard-schema.json', import.meta.resolve('@rowloom/core')));
  return JSON.stringify(JSON.parse(readFileSync(path, 'utf8')));
}

const int = (x: number) => Math.round(x).toLocaleString('en-US');

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

function render(
  results: CaseResult[],
  engine: Record<string, number>,
  shapeEngine: ShapeEngine,
  options: ServerBenchOptions,
): string {
  const out = [
    `Rowloom server bench — Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${new Date().toISOString()}`,
    `Server: child process, SQLite, unlimited plan; load: autocannon on loopback, ${options.duration} s per case, POST with the standard schema (10 fields).`,
    `Engine baselines, one thread, this process:`,
    `  1M:    generate() of ${int(options.engineRows)} rows in one call, to /dev/null: ${FORMATS.map((f) => `${f} ${int(engine[f])} rows/s`).join(', ')}`,
    `  shape: generate() of the case's count, back to back for ${options.shapeSeconds} s, fresh seed per call, all bytes read: ${Object.entries(
      shapeEngine,
    )
      .map(([name, rate]) => `${name} ${int(rate)} rows/s`)
      .join(', ')}`,
    '',
    table(
      [
        'endpoint',
        'count',
        'conns',
        'req/s',
        'p50 ms',
        'p99 ms',
        'MB/s',
        'rows/s',
        '1M engine rows/s',
        '÷ 1M',
        'shape engine rows/s',
        '÷ shape',
        'failed',
      ],
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
        int(r.shapeEngineRowsPerSecond),
        r.shapeRatio.toFixed(2),
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
  const shapeEngine: ShapeEngine = {};
  for (const format of FORMATS) {
    for (const count of COUNTS) {
      process.stderr.write(
        `engine ${format}, generate() of ${int(count)} rows back to back for ${options.shapeSeconds} s on one thread...\n`,
      );
      shapeEngine[shapeName(format, count)] = (
        await shapeRowsPerSecond(fields, format, count, options.shapeSeconds)
      ).rowsPerSecond;
    }
  }

  const { child, ready } = await startServerChild();
  const results: CaseResult[] = [];
  try {
    for (const format of FORMATS) {
      for (const count of COUNTS) {
        const url = `${ready.url}/api/generate.${format}?key=${ready.key}&count=${count}`;
        if (options.warmup > 0)
          await runLoad({ url, body, connections: options.connections, duration: options.warmup });
        process.stderr.write(
          `generate.${format} count ${count}: ${options.duration} s, ${options.connections} connections...\n`,
        );
        const load = await runLoad({ url, body, connections: options.connections, duration: options.duration });
        const rowsPerSecond = load.requestsPerSecond * count;
        const shape = shapeEngine[shapeName(format, count)];
        results.push({
          ...load,
          format,
          count,
          connections: options.connections,
          rowsPerSecond,
          engineRowsPerSecond: engine[format],
          ratio: rowsPerSecond / engine[format],
          shapeEngineRowsPerSecond: shape,
          shapeRatio: rowsPerSecond / shape,
        });
      }
    }
  } finally {
    await stopServerChild(child);
  }

  process.stdout.write(
    options.json
      ? `${JSON.stringify({ node: process.version, cpus: availableParallelism(), engineRows: options.engineRows, engine, shapeSeconds: options.shapeSeconds, shapeEngine, results }, null, 2)}\n`
      : `${render(results, engine, shapeEngine, options)}\n`,
  );
  const spoiled = results.filter((r) => r.failed > 0 || r.ok === 0);
  if (spoiled.length) {
    process.stderr.write(
      `\nFAILED: ${spoiled.map((r) => `generate.${r.format} count ${r.count}: ${r.failed} failed, ${r.ok} ok`).join('; ')}\n`,
    );
    process.exitCode = 1;
  }
}

await main();
