import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';

function values(type: string, count = 5000, seed: string | number = 'colours'): string[] {
  return generateObjects([{ name: 'v', type }], { count, seed }).map((row) => row.v as string);
}

describe('Hex Color and Short Hex Color', () => {
  for (const [type, digits] of [
    ['Hex Color', 6],
    ['Short Hex Color', 3],
  ] as const) {
    test(`${type}: '#' and ${digits} lower-case hex digits, each channel over its whole range`, () => {
      const all = values(type, 20000);
      for (const colour of all) assert.match(colour, new RegExp(`^#[0-9a-f]{${digits}}$`));
      for (let position = 1; position <= digits; position++) {
        const seen = new Set(all.map((colour) => colour[position]));
        assert.equal(seen.size, 16, `${type} position ${position}`);
      }
    });
  }

  test('leading zeros are kept (#000abc, not #abc)', () => {
    const all = values('Hex Color', 20000);
    assert.ok(all.some((colour) => colour.startsWith('#0')));
    const short = new Set(values('Short Hex Color', 40000));
    // 4,096 possible values: nearly all of them turn up.
    assert.ok(short.size > 4000, String(short.size));
  });
});

describe('Color', () => {
  test('capitalised English colour names, in about equal shares', () => {
    const all = values('Color', 20000);
    const counts = new Map<string, number>();
    for (const name of all) {
      assert.match(name, /^[A-Z][a-z]+( [A-Z][a-z]+)?$/);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    assert.ok(counts.size >= 30, `${counts.size} names`);
    for (const name of ['Red', 'Blue', 'Green', 'Sky Blue', 'Turquoise', 'Mauve', 'Crimson'])
      assert.ok(counts.has(name), name);
    const expected = all.length / counts.size;
    for (const [name, count] of counts) assert.ok(Math.abs(count - expected) < expected * 0.25, `${name}: ${count}`);
  });
});

describe('all colour types', () => {
  const TYPES = ['Hex Color', 'Short Hex Color', 'Color'];

  test('same seed, same values; different seed, different values', () => {
    for (const type of TYPES) {
      assert.deepEqual(values(type, 200, 5), values(type, 200, 5), type);
      assert.notDeepEqual(values(type, 200, 5), values(type, 200, 6), type);
    }
  });

  test('no parameters: stray keys change nothing', () => {
    for (const type of TYPES) {
      const withStray = generateObjects([{ name: 'v', type, format: 'rgb' }], { count: 50, seed: 1 }).map(
        (row) => row.v,
      );
      assert.deepEqual(withStray, values(type, 50, 1), type);
    }
  });
});
