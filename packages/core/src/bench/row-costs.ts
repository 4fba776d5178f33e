/**
 * `npm run bench:costs`: where one row's nanoseconds go, on one thread, in one process.
 *
 * - Per field: the marginal cost of each field of the standard schema, measured as the engine's
 *   time for the first k fields minus that for the first k-1 (the schema's references all point
 *   backwards, so every prefix compiles; a schema needs a field, so the first line is the row
 *   loop with the first field). Values are made, not written.
 * - Writing: what the writer (rows into text) and the batcher (text into UTF-8 buffers) add to
 *   the engine's time, per format.
 *
 * Each figure is the median of --rounds (default 5) timings of --rows (default 200000) rows
 * after a warm-up, the measurements interleaved so machine noise spreads over all of them.
 * It is a profiling aid for docs/performance.md, not a target check: `npm run bench` is that.
 */
import { readFileSync } from 'node:fs';
import { ByteBatcher } from '../engine/batches.js';
import { RowEngine } from '../engine/row-engine.js';
import { resolveSeed } from '../engine/seed.js';
import { compileSchema } from '../schema/compile.js';
import { createWriter } from '../writers/index.js';
import { STANDARD_SCHEMA_PATH } from './paths.js';

interface Field {
  name: string;
}

const option = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const SEED = resolveSeed(42).key;
/** The formulas' clock, fixed so every prefix compiles the same way. */
const COMPILE_OPTIONS = { startedAtMs: Date.UTC(2025, 0, 1) };

/** Nanoseconds per row to make `rows` rows of `fields` (values only). */
function engineNs(fields: Field[], rows: number): number {
  const engine = new RowEngine(compileSchema(fields, COMPILE_OPTIONS), SEED);
  const started = process.hrtime.bigint();
  for (let i = 0; i < rows; i++) engine.row(i);
  return Number(process.hrtime.bigint() - started) / rows;
}

/**
 * Nanoseconds per row to make and write rows (text only, or also encoded into UTF-8 batches).
 * Timed in the live pipeline rather than over kept rows: a writer reading rows made long ago
 * reads them from all over the old generation and looks several times slower than it is.
 */
function pipelineNs(fields: Field[], rows: number, format: 'csv' | 'json', encode: boolean): number {
  const plan = compileSchema(fields, COMPILE_OPTIONS);
  const engine = new RowEngine(plan, SEED);
  const writer = createWriter(plan.shape, { format, count: rows });
  const batcher = new ByteBatcher();
  let length = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < rows; i++) {
    const text = writer.row(engine.row(i), i);
    if (encode) {
      batcher.write(text);
      if (batcher.hasReady) for (const buffer of batcher.drain()) length += buffer.length;
    } else length += text.length;
  }
  const ns = Number(process.hrtime.bigint() - started) / rows;
  if (length === 0) throw new Error('nothing written');
  return ns;
}

function main(): void {
  const rows = option('rows', 200_000);
  const rounds = option('rounds', 5);
  const fields = JSON.parse(readFileSync(STANDARD_SCHEMA_PATH, 'utf8')) as Field[];
  const prefixes = fields.map((_, k) => fields.slice(0, k + 1));
  const measurements: { label: string; run: () => number }[] = [
    ...prefixes.map((prefix) => ({
      label: `engine: first ${prefix.length} fields`,
      run: () => engineNs(prefix, rows),
    })),
    ...(['csv', 'json'] as const).flatMap((format) => [
      { label: `${format} writer`, run: () => pipelineNs(fields, rows, format, false) },
      { label: `${format} writer + UTF-8 batches`, run: () => pipelineNs(fields, rows, format, true) },
    ]),
  ];
  for (const m of measurements) m.run(); // warm-up: data loaded, code optimised
  const timings = measurements.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) measurements.forEach((m, i) => timings[i].push(m.run()));
  const ns = timings.map(median);

  const line = (label: string, value: number) => `${label.padEnd(44)} ${value.toFixed(0).padStart(6)} ns/row`;
  const out: string[] = [`Node ${process.version}, ${rows.toLocaleString('en-US')} rows x ${rounds} rounds, medians`];
  out.push(line(`engine: row loop + ${fields[0].name}`, ns[0]));
  for (let k = 1; k < fields.length; k++) out.push(line(`  + ${fields[k].name}`, ns[k] - ns[k - 1]));
  const engine = ns[fields.length - 1];
  out.push(line('engine, all fields', engine));
  const writing = ns.slice(fields.length);
  out.push(line('+ csv writer (row text)', writing[0] - engine), line('+ csv UTF-8 batching', writing[1] - writing[0]));
  out.push(
    line('+ json writer (row text)', writing[2] - engine),
    line('+ json UTF-8 batching', writing[3] - writing[2]),
  );
  out.push(line('total csv (engine + writer + batching)', writing[1]));
  out.push(line('total json (engine + writer + batching)', writing[3]));
  process.stdout.write(out.join('\n') + '\n');
}

main();
