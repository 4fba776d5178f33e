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

describe("recycling the pool's batches", () => {
  // More batches than a job ever has in flight: without memory coming back, one buffer per batch.
  const COUNT = 60_000;

  test('released batches are reused, read as empty once given back, and the bytes stay the serial ones', async () => {
    const pool = new GenerationPool({ maxThreads: 1 });
    try {
      const expected = await serial(FIELDS, COUNT, 'csv');
      const generation = generate({ fields: FIELDS, count: COUNT, seed: 7, writer: { format: 'csv' }, pool });
      const copies: Buffer[] = [];
      const released: Buffer[] = [];
      const kept: { batch: Buffer; copy: Buffer }[] = [];
      let index = 0;
      for await (const chunk of generation.stream) {
        const batch = chunk as Buffer;
        const copy = Buffer.from(batch);
        copies.push(copy);
        // Every fifth batch is kept (never released): later batches must not write into it.
        if (index++ % 5 === 0) kept.push({ batch, copy });
        else {
          generation.release(batch);
          released.push(batch);
        }
      }
      assert.ok(Buffer.concat(copies).equals(expected));
      assert.ok(copies.length > 40, `only ${copies.length} batches`);
      for (const { batch, copy } of kept) assert.ok(batch.equals(copy), 'a batch never released changed');
      // Given back: transferred to the thread, so detached here, never a later batch's bytes.
      // (The opening text and the last batch, joined with the closing text, are not the threads'.)
      assert.ok(released.filter((batch) => batch.length === 0).length >= released.length - 2);
      const allocated = pool.batchBuffersAllocated;
      assert.ok(allocated > 0, 'the counter counts nothing');
      // Each kept batch costs one buffer; the released ones circulate.
      assert.ok(
        allocated <= kept.length + 8,
        `${allocated} buffers allocated for ${copies.length} batches, ${kept.length} kept`,
      );
    } finally {
      await pool.close();
    }
  });

  test('a consumer that releases nothing allocates a buffer per batch and loses no bytes', async () => {
    const pool = new GenerationPool({ maxThreads: 1 });
    try {
      const generation = generate({ fields: FIELDS, count: COUNT, seed: 7, writer: { format: 'csv' }, pool });
      const batches: Buffer[] = [];
      for await (const chunk of generation.stream) batches.push(chunk as Buffer);
      assert.ok(Buffer.concat(batches).equals(await serial(FIELDS, COUNT, 'csv')));
      // (The opening text is not a batch; the counter may not yet show the last turn's buffer.)
      assert.ok(
        pool.batchBuffersAllocated >= batches.length - 2,
        `${pool.batchBuffersAllocated} for ${batches.length}`,
      );
    } finally {
      await pool.close();
    }
  });

  test('releasing a batch twice, or anything else, is harmless', async () => {
    const pool = new GenerationPool({ maxThreads: 1 });
    try {
      const generation = generate({ fields: FIELDS, count: COUNT, seed: 7, writer: { format: 'json' }, pool });
      const copies: Buffer[] = [];
      for await (const chunk of generation.stream) {
        copies.push(Buffer.from(chunk as Buffer));
        generation.release(chunk as Buffer);
        generation.release(chunk as Buffer);
        pool.release(chunk as Buffer);
      }
      generation.release(Buffer.alloc(100_000));
      pool.release(Buffer.from('not a batch'));
      assert.ok(Buffer.concat(copies).equals(await serial(FIELDS, COUNT, 'json')));
    } finally {
      await pool.close();
    }
  });
});
