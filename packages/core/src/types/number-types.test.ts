import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { problemsOf } from '../testing/schema-problems.js';

/** The values of one field `v` of the given type and parameters. */
function values(
  type: string,
  params: Record<string, unknown> = {},
  count = 2000,
  seed: string | number = 'numbers',
): unknown[] {
  return generateObjects([{ name: 'v', type, ...params }], { count, seed }).map((row) => row.v);
}

function assertProblem(fields: unknown[], field: string, param: string): void {
  const problems = problemsOf(fields);
  assert.ok(
    problems.some((p) => p.field === field && p.param === param),
    `expected a problem with ${field}.${param}, got ${JSON.stringify(problems)}`,
  );
}

describe('Number', () => {
  test('defaults: 1 to 100 with at most 2 decimals', () => {
    for (const v of values('Number')) {
      assert.equal(typeof v, 'number');
      const n = v as number;
      assert.ok(n >= 1 && n <= 100, `${n} out of range`);
      assert.match(String(n), /^\d+(\.\d{1,2})?$/);
    }
  });

  test('decimals 0 gives integers and reaches both ends of a small range', () => {
    const seen = new Set(values('Number', { min: 1, max: 3, decimals: 0 }, 500));
    assert.deepEqual([...seen].sort(), [1, 2, 3]);
  });

  test('decimal steps are exact, including awkward ones like 0.3', () => {
    const seen = new Set(values('Number', { min: 0.3, max: 0.5, decimals: 1 }, 500));
    assert.deepEqual([...seen].sort(), [0.3, 0.4, 0.5]);
  });

  test('negative ranges and numeric strings from clients', () => {
    const seen = values('Number', { min: '-2', max: '-1', decimals: '1' }, 1000);
    for (const v of seen) assert.ok((v as number) >= -2 && (v as number) <= -1);
    assert.ok(seen.includes(-2) && seen.includes(-1));
    assert.equal(new Set(seen).size, 11);
  });

  test('ranges with more steps than a double resolves stay in range and spread out', () => {
    const all = values('Number', { min: -1e12, max: 1e12, decimals: 6 }, 2000) as number[];
    for (const v of all) assert.ok(v >= -1e12 && v <= 1e12, String(v));
    assert.ok(all.some((v) => v < -5e11) && all.some((v) => v > 5e11));
    assert.ok(all.some((v) => !Number.isInteger(v)));
  });

  test('roughly uniform', () => {
    const counts = new Map<unknown, number>();
    const n = 50000;
    for (const v of values('Number', { min: 1, max: 5, decimals: 0 }, n)) counts.set(v, (counts.get(v) ?? 0) + 1);
    const expected = n / 5;
    const sd = Math.sqrt(n * 0.2 * 0.8);
    for (const k of [1, 2, 3, 4, 5])
      assert.ok(Math.abs((counts.get(k) ?? 0) - expected) < 6 * sd, `count of ${k}: ${counts.get(k)}`);
  });

  test('same seed, same values; different seed, different values', () => {
    assert.deepEqual(values('Number', {}, 200, 7), values('Number', {}, 200, 7));
    assert.notDeepEqual(values('Number', {}, 200, 7), values('Number', {}, 200, 8));
  });

  test('invalid parameters name the field and parameter', () => {
    assertProblem([{ name: 'price', type: 'Number', min: 10, max: 5 }], 'price', 'max');
    assertProblem([{ name: 'price', type: 'Number', decimals: 11 }], 'price', 'decimals');
    assertProblem([{ name: 'price', type: 'Number', min: 1.2, max: 1.8, decimals: 0 }], 'price', 'decimals');
    assertProblem([{ name: 'price', type: 'Number', min: 'abc' }], 'price', 'min');
  });
});

