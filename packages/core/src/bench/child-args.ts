/** Command line of one benchmark child: `--format csv|json --n N [--workers W]`. */
import { parseArgs } from 'node:util';
import { BENCH_FORMATS, type BenchFormat } from './run-result.js';

export interface ChildArgs {
  format: BenchFormat;
  n: number;
  workers: number;
}

export function parseChildArgs(argv: string[] = process.argv.slice(2)): ChildArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      format: { type: 'string' },
      n: { type: 'string' },
      workers: { type: 'string', default: '1' },
      schema: { type: 'string', default: 'standard' },
    },
    strict: true,
  });
  const format = values.format as BenchFormat;
  if (!BENCH_FORMATS.includes(format)) throw new Error(`--format must be one of ${BENCH_FORMATS.join(', ')}`);
  return { format, n: parseCount('--n', values.n), workers: parseCount('--workers', values.workers) };
}

/** Positive integer; `1_000_000` and `1,000,000` are accepted because that is how people type big counts. */
export function parseCount(name: string, text: string | undefined): number {
  const value = Number(String(text ?? '').replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer (got ${text ?? 'nothing'})`);
  return value;
}
