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
  json: boolean;
  help: boolean;
}

export const USAGE = `Usage: npm run bench:server -- [options]

Starts a real Rowloom server (SQLite in a temporary directory, a user on the unlimited plan) in a
child process and loads it over loopback with autocannon: POST /api/generate.json and .csv of
the standard schema at count 100 and 5000. Compares its rows/s with the engine's own
single-thread rows/s, measured first in the same run.

  --duration S      seconds of load per case (default 10)
  --connections C   concurrent connections (default 10)
  --warmup S        unreported seconds of load before each case (default 2)
  --engine-rows N   rows of each engine baseline run (default 1000000)
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
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const connections = positive('--connections', values.connections, true);
  if (connections < 1) throw new Error('--connections must be at least 1');
  const duration = positive('--duration', values.duration, false);
  if (duration <= 0) throw new Error('--duration must be more than 0 seconds');
  return {
    duration,
    connections,
    warmup: positive('--warmup', values.warmup, false),
    engineRows: Math.max(1, positive('--engine-rows', values['engine-rows'], true)),
    json: values.json,
    help: values.help,
  };
}
