import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from '../engine/generate.js';
import { GenerationPool } from './shared-pool.js';
import type { OutputFormat } from '../writers/writer.js';

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
  { name: 'email', type: 'Email Address' },
  { name: 'city', type: 'City' },
  { name: 'note', type: 'Words', min: 0, max: 30 },
];

/** Slow rows: each formula replaces 100,000 characters one by one (about 0.2 s here), with a text that differs per row. */
const slowFields = (n: number) => [
  { name: 'id', type: 'Row Number' },
  ...Array.from({ length: n }, (_, i) => ({
    name: `f${i}`,
    type: 'Formula',
    value: "(field('id').to_s + 'q').ljust(100000, 'ab').gsub(/[ab]/, 'c').size",
  })),
];

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

const serial = (fields: unknown[], count: number, format: OutputFormat) =>
  bytesOf(generate({ fields, count, seed: 7, writer: { format }, workers: 1 }).stream);
const pooled = (pool: GenerationPool, fields: unknown[], count: number, format: OutputFormat) =>
  bytesOf(generate({ fields, count, seed: 7, writer: { format }, pool }).stream);

describe('GenerationPool', () => {
  const pool = new GenerationPool({ maxThreads: 2 });
  after(() => pool.close());

  test('gives the same bytes as one thread, in every format and size, with jobs running side by side', async () => {
    const cases: [OutputFormat, number][] = [
      ['json', 1],
      ['json', 3],
      ['csv', 0],
      ['csv', 40_000],
      ['xml', 500],
      ['sql', 20],
    ];
    const results = await Promise.all(cases.map(([format, count]) => pooled(pool, FIELDS, count, format)));
    for (const [i, [format, count]] of cases.entries()) {
      assert.ok(results[i].equals(await serial(FIELDS, count, format)), `${format} x ${count}`);
    }
  });

  test('a job whose rows are slow is moved off the express lane and resumes where it was: the same bytes', async () => {
    const fields = slowFields(2);
    assert.ok((await pooled(pool, fields, 4, 'csv')).equals(await serial(fields, 4, 'csv')));
  });

  test('a small job finishes while a slow one holds a thread', async () => {
    const slow = generate({ fields: slowFields(2), count: 1000, seed: 1, writer: { format: 'csv' }, pool }).stream;
    let slowDone = false;
    const reading = (async () => {
      for await (const _ of slow); // read to the end (or until destroyed)
      slowDone = true;
    })().catch(() => {});
    // Let the slow job start and take a thread first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const small = await pooled(pool, FIELDS, 10, 'csv');
    assert.ok(small.equals(await serial(FIELDS, 10, 'csv')));
    assert.equal(slowDone, false, 'the slow job (about a minute of rows) is still running');
    slow.destroy();
    await reading;
    assert.ok(pool.threadCount <= 2);
  });

  test('a cancelled job stuck in a slow row does not keep its thread: the pool goes on serving', async () => {
    const slow = generate({ fields: slowFields(6), count: 10, seed: 2, writer: { format: 'json' }, pool }).stream;
    slow.on('error', () => {});
    slow.resume();
    await new Promise((resolve) => setTimeout(resolve, 200));
    slow.destroy();
    for (let i = 0; i < 3; i++)
      assert.ok((await pooled(pool, FIELDS, 200, 'json')).equals(await serial(FIELDS, 200, 'json')));
    assert.ok(pool.threadCount <= 2);
  });
});
