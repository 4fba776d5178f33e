import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { en } from '@faker-js/faker';
import { generateObjects } from '../engine/sample.js';

const SUFFIXES = new Set(en.location!.street_suffix!);
const STREET_NAMES = en.location!.street_name!;
const FIRST_NAMES = new Set(en.person!.first_name!.generic!);
const LAST_NAMES = new Set(en.person!.last_name!.generic!);

const SCHEMA = [
  { name: 'address', type: 'Street Address' },
  { name: 'name', type: 'Street Name' },
  { name: 'number', type: 'Street Number' },
  { name: 'suffix', type: 'Street Suffix' },
];

describe('street family', () => {
  const n = 20_000;
  const rows = generateObjects(SCHEMA, { count: n, seed: 'streets' }) as Record<string, string>[];

  test("address = number + space + name, and the name ends with the row's suffix", () => {
    for (const row of rows) {
      assert.equal(row.address, `${row.number} ${row.name}`);
      assert.ok(row.name.endsWith(' ' + row.suffix), `${row.name} / ${row.suffix}`);
    }
  });

  test("suffixes are faker's street suffixes, common ones most often", () => {
    const counts = new Map<string, number>();
    for (const row of rows) {
      assert.ok(SUFFIXES.has(row.suffix), row.suffix);
      counts.set(row.suffix, (counts.get(row.suffix) ?? 0) + 1);
    }
    const ranked = [...counts].sort((a, b) => b[1] - a[1]).map(([suffix]) => suffix);
    assert.deepEqual(ranked.slice(0, 2), ['Street', 'Avenue']);
    assert.ok(counts.size >= 20 && counts.size <= 30, `${counts.size} suffixes`);
    assert.ok(!counts.has('Stravenue') && !counts.has('Loaf'), 'no rare suffixes');
  });

  test("the name before the suffix is a first name, a last name or a real street's stem", () => {
    const streetStems = new Set(STREET_NAMES.map((name) => name.split(' ').slice(0, -1).join(' ')));
    const kinds = new Set<string>();
    for (const row of rows) {
      const stem = row.name.slice(0, -(row.suffix.length + 1));
      assert.ok(stem.length > 1, row.name);
      if (FIRST_NAMES.has(stem)) kinds.add('first');
      else if (LAST_NAMES.has(stem)) kinds.add('last');
      else if (streetStems.has(stem)) kinds.add('street');
      else assert.fail(`unknown stem in ${row.name}`);
    }
    assert.equal(kinds.size, 3);
    assert.ok(new Set(rows.map((r) => r.name)).size > n * 0.45);
  });

  test('numbers have 1 to 5 digits without leading zeros, mostly 3 or 4', () => {
    const byLength = [0, 0, 0, 0, 0, 0];
    for (const row of rows) {
      assert.match(row.number, /^[1-9][0-9]{0,4}$/);
      byLength[row.number.length]++;
    }
    assert.ok(byLength[3] + byLength[4] > n * 0.55, byLength.join(','));
    for (let digits = 1; digits <= 5; digits++) assert.ok(byLength[digits] > n * 0.05, byLength.join(','));
  });

  test('one street per row however many types read it; a repeated type is a second street; repeatable for a seed', () => {
    const twice = generateObjects([...SCHEMA, { name: 'suffix_again', type: 'Street Suffix' }], {
      count: 500,
      seed: 'streets',
    }) as Record<string, string>[];
    twice.forEach((row, i) => assert.equal(row.address, rows[i].address));
    assert.ok(
      twice.filter((row) => row.suffix_again !== row.suffix).length > 250,
      "the second suffix is another street's",
    );
    assert.notDeepEqual(generateObjects(SCHEMA, { count: 500, seed: 'other streets' }), rows.slice(0, 500));
  });
});
