import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PushIds } from './push-id.js';
import { assertRangesJoin, plainObject, richRows, richShape, writeAll } from './writer-fixtures.js';
import type { WriterOptions } from './writer.js';

/** Firebase's key alphabet (in ASCII order) and a push id's length. */
const PUSH_ID = /^[-0-9A-Z_a-z]{20}$/;
const identity = { startedAtMs: Date.UTC(2025, 0, 1), seedKey: 12345 };

function options(extra: Partial<WriterOptions> = {}): WriterOptions {
  return { format: 'firebase', count: richRows.length, identity, ...extra };
}

describe('firebase writer', () => {
  test('a JSON object keyed by push ids whose values are the rows, in row order', () => {
    const parsed = JSON.parse(writeAll(richShape, options(), richRows)) as Record<string, unknown>;
    const keys = Object.keys(parsed);
    assert.equal(keys.length, richRows.length);
    for (const key of keys) assert.match(key, PUSH_ID);
    assert.deepEqual([...keys].sort(), keys, 'keys sort in row order, as Firebase lists push ids');
    assert.deepEqual(
      Object.values(parsed),
      richRows.map((r) => plainObject(richShape.nodes, r)),
    );
  });

  test('push ids start with the generation time, as Firebase encodes it; the seed decides the rest', () => {
    const ids = new PushIds(identity);
    // 2025-01-01T00:00:00Z in Firebase's base 64 (8 characters, most significant first).
    let time = '';
    for (let t = identity.startedAtMs, i = 0; i < 8; i++, t = Math.floor(t / 64))
      time = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz'[t % 64] + time;
    assert.equal(ids.id(0).slice(0, 8), time);
    assert.equal(new PushIds(identity).id(7), ids.id(7), 'the same seed gives the same ids');
    assert.notEqual(
      new PushIds({ ...identity, seedKey: 54321 }).id(7).slice(8),
      ids.id(7).slice(8),
      'another seed, other ids',
    );
  });

  test('ids stay unique and ordered across the carry between the random halves, up to 2^40 rows', () => {
    const ids = new PushIds(identity);
    const around = (n: number) => Array.from({ length: 40 }, (_, i) => Math.max(0, n - 20 + i));
    const indexes = [...around(0), ...around(2 ** 36), ...around(2 ** 36 * 3), ...around(2 ** 40)];
    const made = indexes.map((i) => ids.id(i));
    for (let i = 1; i < made.length; i++) {
      if (indexes[i] === indexes[i - 1]) continue;
      assert.ok(made[i - 1] < made[i], `id of row ${indexes[i - 1]} sorts before row ${indexes[i]}'s`);
    }
    for (const id of made) assert.match(id, PUSH_ID);
  });

  test('firebaseKey row_number keys rows "1", "2"...; no rows is {}', () => {
    const parsed = JSON.parse(writeAll(richShape, options({ firebaseKey: 'row_number' }), richRows)) as Record<
      string,
      unknown
    >;
    assert.deepEqual(Object.keys(parsed), ['1', '2', '3']);
    assert.deepEqual(JSON.parse(writeAll(richShape, options({ count: 0 }), [])), {});
  });

  test('includeNulls=false omits null keys inside each row', () => {
    const parsed = JSON.parse(writeAll(richShape, options({ includeNulls: false }), richRows)) as Record<
      string,
      unknown
    >;
    assert.deepEqual(
      Object.values(parsed),
      richRows.map((r) => plainObject(richShape.nodes, r, false)),
    );
  });

  test('rows written in ranges by separate writers join to the same bytes', () => {
    for (const firebaseKey of ['push_id', 'row_number'] as const) {
      assertRangesJoin(richShape, options({ count: 6, firebaseKey }), [...richRows, ...richRows]);
    }
  });
});
