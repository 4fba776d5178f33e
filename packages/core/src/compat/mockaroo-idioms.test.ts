/**
 * Idioms found in real Mockaroo schemas in public repositories (issue 11), written here in their
 * shapes (not copied): each test asserts the values a Mockaroo user would expect.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import type { Datasets } from '../types/define-type.js';

const formula = (name: string, value: string) => ({ name, type: 'Formula', value });

function oneRow(fields: unknown[]): Record<string, unknown> {
  return generateObjects(fields, { count: 1, seed: 11 })[0];
}

describe('Ruby text formatting with % (seen as "%05d" % n)', () => {
  test('zero padding, decimals, several values and a literal percent', () => {
    const row = oneRow([
      { name: 'n', type: 'Number', min: 7, max: 7, decimals: 0 },
      formula('padded', '"%05d" % n'),
      formula('money', '"%.2f" % (n / 3.0)'),
      formula('pair', '"%s-%03d" % ["INV", n]'),
      formula('share', '"%d%%" % 40'),
      formula('left', '"%-4s|" % "ab"'),
      formula('remainder', 'n % 4'),
    ]);
    assert.deepEqual(
      [row.padded, row.money, row.pair, row.share, row.left, row.remainder],
      ['00007', '2.33', 'INV-007', '40%', 'ab  |', 3],
    );
  });
});

describe('Ruby and Rails methods of real formulas', () => {
  test('text: center, titleize, swapcase, empty?', () => {
    const row = oneRow([
      formula('c', '"ab".center(7, "*")'),
      formula('t', '"big_red dog".titleize'),
      formula('s', '"Hello".swapcase'),
      formula('e', '"".empty? && ![1].empty?'),
    ]);
    assert.deepEqual([row.c, row.t, row.s, row.e], ['**ab***', 'Big Red Dog', 'hELLO', true]);
  });

  test('numbers: even?, odd?, between?; lists: sum, max, min, first(n), last(n)', () => {
    const row = oneRow([
      formula('parity', '[4.even?, 4.odd?, 3.odd?]'),
      formula('inside', '5.between?(1, 5)'),
      formula('stats', '[[4, 9, 2].sum, [4, 9, 2].max, [4, 9, 2].min]'),
      formula('ends', '[1, 2, 3].first(2).join("") + [1, 2, 3].last(2).join("")'),
    ]);
    assert.deepEqual(row.parity, [true, false, true]);
    assert.equal(row.inside, true);
    assert.deepEqual(row.stats, [15, 9, 2]);
    assert.equal(row.ends, '1223');
  });

  test('rand(n) is a whole number below n; d.min is still the minute', () => {
    const rows = generateObjects([formula('r', 'rand(3)'), formula('m', 'date("2024-01-02 10:45:00").min')], { count: 200, seed: 3 });
    assert.deepEqual([...new Set(rows.map((r) => r.r))].sort(), [0, 1, 2]);
    assert.equal(rows[0].m, 45);
  });

  test('to_date drops the time of day', () => {
    const row = oneRow([formula('d', '"2024-03-05 17:30:00".to_date.strftime("%Y-%m-%d %H:%M")')]);
    assert.equal(row.d, '2024-03-05 00:00');
  });
});

describe('Dataset Column "weighted" as Mockaroo exports it (no weight column)', () => {
  test('every dataset row weighs the same: values come up as often as they appear', () => {
    const datasets: Datasets = { stores: { columns: ['store_id'], rows: [['101'], ['101'], ['101'], ['102']] } };
    const rows = generateObjects(
      [{ name: 'store_id', type: 'Dataset Column', dataset: 'stores', column: 'store_id', selectionStyle: 'weighted', distribution: null, formula: '' }],
      { count: 4000, seed: 5, datasets },
    );
    const share = rows.filter((r) => r.store_id === '101').length / rows.length;
    assert.ok(share > 0.7 && share < 0.8, `share of 101 was ${share}`);
  });
});
