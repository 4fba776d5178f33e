/**
 * Child process for `npm run bench:instructions -- --sink loop`: loopRows (loop-rows.ts) over one
 * of the benchmark's schemas, the batches counted and dropped.
 *
 *   node dist/bench/loop-child.js --format csv --n 1000000 [--schema standard|formula|ten-formulas]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { OutputFormat } from '../writers/writer.js';
import { loopRows } from './loop-rows.js';
import { SCHEMA_PATHS } from './paths.js';

const { values } = parseArgs({
  options: {
    format: { type: 'string', default: 'csv' },
    n: { type: 'string', default: '1000000' },
    schema: { type: 'string', default: 'standard' },
  },
});
const path = SCHEMA_PATHS[values.schema];
if (path === undefined) throw new Error(`--schema must be one of ${Object.keys(SCHEMA_PATHS).join(', ')}`);
const started = process.hrtime.bigint();
let bytes = 0;
loopRows(JSON.parse(readFileSync(path, 'utf8')), values.format as OutputFormat, Number(values.n), (batch) => {
  bytes += batch.length;
});
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
process.stdout.write(
  JSON.stringify({
    format: values.format,
    rows: Number(values.n),
    bytes,
    seconds,
    rowsPerSecond: Math.round(Number(values.n) / seconds),
  }) + '\n',
);
