import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CounterRandom, hashString, itemKey, mix32, rowKey, seedKey } from './counter-random.js';

describe('CounterRandom', () => {
  test('the same key and row give the same draws; reset replays them', () => {
    const a = new CounterRandom(123);
    const b = new CounterRandom(123);
    a.reset(rowKey(7));
    b.reset(rowKey(7));
    const first = [a.uint32(), a.uint32(), a.uint32()];
    assert.deepEqual(first, [b.uint32(), b.uint32(), b.uint32()]);
    a.reset(rowKey(7));
    assert.deepEqual([a.uint32(), a.uint32(), a.uint32()], first);
  });

  test('different rows, keys and seeds draw differently', () => {
    const draw = (key: number, row: number) => {
      const r = new CounterRandom(key);
      r.reset(rowKey(row));
      return r.uint32();
    };
    assert.notEqual(draw(1, 0), draw(1, 1));
    assert.notEqual(draw(1, 0), draw(2, 0));
    assert.notEqual(seedKey(1), seedKey(2));
    assert.notEqual(seedKey('1'), seedKey('01'));
    assert.notEqual(rowKey(0), rowKey(2 ** 32));
    assert.notEqual(itemKey(5, 0), itemKey(5, 1));
    assert.notEqual(hashString('a'), hashString('b'));
  });

  test('next() is uniform: 20 buckets over 200,000 draws pass a chi-square test', () => {
    const random = new CounterRandom(seedKey(99));
    const buckets = new Array(20).fill(0);
    const n = 200_000;
    for (let row = 0; row < n; row++) {
      random.reset(rowKey(row));
      buckets[Math.floor(random.next() * 20)]++;
    }
    const expected = n / 20;
    const chiSquare = buckets.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
    // 19 degrees of freedom: the 99.99th percentile is about 49.
    assert.ok(chiSquare < 49, `chi-square ${chiSquare.toFixed(1)} too large: ${buckets.join(',')}`);
  });

  test('successive draws within a row are uncorrelated', () => {
    const random = new CounterRandom(seedKey(5));
    let sumX = 0,
      sumY = 0,
      sumXY = 0,
      sumXX = 0,
      sumYY = 0;
    const n = 100_000;
    for (let row = 0; row < n; row++) {
      random.reset(rowKey(row));
      const x = random.next();
      const y = random.next();
      sumX += x;
      sumY += y;
      sumXY += x * y;
      sumXX += x * x;
      sumYY += y * y;
    }
    const correlation = (n * sumXY - sumX * sumY) / Math.sqrt((n * sumXX - sumX ** 2) * (n * sumYY - sumY ** 2));
    assert.ok(Math.abs(correlation) < 0.02, `correlation ${correlation}`);
  });

  test('intBetween stays in bounds and reaches both ends; double() is in [0, 1)', () => {
    const random = new CounterRandom(seedKey('bounds'));
    const seen = new Set<number>();
    for (let row = 0; row < 5000; row++) {
      random.reset(rowKey(row));
      const value = random.intBetween(-3, 3);
      assert.ok(value >= -3 && value <= 3);
      seen.add(value);
      const d = random.double();
      assert.ok(d >= 0 && d < 1);
      const big = random.intBetween(0, 2 ** 40);
      assert.ok(Number.isInteger(big) && big >= 0 && big <= 2 ** 40);
    }
    assert.equal(seen.size, 7);
  });

  test('draws are the documented function of key, row key and draw number, however resets and draws interleave', () => {
    // What every output byte rests on: draw n (from 1) of a row is
    // mix32(mix32(key ^ rowKey * 0x27d4eb2f) + n * 0x9e3779b9); before any reset the state is 0.
    const expected = (key: number, row: number | null, n: number) => {
      const state = row === null ? 0 : mix32((key ^ Math.imul(row, 0x27d4eb2f)) >>> 0);
      return mix32((state + Math.imul(n, 0x9e3779b9)) >>> 0);
    };
    const random = new CounterRandom(0xdeadbeef);
    assert.deepEqual(
      [random.uint32(), random.uint32()],
      [expected(0xdeadbeef, null, 1), expected(0xdeadbeef, null, 2)],
    );
    random.reset(rowKey(1));
    random.reset(rowKey(2)); // reset twice, no draw between: the second key counts
    assert.deepEqual(
      [random.uint32(), random.uint32()],
      [expected(0xdeadbeef, rowKey(2), 1), expected(0xdeadbeef, rowKey(2), 2)],
    );
    random.reset(rowKey(3));
    random.reset(rowKey(3));
    assert.equal(random.uint32(), expected(0xdeadbeef, rowKey(3), 1));
    random.reset(rowKey(2)); // back to a key used before: replayed from its first draw
    assert.equal(random.uint32(), expected(0xdeadbeef, rowKey(2), 1));
    assert.equal(random.next(), expected(0xdeadbeef, rowKey(2), 2) / 2 ** 32);
  });
});
