/** Command line of `npm run bench:server` (server-bench.ts). */
import { parseArgs } from 'node:util';

export interface ServerBenchOptions {
  /** Seconds of load per case. */
  duration: number;
  /** Seconds of unreported load before each case, so the JIT and the database are warm. */
  warmup: number;
  connections: number;
  /** Rows of the engine's own single-thread baseline run, per format. */
  engineRows: number;
  /** Seconds of the engine's baseline at each case's own shape (generate() of `count` rows, back to back). */
  shapeSeconds: number;
  json: boolean;
  help: boolean;
}

export const USAGE = `Usage: npm run bench:server -- [options]

Starts a real Rowloom server (SQLite in a temporary directory, a user on the unlimited plan) in a
child process and loads it over loopback with autocannon: POST /api/generate.json and .csv of
the standard schema at count 100 and 5000. Compares its rows/s with two engine baselines,
both measured first in the same run, on one thread, in this process:

  1M rows       generate() of --engine-rows rows (default a million) in one call, streamed to
                /dev/null: the engine's steady speed. Column "÷ 1M".
  request shape generate() called back to back for --shape-seconds with the case's own fields,
                format and count (100 or 5000), a fresh seed per call, every call's output read
                and counted: what the engine alone does with requests of that shape, each call
                compiling its fields and paying its stream's set-up. Column "÷ shape".

One thread for both because the server spends one on such a request: count 100 of the standard
schema is made on its main thread, count 5000 on one generation thread.

  --duration S      seconds of load per case (default 10)
  --connections C   concurrent connections (default 10)
  --warmup S        unreported seconds of load before each case (default 2)
  --engine-rows N   rows of the 1M baseline run, per format (default 1000000)
  --shape-seconds S seconds of each request-shape baseline, after a third of that to warm up (default 3)
  --json            print the results as JSON instead of a table
  --help            this text`;

function positive(name: string, text: string, integer: boolean): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || (integer && !Number.isSafeInteger(n))) {
    throw new Error(`${name} must be a ${integer ? 'whole ' : ''}number of 0 or more, got "${text}"`);
  }
  return n;
}

export function parseServerBenchOptions(argv: string[]): ServerBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      'engine-rows': { type: 'string', default: '1000000' },
      'shape-seconds': { type: 'string', default: '3' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const connections = positive('--connections', values.connections, true);
  if (connections < 1) throw new Error('--connections must be at least 1');
  const duration = positive('--duration', values.duration, false);
  if (duration <= 0) throw new Error('--duration must be more than 0 seconds');
  const shapeSeconds = positive('--shape-seconds', values['shape-seconds'], false);
  if (shapeSeconds <= 0) throw new Error('--shape-seconds must be more than 0 seconds');
  return {
    duration,
    connections,
    warmup: positive('--warmup', values.warmup, false),
    engineRows: Math.max(1, positive('--engine-rows', values['engine-rows'], true)),
    shapeSeconds,
    json: values.json,
    help: values.help,
  };
}
