/**
 * `npm run bench:instructions`: one implementation of the benchmark under valgrind's callgrind,
 * reported as instructions per row by function, start-up removed (a run of --n rows minus a run
 * of one row). Repeatable within a fraction of a percent on a busy machine, so it is the way to
 * compare two versions of a hot path; see docs/performance.md "How to look".
 *
 *   npm run bench:instructions -- [--impl rowloom-1] [--format csv] [--n 200000] [--base 1] [--top 40] [--sink stream|loop]
 *
 * --base: the rows of the second run (default 1, which removes start-up). --base 200000 with
 * --n 1000000 also removes the JIT's warm-up: the steady state of rows 200,000 to 1,000,000.
 * --sink loop (Rowloom's one-thread impls only): the engine, writer and batcher in a synchronous
 * loop with no stream (loop-rows.ts), so garbage collection depends only on the rows.
 *
 * Needs valgrind (Debian: apt-get install valgrind). Each run takes about a minute.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { costsPerRow, groupTotals, instructionsByFunction, PerfMap, type FunctionCost } from './callgrind-profile.js';
import { IMPL_NAMES, implCommand, type ImplName } from './impls.js';
import { childScript } from './paths.js';

interface Options {
  impl: ImplName;
  format: 'csv' | 'json';
  rows: number;
  baseRows: number;
  top: number;
  sink: 'stream' | 'loop';
}

/** The schema each one-thread Rowloom impl runs, for --sink loop. */
const LOOP_SCHEMAS: Partial<Record<ImplName, string>> = {
  'rowloom-1': 'standard',
  'rowloom-formula': 'formula',
  'rowloom-ten-formulas': 'ten-formulas',
};

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      impl: { type: 'string', default: 'rowloom-1' },
      format: { type: 'string', default: 'csv' },
      n: { type: 'string', default: '200000' },
      base: { type: 'string', default: '1' },
      top: { type: 'string', default: '40' },
      sink: { type: 'string', default: 'stream' },
    },
  });
  const impl = values.impl as ImplName;
  if (!IMPL_NAMES.includes(impl)) throw new Error(`--impl must be one of ${IMPL_NAMES.join(', ')}`);
  if (impl === 'rowloom-all')
    throw new Error('--impl rowloom-all: callgrind runs threads one at a time, so profile rowloom-1');
  if (values.format !== 'csv' && values.format !== 'json') throw new Error('--format must be csv or json');
  if (values.sink !== 'stream' && values.sink !== 'loop') throw new Error('--sink must be stream or loop');
  if (values.sink === 'loop' && LOOP_SCHEMAS[impl] === undefined)
    throw new Error(`--sink loop runs ${Object.keys(LOOP_SCHEMAS).join(', ')}`);
  const rows = Number(values.n);
  const baseRows = Number(values.base);
  const top = Number(values.top);
  if (!Number.isInteger(rows) || rows < 2) throw new Error('--n must be an integer of at least 2');
  if (!Number.isInteger(baseRows) || baseRows < 1 || baseRows >= rows)
    throw new Error('--base must be an integer from 1 to below --n');
  if (!Number.isInteger(top) || top < 1) throw new Error('--top must be a positive integer');
  return { impl, format: values.format, rows, baseRows, top, sink: values.sink };
}

/** Instructions by function of one run of `rows` rows under callgrind, JIT code named. */
function profile(options: Options, rows: number, directory: string): Map<string, number> {
  const { script, args } =
    options.sink === 'loop'
      ? { script: childScript('loop-child'), args: ['--schema', LOOP_SCHEMAS[options.impl]!] }
      : implCommand(options.impl);
  const output = join(directory, `callgrind.${rows}.out`);
  const run = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${output}`,
      process.execPath,
      '--perf-basic-prof',
      script,
      ...args,
      '--format',
      options.format,
      '--n',
      String(rows),
    ],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  if (run.status !== 0)
    throw new Error(
      `valgrind exited with ${run.status ?? run.signal}: ${run.stderr.trim().split('\n').slice(-3).join(' | ')}`,
    );
  // The profiled node is valgrind's own process, so its perf map is named after valgrind's pid.
  const mapFile = `/tmp/perf-${run.pid}.map`;
  try {
    const annotated = spawnSync('callgrind_annotate', ['--threshold=100', output], {
      encoding: 'utf8',
      maxBuffer: 256 << 20,
    });
    if (annotated.status !== 0) throw new Error(`callgrind_annotate failed: ${annotated.stderr.trim()}`);
    return instructionsByFunction(annotated.stdout, new PerfMap(readFileSync(mapFile, 'utf8')));
  } finally {
    rmSync(mapFile, { force: true });
  }
}

function report(options: Options, costs: FunctionCost[]): string {
  const total = costs.reduce((sum, c) => sum + c.perRow, 0);
  const line = (perRow: number, label: string) =>
    `${perRow.toFixed(0).padStart(8)}  ${((100 * perRow) / total).toFixed(1).padStart(5)}%  ${label}`;
  return [
    `${options.impl} ${options.format}${options.sink === 'loop' ? ' (synchronous loop, no stream)' : ''}: instructions per row (${options.rows.toLocaleString('en-US')} rows minus ${options.baseRows.toLocaleString('en-US')}), Node ${process.version}`,
    line(total, 'all'),
    '',
    'native work by group:',
    ...groupTotals(costs).map((g) => line(g.perRow, g.group)),
    '',
    `top ${options.top} functions (JavaScript: name and source position; V8 inlines callees into their callers):`,
    ...costs.slice(0, options.top).map((c) => line(c.perRow, c.name)),
  ].join('\n');
}

function main(): void {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    process.stderr.write('valgrind is not installed (Debian: apt-get install valgrind)\n');
    process.exitCode = 2;
    return;
  }
  const directory = mkdtempSync(join(tmpdir(), 'rowloom-callgrind-'));
  try {
    process.stderr.write(
      `profiling ${options.impl} ${options.format}: ${options.rows} rows, then ${options.baseRows} (about a minute per 200,000 rows)\n`,
    );
    const long = profile(options, options.rows, directory);
    const short = profile(options, options.baseRows, directory);
    process.stdout.write(report(options, costsPerRow(long, short, options.rows, options.baseRows)) + '\n');
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

main();
