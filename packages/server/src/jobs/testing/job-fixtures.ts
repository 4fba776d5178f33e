/** Jobs for the engine's tests: every format, and a schema with formulas, a dataset and a Scenario. */
import { generate } from '@rowloom/core';
import type { FrozenJob } from '../job-contract.js';

export const TEST_FIELDS: unknown[] = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
  { name: 'city', type: 'Dataset Column', dataset: 'people', column: 'city' },
  { name: 'load', type: 'Scenario', scenario: 'Traffic', decimals: 3 },
  { name: 'price', type: 'Number', min: 1, max: 500, decimals: 2 },
  { name: 'total', type: 'Formula', value: 'price * 2 + load' },
  { name: 'seen', type: 'Formula', value: 'now()' },
  { name: 'note', type: 'Words', min: 1, max: 4 },
];

export const TEST_DATASETS = {
  people: {
    columns: ['id', 'city'],
    rows: [
      ['1', 'Lisbon'],
      ['2', 'Łódź, "old town"'],
      ['3', 'Oslo'],
      ['4', ''],
    ],
  },
};

export const TEST_SCENARIOS = {
  Traffic: {
    points: [
      { x: 0, y: 10 },
      { x: 0.5, y: 80 },
      { x: 1, y: 100 },
    ],
    interpolation: 'smooth',
    noise: 2,
  },
};

/** Every format, with the options that change the head, tail or row separators. */
export const WRITER_VARIANTS: { label: string; writer: FrozenJob['writer'] }[] = [
  { label: 'json array', writer: { format: 'json', array: true } },
  { label: 'json lines (no array)', writer: { format: 'json', array: false } },
  { label: 'json without nulls', writer: { format: 'json', array: true, includeNulls: false } },
  { label: 'csv with header', writer: { format: 'csv', includeHeader: true } },
  {
    label: 'csv without header, bom, windows',
    writer: { format: 'csv', includeHeader: false, bom: true, lineEnding: 'windows' },
  },
  { label: 'txt', writer: { format: 'txt' } },
  { label: 'custom delimiter and quote', writer: { format: 'custom', delimiter: '|', quoteChar: "'" } },
  { label: 'sql with create table', writer: { format: 'sql', table: 'people_rows', createTable: true } },
  { label: 'xml', writer: { format: 'xml', rootElement: 'rows', recordElement: 'row' } },
  { label: 'jsonl', writer: { format: 'jsonl' } },
  { label: 'jsonl without nulls', writer: { format: 'jsonl', includeNulls: false } },
  { label: 'firebase push ids', writer: { format: 'firebase' } },
  { label: 'firebase row numbers', writer: { format: 'firebase', firebaseKey: 'row_number' } },
  { label: 'cql with keyspace', writer: { format: 'cql', table: 'people_rows', keyspace: 'shop' } },
  { label: 'dbunit', writer: { format: 'dbunit', table: 'PEOPLE' } },
];

let nextId = 1;

export function testJob(
  writer: FrozenJob['writer'],
  count: number,
  shardRows: number,
  id = `test-${process.pid}-${nextId++}`,
): FrozenJob {
  return {
    id,
    userId: 'user-1',
    fields: TEST_FIELDS,
    datasets: TEST_DATASETS,
    scenarios: TEST_SCENARIOS,
    count,
    seed: 'jobs-seed',
    now: '2026-03-04T05:06:07Z',
    format: writer.format,
    writer,
    shardRows,
  };
}

/** What one `generate` call makes for the same job: the reference the shards must equal. */
export async function singleShot(job: FrozenJob): Promise<Buffer> {
  const generation = generate({
    fields: job.fields,
    datasets: job.datasets as never,
    scenarios: job.scenarios as never,
    count: job.count,
    seed: job.seed,
    now: job.now,
    writer: job.writer,
    workers: 1,
    publicUrl: job.publicUrl,
  });
  const parts: Buffer[] = [];
  for await (const piece of generation.stream) parts.push(Buffer.from(piece as Buffer));
  return Buffer.concat(parts);
}
