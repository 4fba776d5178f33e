/**
 * Small requests' rows made on the calling thread before the pool (inline-rows.ts): the bytes
 * never change, whether the rows are all made here, split with the pool, or all on the pool;
 * and only small requests of small rows start here. A fresh pool starts its threads lazily, so
 * `threadCount` says whether a generation used the pool at all.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generate, type GenerateRequest } from './generate.js';
import { DEFAULT_INLINE_POLICY, type InlinePolicy } from './inline-rows.js';
import { GenerationPool } from '../pool/shared-pool.js';
import type { OutputFormat } from '../writers/writer.js';
import { compileSchema } from '../schema/compile.js';
import { readFileSync } from 'node:fs';
import { STANDARD_SCHEMA_PATH } from '../bench/paths.js';

/** The benchmark's standard 10-field schema. */
const STANDARD: Record<string, unknown>[] = JSON.parse(readFileSync(STANDARD_SCHEMA_PATH, 'utf8'));

/** Percent blank, a repeat and a JSON Array: still small rows. */
const SHAPED = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name', percentBlank: 40 },
  { name: 'tags[1-4]', type: 'Buzzword' },
  { name: 'kids', type: 'JSON Array', minItems: 0, maxItems: 4 },
  { name: 'kids.name', type: 'First Name' },
  { name: 'kids.born', type: 'Date', percentBlank: 20 },
];

/** Every row of a small request here: a slice no test run reaches (the default's 1.5 ms could end on a slow run). */
const ALL_HERE: InlinePolicy = { maxRows: DEFAULT_INLINE_POLICY.maxRows, sliceMs: 60_000 };
/** Every row on the pool. */
const POOL_ONLY: InlinePolicy = { maxRows: 0, sliceMs: 0 };
/** Any count starts here, and the slice ends after the first row: the request splits. */
const SPLIT: InlinePolicy = { maxRows: Number.MAX_SAFE_INTEGER, sliceMs: 0 };

async function bytesOf(request: GenerateRequest): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of generate(request).stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

/** Runs `use` with a fresh pool (no thread started yet), then closes it. */
async function withPool<T>(use: (pool: GenerationPool) => Promise<T>): Promise<T> {
  const pool = new GenerationPool({ maxThreads: 2 });
  try {
    return await use(pool);
  } finally {
    await pool.close();
  }
}

const request = (
  fields: unknown[],
  count: number,
  format: OutputFormat,
  more: Partial<GenerateRequest> = {},
): GenerateRequest => ({ fields, count, seed: 42, writer: { format }, ...more });

describe('rows on the calling thread (inline)', () => {
  test('the standard schema qualifies', () => {
    assert.equal(compileSchema(STANDARD).smallRows, true);
    assert.equal(compileSchema(SHAPED).smallRows, true);
  });

  for (const format of ['json', 'csv'] as const) {
    test(`${format}: a small request is made here alone, with the same bytes as on the pool alone and on one thread`, async () => {
      for (const fields of [STANDARD, SHAPED]) {
        const serial = await bytesOf(request(fields, 100, format, { workers: 1 }));
        const poolOnly = await withPool((pool) => bytesOf(request(fields, 100, format, { pool, inline: POOL_ONLY })));
        const [inline, threads] = await withPool(
          async (pool) =>
            [await bytesOf(request(fields, 100, format, { pool, inline: ALL_HERE })), pool.threadCount] as const,
        );
        assert.equal(threads, 0, 'no generation thread was needed');
        assert.ok(poolOnly.equals(serial));
        assert.ok(inline.equals(serial));
      }
    });

    test(`${format}: a request split between here and the pool has the same bytes`, async () => {
      for (const count of [5, 100, 20_000]) {
        const serial = await bytesOf(request(STANDARD, count, format, { workers: 1 }));
        const [split, threads] = await withPool(
          async (pool) =>
            [await bytesOf(request(STANDARD, count, format, { pool, inline: SPLIT })), pool.threadCount] as const,
        );
        assert.ok(threads > 0, 'the rest went to the pool');
        assert.ok(split.equals(serial), `${count} rows`);
      }
    });
  }

  test("a remembered plan (reusePlan) makes a later generation's rows with that generation's seed", async () => {
    const plan = compileSchema(STANDARD);
    for (const seed of [1, 2]) {
      const serial = await bytesOf({ ...request(STANDARD, 50, 'csv', { workers: 1 }), seed });
      const inline = await withPool((pool) =>
        bytesOf({ ...request(STANDARD, 50, 'csv', { pool, reusePlan: () => plan }), seed }),
      );
      const here = await withPool((pool) =>
        bytesOf({ ...request(STANDARD, 50, 'csv', { pool, reusePlan: () => plan, inline: ALL_HERE }), seed }),
      );
      assert.ok(here.equals(serial), `seed ${seed}, all here`);
      assert.ok(inline.equals(serial), `seed ${seed}`);
    }
  });

  test('a request of more rows than the policy allows goes to the pool from its first row', async () => {
    const count = DEFAULT_INLINE_POLICY.maxRows + 1;
    const serial = await bytesOf(request(STANDARD, count, 'json', { workers: 1 }));
    // A slice long enough for every row: only the count keeps the request off this thread.
    const [pooled, threads] = await withPool(
      async (pool) =>
        [await bytesOf(request(STANDARD, count, 'json', { pool, inline: ALL_HERE })), pool.threadCount] as const,
    );
    assert.ok(threads > 0);
    assert.ok(pooled.equals(serial));
  });

  test('a field that is not small keeps every row on the pool', async () => {
    for (const extra of [
      { name: 'r', type: 'Regular Expression', value: '[a-z]{3}' },
      { name: 'f', type: 'Formula', value: "field('id') * 2" },
      { name: 'id2', type: 'Row Number', formula: 'this + 1' },
    ]) {
      const fields = [...STANDARD, extra];
      const serial = await bytesOf(request(fields, 10, 'csv', { workers: 1 }));
      const [pooled, threads] = await withPool(
        async (pool) =>
          [await bytesOf(request(fields, 10, 'csv', { pool, inline: ALL_HERE })), pool.threadCount] as const,
      );
      assert.ok(threads > 0, `${extra.type}${'formula' in extra ? ' with a formula' : ''} went to the pool`);
      assert.ok(pooled.equals(serial));
    }
  });

  test('without a pool nothing changes: inline applies to pooled generations only', async () => {
    const serial = await bytesOf(request(STANDARD, 100, 'csv', { workers: 1 }));
    assert.ok((await bytesOf(request(STANDARD, 100, 'csv', { workers: 1, inline: SPLIT }))).equals(serial));
  });

  test("a generation's pieces are its own: the next one on this thread does not write over them", async () => {
    await withPool(async (pool) => {
      const kept: Buffer[] = [];
      // Kept as handed out (not copied), as a socket that has not written them yet holds them.
      for await (const chunk of generate(request(STANDARD, 50, 'json', { pool, inline: ALL_HERE })).stream)
        kept.push(chunk as Buffer);
      const first = Buffer.concat(kept);
      for (const seed of [7, 8, 9]) await bytesOf(request(STANDARD, 50, 'json', { pool, inline: ALL_HERE, seed }));
      assert.ok(Buffer.concat(kept).equals(first));
      assert.ok(first.equals(await bytesOf(request(STANDARD, 50, 'json', { pool, inline: POOL_ONLY }))));
    });
  });
});
