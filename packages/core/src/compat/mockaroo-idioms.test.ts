/**
 * Idioms found in real Mockaroo schemas in public repositories, written here in their
 * shapes (not copied): each test asserts the values a Mockaroo user would expect.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import type { Datasets } from '../kernel/define-type.js';

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
    const rows = generateObjects([formula('r', 'rand(3)'), formula('m', 'date("2024-01-02 10:45:00").min')], {
      count: 200,
      seed: 3,
    });
    assert.deepEqual([...new Set(rows.map((r) => r.r))].sort(), [0, 1, 2]);
    assert.equal(rows[0].m, 45);
  });

  test('to_date drops the time of day', () => {
    const row = oneRow([formula('d', '"2024-03-05 17:30:00".to_date.strftime("%Y-%m-%d %H:%M")')]);
    assert.equal(row.d, '2024-03-05 00:00');
  });
});

describe('more Ruby that Mockaroo users write', () => {
  test('floor and ceil at decimals; a Float operand makes the division decimal, as in Ruby', () => {
    const row = oneRow([
      { name: 'n', type: 'Number', min: 17, max: 17, decimals: 0 },
      formula('down', '(n * 1.0 / 7).floor(2)'),
      formula('up', '2.121.ceil(2)'),
      formula('whole', 'n / 7'),
      formula('shifted', '(n + 0.5) / 5'),
    ]);
    assert.deepEqual([row.down, row.up, row.whole, row.shifted], [2.42, 2.13, 2, 3.5]);
  });

  test('texts: slice, chars, count, squeeze, chomp', () => {
    const row = oneRow([
      formula('s', '"abcdef".slice(1, 3) + "|" + "abcdef".slice(-2, 2)'),
      formula('c', '"abc".chars.last'),
      formula('n', '"banana".count("a")'),
      formula('q', '"aaabbc".squeeze'),
      formula('m', '"ab\n".chomp'),
    ]);
    assert.deepEqual([row.s, row.c, row.n, row.q, row.m], ['bcd|ef', 'c', 3, 'abc', 'ab']);
  });

  test('numbers and lists: zero?, positive?, negative?, clamp, uniq, compact, shuffle', () => {
    const row = oneRow([
      formula('signs', '[0.zero?, 3.positive?, -3.negative?, 3.negative?]'),
      formula('held', '[12.clamp(1, 10), -4.clamp(1, 10)]'),
      formula('lists', '[1, 1, nil, 2].compact.uniq'),
    ]);
    assert.deepEqual(row.signs, [true, true, true, false]);
    assert.deepEqual(row.held, [10, 1]);
    assert.deepEqual(row.lists, [1, 2]);
    const shuffled = generateObjects([formula('s', '[1, 2, 3, 4].shuffle')], { count: 50, seed: 2 }).map(
      (r) => r.s as number[],
    );
    assert.ok(shuffled.every((s) => [...s].sort().join() === '1,2,3,4'));
    assert.ok(new Set(shuffled.map((s) => s.join())).size > 1);
  });

  test('rand(a..b) and rand(a...b); case/when with ranges', () => {
    const rows = generateObjects(
      [
        formula('die', 'rand(1..6)'),
        formula('below', 'rand(0...3)'),
        { name: 'score', type: 'Number', min: 1, max: 20, decimals: 0 },
        formula('band', "case score when 1..5 then 'low' when 6...15 then 'mid' else 'high' end"),
      ],
      { count: 300, seed: 4 },
    );
    assert.deepEqual([...new Set(rows.map((r) => r.die))].sort(), [1, 2, 3, 4, 5, 6]);
    assert.deepEqual([...new Set(rows.map((r) => r.below))].sort(), [0, 1, 2]);
    for (const r of rows) {
      const score = r.score as number;
      assert.equal(r.band, score <= 5 ? 'low' : score < 15 ? 'mid' : 'high');
    }
  });
});

describe('Dataset Column "weighted" as Mockaroo exports it (no weight column)', () => {
  test('every dataset row weighs the same: values come up as often as they appear', () => {
    const datasets: Datasets = { stores: { columns: ['store_id'], rows: [['101'], ['101'], ['101'], ['102']] } };
    const rows = generateObjects(
      [
        {
          name: 'store_id',
          type: 'Dataset Column',
          dataset: 'stores',
          column: 'store_id',
          selectionStyle: 'weighted',
          distribution: null,
          formula: '',
        },
      ],
      { count: 4000, seed: 5, datasets },
    );
    const share = rows.filter((r) => r.store_id === '101').length / rows.length;
    assert.ok(share > 0.7 && share < 0.8, `share of 101 was ${share}`);
  });
});

/** Shapes of whole exports seen in public repositories, rewritten with our own names and values. */
describe('real export shapes', () => {
  const NOW = '2025-03-01T12:00:00Z';

  test('a batch of scans (mockaroo2kafka): JSON Array children, weighted dataset rows, now() - seconds(...), a text probability', () => {
    const datasets: Datasets = { shops: { columns: ['shop_id'], rows: [['7'], ['8']] } };
    const rows = generateObjects(
      [
        { name: 'scans', null_percentage: 0, type: 'JSON Array', minItems: 2, maxItems: 4, formula: null },
        {
          name: 'scans.shop',
          null_percentage: 0,
          type: 'Dataset Column',
          dataset: 'shops',
          column: 'shop_id',
          selectionStyle: 'weighted',
          distribution: null,
          formula: '',
        },
        {
          name: 'scans.at',
          null_percentage: 0,
          type: 'Formula',
          value: '(now() - seconds(random(0,59)))',
          formula: '',
        },
        { name: 'scans.qty', null_percentage: 0, type: 'Geometric Distribution', probability: '0.5', formula: '' },
      ],
      { count: 20, seed: 1, datasets, now: NOW },
    );
    for (const row of rows) {
      const scans = row.scans as { shop: string; at: string; qty: number }[];
      assert.ok(scans.length >= 2 && scans.length <= 4);
      for (const scan of scans) {
        assert.ok(['7', '8'].includes(scan.shop));
        const lag = Date.parse(NOW) - Date.parse(scan.at);
        assert.ok(lag >= 0 && lag <= 59_000, scan.at);
        assert.ok(Number.isInteger(scan.qty) && scan.qty >= 1);
      }
    }
  });

  test('a CRM account (Salesforce loader): this in conditions, gsub with a back reference, [:upper:] without brackets, spaced dataset columns', () => {
    const datasets: Datasets = {
      'Codes.v2': {
        columns: ['CODE', ' LABEL '],
        rows: [
          ['111', 'Farming'],
          ['222', 'Mining'],
        ],
      },
    };
    const rows = generateObjects(
      [
        {
          name: 'Kind',
          null_percentage: 0,
          type: 'Custom List',
          values: ['Trust ', 'Individual'],
          selectionStyle: 'random',
          distribution: null,
          formula: '',
        },
        {
          name: 'Sector',
          null_percentage: 0,
          type: 'Custom List',
          values: ['Banking '],
          selectionStyle: 'random',
          distribution: null,
          formula: "if field('Kind') == 'Individual' then nil else this end",
        },
        {
          name: 'Mail',
          null_percentage: 0,
          type: 'Email Address',
          formula: "this.gsub(/\\.([\\w]+)$/, '.\\\\1.fake')",
        },
        { name: 'Serial', null_percentage: 0, type: 'Regular Expression', value: '[:upper:]{2}-\\d{3}', formula: '' },
        {
          name: 'Label',
          null_percentage: 0,
          type: 'Dataset Column',
          dataset: 'Codes.v2',
          column: ' LABEL ',
          selectionStyle: null,
          formula: '',
        },
        {
          name: 'Born',
          null_percentage: 0,
          type: 'Formula',
          value: 'random(now()+days(-9125), now()+days(-15000))',
          formula: '',
        },
      ],
      { count: 40, seed: 2, datasets, now: NOW },
    );
    for (const row of rows) {
      assert.equal(row.Sector, row.Kind === 'Individual' ? null : 'Banking ');
      assert.match(row.Mail as string, /^[^@]+@[^@]+\.[a-z]+\.fake$/);
      assert.match(row.Serial as string, /^[A-Z]{2}-\d{3}$/);
      assert.ok(['Farming', 'Mining'].includes(row.Label as string));
      const ageDays = (Date.parse(NOW) - Date.parse(row.Born as string)) / 86_400_000;
      assert.ok(ageDays >= 9125 - 1 && ageDays <= 15000 + 1, String(row.Born));
    }
  });

  test('an X12 envelope (Mockaroo834X12): nested arrays, field() by the name inside the array, Time.now.strftime, a Datetime reformatted by its formula', () => {
    const rows = generateObjects(
      [
        {
          name: 'env.stamp',
          null_percentage: 0,
          type: 'Formula',
          value: 'concat(Time.now.strftime("%y"),Time.now.strftime("%m"),Time.now.strftime("%d"))',
          formula: null,
        },
        { name: 'env.pad', null_percentage: 0, type: 'Character Sequence', format: '   ^^-##', formula: null },
        { name: 'env.grp', null_percentage: 0, type: 'JSON Array', minItems: 1, maxItems: 1, formula: null },
        { name: 'env.grp.mem', null_percentage: 0, type: 'JSON Array', minItems: 3, maxItems: 3, formula: null },
        {
          name: 'env.grp.mem.on',
          null_percentage: 0,
          type: 'Datetime',
          min: '02/24/2021',
          max: '02/24/2022',
          format: '%Y/%m/%d',
          formula: 'concat(year(this),month(this,true),day(this,true))',
        },
        {
          name: 'env.grp.mem.per.kind',
          null_percentage: 0,
          type: 'Custom List',
          values: ['PH', 'EM'],
          selectionStyle: 'random',
          distribution: null,
          formula: null,
        },
        {
          name: 'env.grp.mem.per.value',
          null_percentage: 0,
          type: 'Formula',
          value: 'if field("per.kind") == "EM" then /[a-z]{5}@example\\.com/.gen else /\\d{10}/.gen end',
          formula: null,
        },
      ],
      { count: 3, seed: 5, now: NOW },
    );
    for (const row of rows) {
      const env = row.env as {
        stamp: string;
        pad: string;
        grp: { mem: { on: string; per: { kind: string; value: string } }[] }[];
      };
      assert.equal(env.stamp, '250301');
      assert.match(env.pad, /^ {3}[A-Z]{2}-\d{2}$/);
      const members = env.grp[0].mem;
      assert.equal(members.length, 3);
      for (const m of members) {
        assert.match(m.on, /^202[12](0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/);
        assert.match(m.per.value, m.per.kind === 'EM' ? /^[a-z]{5}@example\.com$/ : /^\d{10}$/);
      }
    }
  });

  test('old "Date" fields with a strftime formula, and a formula reading a field declared after it', () => {
    const rows = generateObjects(
      [
        {
          name: 'd',
          null_percentage: 0,
          type: 'Date',
          min: '12/17/2000',
          max: '12/16/2018',
          format: '%Y-%m-%d %H:%M:%S',
          formula: 'this.strftime("%d/%m/%Y")',
        },
        {
          name: 'order_number',
          type: 'Formula',
          value: "concat('PO-', year(created_at), '-', random(100000, 999999))",
        },
        { name: 'created_at', type: 'Datetime', min: '1/1/2020', max: '12/31/2020' },
      ],
      { count: 10, seed: 6 },
    );
    for (const row of rows) {
      const [day, month, year] = (row.d as string).split('/').map(Number);
      assert.ok(year >= 2000 && year <= 2018 && month >= 1 && month <= 12 && day >= 1 && day <= 31, String(row.d));
      assert.match(row.order_number as string, /^PO-2020-\d{6}$/);
    }
  });
});
