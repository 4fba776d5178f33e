import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { problemsOf } from '../testing/schema-problems.js';
import type { Datasets } from '../kernel/define-type.js';

const COUNT = 20_000;

/** Share of rows (of those passing `where`) whose `field` is `value`. */
function share(
  rows: Record<string, unknown>[],
  field: string,
  value: string,
  where: (r: Record<string, unknown>) => boolean = () => true,
): number {
  const selected = rows.filter(where);
  return selected.filter((r) => r[field] === value).length / selected.length;
}

describe('selectionStyle custom: weighted rules', () => {
  const fields = [
    { name: 'Active', type: 'Custom List', values: ['Yes', 'No', 'Maybe'] },
    {
      name: 'paid',
      type: 'Custom List',
      values: ['Yes', 'No'],
      selectionStyle: 'custom',
      distribution: [
        { rule: "field('Active') == 'Yes'", frequencies: { Yes: 1, No: 0 } },
        { rule: "field('Active') == 'No'", frequencies: { Yes: '1', No: '3' } },
      ],
    },
  ];
  const rows = generateObjects(fields, { count: COUNT, seed: 'weights' });

  test('the first matching rule decides, by its weights (numbers or numeric strings)', () => {
    assert.equal(
      share(rows, 'paid', 'Yes', (r) => r.Active === 'Yes'),
      1,
    );
    // 1:3 -> 25% Yes; the standard error over ~6,700 rows is about 0.5%.
    assert.ok(Math.abs(share(rows, 'paid', 'Yes', (r) => r.Active === 'No') - 0.25) < 0.02);
  });

  test('without a matching rule the pick is uniform', () => {
    assert.ok(Math.abs(share(rows, 'paid', 'Yes', (r) => r.Active === 'Maybe') - 0.5) < 0.025);
  });

  test('a rule without a condition always holds; a distribution with random is used too', () => {
    const out = generateObjects(
      [
        {
          name: 'size',
          type: 'Custom List',
          values: ['S', 'M', 'L'],
          distribution: [{ frequencies: { S: 1, M: 2, L: 7 } }],
        },
      ],
      { count: COUNT, seed: 1 },
    );
    assert.ok(Math.abs(share(out, 'size', 'L') - 0.7) < 0.02);
    assert.ok(Math.abs(share(out, 'size', 'S') - 0.1) < 0.015);
  });

  test('frequency keys match values with trailing spaces trimmed, either way round', () => {
    const out = generateObjects(
      [
        {
          name: 'rating',
          type: 'Custom List',
          values: ['Hot ', 'Warm ', 'Cold'],
          distribution: [{ rule: null, frequencies: { Hot: 0, Warm: 1, 'Cold ': 0 } }],
        },
      ],
      { count: 200, seed: 2 },
    );
    assert.ok(out.every((row) => row.rating === 'Warm '));
  });

  test('Dataset Column takes the same rules over the column values', () => {
    const datasets: Datasets = { t: { columns: ['tier'], rows: [['gold'], ['silver'], ['gold'], ['bronze']] } };
    const out = generateObjects(
      [
        {
          name: 'tier',
          type: 'Dataset Column',
          dataset: 't',
          column: 'tier',
          selectionStyle: 'custom',
          distribution: [{ rule: 'true', frequencies: { gold: 0, silver: 1, bronze: 1 } }],
        },
      ],
      { count: 2_000, seed: 1, datasets },
    );
    assert.ok(out.every((r) => r.tier === 'silver' || r.tier === 'bronze'));
    assert.ok(Math.abs(share(out, 'tier', 'silver') - 0.5) < 0.05);
  });

  test('problems name the rule and what is wrong', () => {
    const list = (distribution: unknown, style = 'custom') => [
      { name: 'a', type: 'Row Number' },
      { name: 'x', type: 'Custom List', values: ['Yes', 'No'], selectionStyle: style, distribution },
    ];
    const message = (distribution: unknown) =>
      problemsOf(list(distribution))
        .map((p) => `${p.param}: ${p.message}`)
        .join(' | ');
    assert.match(message(undefined), /distribution: selectionStyle custom needs a distribution/);
    assert.match(message([{ rule: 'a ==', frequencies: { Yes: 1 } }]), /distribution\[0\]\.rule: /);
    assert.match(
      message([{ rule: 'a > 1', frequencies: { Yse: 1 } }]),
      /distribution\[0\]\.frequencies: "Yse" is not one of the values/,
    );
    assert.match(message([{ rule: 'a > 1', frequencies: { Yes: -1 } }]), /must be a number of 0 or more/);
    assert.match(message([{ rule: 'a > 1', frequencies: { Yes: 0, No: 0 } }]), /every weight is 0/);
    assert.match(message(['x']), /distribution\[0\]: each rule is an object/);
    assert.match(message([{ rule: 'nope == 1', frequencies: { Yes: 1 } }]), /unknown name 'nope'/);
  });
});
