import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateObjects } from '../engine/sample.js';

const RACES = JSON.parse(readFileSync(new URL('../../data/races.json', import.meta.url), 'utf8')) as string[];

describe('small lists', () => {
  const n = 16_000;
  const rows = generateObjects(
    [
      { name: 'frequency', type: 'Frequency' },
      { name: 'size', type: 'Shirt Size' },
      { name: 'race', type: 'Race' },
    ],
    { count: n, seed: 'lists' },
  ) as Record<string, string>[];

  function assertUniformOver(values: string[], allowed: readonly string[]) {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    assert.deepEqual(new Set(counts.keys()), new Set(allowed));
    const expected = values.length / allowed.length;
    for (const [value, count] of counts)
      assert.ok(Math.abs(count - expected) < 6 * Math.sqrt(expected), `${value}: ${count}`);
  }

  test('Frequency: the eight frequencies, evenly', () => {
    assertUniformOver(
      rows.map((r) => r.frequency),
      ['Never', 'Once', 'Seldom', 'Often', 'Daily', 'Weekly', 'Monthly', 'Yearly'],
    );
  });

  test('Shirt Size: XS to 3XL, evenly', () => {
    assertUniformOver(
      rows.map((r) => r.size),
      ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'],
    );
  });

  test('Race: from races.json, all of it in use', () => {
    assertUniformOver(
      rows.map((r) => r.race),
      RACES,
    );
  });

  test('values repeat for a seed and change with it', () => {
    const fields = [{ name: 'race', type: 'Race' }];
    const first = generateObjects(fields, { count: 200, seed: 1 });
    assert.deepEqual(generateObjects(fields, { count: 200, seed: 1 }), first);
    assert.notDeepEqual(generateObjects(fields, { count: 200, seed: 2 }), first);
  });
});
