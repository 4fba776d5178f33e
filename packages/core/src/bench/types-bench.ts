/**
 * `npm run bench:types`: values per second for every type in the catalogue, one field of that
 * type (with its example parameters) written as CSV on one thread, the median of three rounds.
 * Hash, encryption, password and image types are allowed to be slower (they do real work per
 * value) and are reported without a target.
 *
 * Options: --rows N (default 200000), --rounds N (default 3), --only "Name,Name".
 */
import { generate } from '../engine/generate.js';
import { compileSchema } from '../schema/compile.js';
import { SchemaError } from '../schema/errors.js';
import { exampleFields } from '../catalogue/catalogue.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { ALL_TYPES } from '../types/registry.js';

const TARGET = 300_000;
/** Types doing real work per value (hashing, encrypting, images): measured, no target. */
const NO_TARGET = /^(MD5|SHA1|SHA256|Encrypt|Password|Avatar|Dummy Image URL|Base64 Image URL|Bitcoin Address)$/;

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
}

/** The type's field alone when it stands alone; with the example's helper fields otherwise. */
function benchFields(type: TypeDefinition): unknown[] {
  const alone = [{ name: 'example', type: type.name, ...type.exampleParams }];
  if (type.structure === 'items') return exampleFields(type);
  try {
    compileSchema(alone, { datasets: type.exampleDatasets, scenarios: type.exampleScenarios });
    return alone;
  } catch (error) {
    if (error instanceof SchemaError) return exampleFields(type);
    throw error;
  }
}

async function valuesPerSecond(type: TypeDefinition, rows: number): Promise<number> {
  const started = process.hrtime.bigint();
  const generation = generate({
    fields: benchFields(type),
    datasets: type.exampleDatasets,
    scenarios: type.exampleScenarios,
    count: rows,
    seed: 42,
    writer: { format: 'csv' },
    workers: 1,
  });
  for await (const chunk of generation.stream) void chunk; // drained: measures generation and writing, no I/O
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return rows / seconds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const rows = Number(option('rows', '200000'));
  const rounds = Number(option('rounds', '3'));
  const only = option('only', '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const types = ALL_TYPES.filter((t) => only.length === 0 || only.includes(t.name.toLowerCase()));
  const results: { type: TypeDefinition; rate: number }[] = [];
  for (const type of types) {
    await valuesPerSecond(type, Math.min(rows, 20_000)); // warm-up: data files loaded, code optimised
    const rates: number[] = [];
    for (let round = 0; round < rounds; round++) rates.push(await valuesPerSecond(type, rows));
    results.push({ type, rate: median(rates) });
    process.stderr.write(`${type.name}: ${Math.round(median(rates)).toLocaleString('en-US')} values/s\n`);
  }
  const width = Math.max(...results.map((r) => r.type.name.length), 4);
  let out = `\nValues per second, one field, CSV, 1 thread, ${rows.toLocaleString('en-US')} rows, median of ${rounds}\n\n`;
  out += `${'type'.padEnd(width)}  ${'category'.padEnd(10)}  ${'values/s'.padStart(11)}  target\n${'-'.repeat(width)}  ${'-'.repeat(10)}  ${'-'.repeat(11)}  ------\n`;
  const misses: string[] = [];
  for (const { type, rate } of [...results].sort(
    (a, b) => a.type.category.localeCompare(b.type.category) || a.type.name.localeCompare(b.type.name),
  )) {
    const exempt = NO_TARGET.test(type.name);
    const verdict = exempt ? '  -' : rate >= TARGET ? '  ok' : '  MISS';
    if (!exempt && rate < TARGET) misses.push(type.name);
    out += `${type.name.padEnd(width)}  ${type.category.padEnd(10)}  ${Math.round(rate).toLocaleString('en-US').padStart(11)}${verdict}\n`;
  }
  out += `\n${results.length} types; target ${TARGET.toLocaleString('en-US')} values/s (hash, encryption, password, bitcoin and image types exempt): ${misses.length === 0 ? 'all met' : `missed by ${misses.join(', ')}`}\n`;
  process.stdout.write(out);
}

await main();
