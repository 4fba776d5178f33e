/** Command line of `npm run bench` (run.ts). */
import { parseArgs } from 'node:util';
import { parseCount } from './child-args.js';
import { IMPL_NAMES, type ImplName } from './impls.js';
import { BENCH_FORMATS, type BenchFormat } from './run-result.js';

export interface BenchOptions {
  n: number;
  rounds: number;
  formats: BenchFormat[];
  impls: ImplName[];
  /** Also one 10M-row run per format of rowloom-1 and rowloom-all (those of them in impls). */
  big: boolean;
  bigN: number;
  /** Worker start-up child once per round, unless --no-startup. */
  startup: boolean;
  json: boolean;
  help: boolean;
}

export const USAGE = `Usage: npm run bench -- [options]

Runs every (implementation, format) as a fresh child process, once per round, in a shuffled
order per round, and prints medians and, for every implementation, the median per-round ratio
to faker-typical, faker-tuned and bare-loop of the same format. Output goes to /dev/null.

  --n N            rows per run (default 1000000)
  --rounds K       rounds (default 3)
  --formats LIST   csv,json (default both)
  --impls LIST     ${IMPL_NAMES.join(',')} (default all)
  --big-n N        rows of the big rowloom-1 and rowloom-all runs (default 10000000)
  --no-big         skip the big runs
  --no-startup     skip the worker start-up measurement (one child per round, 5 threads)
  --json           print the summary as JSON instead of a table
  --help           this text

Progress lines go to stderr; the table (or JSON) to stdout.`;

export function parseBenchOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      n: { type: 'string', default: '1000000' },
      rounds: { type: 'string', default: '3' },
      formats: { type: 'string', default: BENCH_FORMATS.join(',') },
      impls: { type: 'string', default: IMPL_NAMES.join(',') },
      'big-n': { type: 'string', default: '10000000' },
      'no-big': { type: 'boolean', default: false },
      'no-startup': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  return {
    n: parseCount('--n', values.n),
    rounds: parseCount('--rounds', values.rounds),
    formats: parseList('--formats', values.formats, BENCH_FORMATS),
    impls: parseList('--impls', values.impls, IMPL_NAMES),
    big: !values['no-big'],
    bigN: parseCount('--big-n', values['big-n']),
    startup: !values['no-startup'],
    json: values.json,
    help: values.help,
  };
}

function parseList<T extends string>(name: string, text: string, allowed: readonly T[]): T[] {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = items.filter((s) => !allowed.includes(s as T));
  if (unknown.length || !items.length)
    throw new Error(`${name}: expected a comma-separated list of ${allowed.join(', ')} (got ${text})`);
  return [...new Set(items)] as T[];
}