describe('Boolean', () => {
  test('true and false about equally often', () => {
    const n = 20000;
    const all = values('Boolean', {}, n);
    for (const v of all) assert.equal(typeof v, 'boolean');
    const trues = all.filter((v) => v === true).length;
    assert.ok(Math.abs(trues - n / 2) < 6 * Math.sqrt(n / 4), `${trues} of ${n} true`);
  });

  test('same seed, same values; different seed, different values', () => {
    assert.deepEqual(values('Boolean', {}, 200, 1), values('Boolean', {}, 200, 1));
    assert.notDeepEqual(values('Boolean', {}, 200, 1), values('Boolean', {}, 200, 2));
  });
});

describe('Money', () => {
  const amount = (text: string) => Number(text.replace(/^(-?)[^\d-]*/, '$1'));

  test('defaults: "$" and two decimals between 0 and 10', () => {
    for (const v of values('Money')) {
      assert.equal(typeof v, 'string');
      assert.match(v as string, /^\$\d+\.\d{2}$/);
      const n = amount(v as string);
      assert.ok(n >= 0 && n <= 10, `${v} out of range`);
    }
  });

  test('both ends of a small range are reachable, cents are kept', () => {
    const seen = new Set(values('Money', { min: 0, max: 0.05 }, 500));
    assert.deepEqual([...seen].sort(), ['$0.00', '$0.01', '$0.02', '$0.03', '$0.04', '$0.05']);
    assert.deepEqual(new Set(values('Money', { min: 7, max: 7 }, 10)), new Set(['$7.00']));
  });

  test('symbols: fixed, none, random; negatives put the sign first', () => {
    for (const v of values('Money', { symbol: '£' }, 200)) assert.match(v as string, /^£\d+\.\d{2}$/);
    for (const v of values('Money', { symbol: 'none' }, 200)) assert.match(v as string, /^\d+\.\d{2}$/);
    const random = values('Money', { symbol: 'random' }, 1000) as string[];
    for (const v of random) assert.match(v, /^[$£€¥]\d+\.\d{2}$/);
    assert.deepEqual(new Set(random.map((v) => v[0])), new Set(['$', '£', '€', '¥']));
    const negative = values('Money', { min: -1, max: 1 }, 2000) as string[];
    for (const v of negative) {
      assert.match(v, /^-?\$\d+\.\d{2}$/);
      assert.ok(Math.abs(amount(v)) <= 1);
    }
    assert.ok(negative.includes('-$1.00') && negative.includes('$1.00'));
    assert.ok(!negative.includes('-$0.00'));
  });

  test('same seed, same values; different seed, different values', () => {
    assert.deepEqual(values('Money', {}, 200, 3), values('Money', {}, 200, 3));
    assert.notDeepEqual(values('Money', {}, 200, 3), values('Money', {}, 200, 4));
  });

  test('invalid parameters name the field and parameter', () => {
    assertProblem([{ name: 'cost', type: 'Money', symbol: 'USD' }], 'cost', 'symbol');
    assertProblem([{ name: 'cost', type: 'Money', min: 5, max: 1 }], 'cost', 'max');
  });
});

describe('IP Address v4', () => {
  test('dotted quads of octets 0..255, every octet value reachable', () => {
    const all = values('IP Address v4', {}, 20000) as string[];
    const firsts = new Set<number>();
    const lasts = new Set<number>();
    for (const v of all) {
      assert.match(v, /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
      const octets = v.split('.').map(Number);
      for (const o of octets) assert.ok(o >= 0 && o <= 255);
      // No leading zeros: each octet prints as its plain number.
      assert.equal(octets.join('.'), v);
      firsts.add(octets[0]);
      lasts.add(octets[3]);
    }
    assert.equal(firsts.size, 256);
    assert.equal(lasts.size, 256);
  });

  test('same seed, same values; different seed, different values', () => {
    assert.deepEqual(values('IP Address v4', {}, 100, 5), values('IP Address v4', {}, 100, 5));
    assert.notDeepEqual(values('IP Address v4', {}, 100, 5), values('IP Address v4', {}, 100, 6));
  });
});
