/** Blocks on lists, hashes, ranges and counts, as Ruby users write them in Mockaroo formulas. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { problemsOf } from '../testing/schema-problems.js';
import { runHandler } from '../handlers/run-handler.js';
import { setup } from '../handlers/handler-fixtures.js';

const formula = (name: string, value: string) => ({ name, type: 'Formula', value });

function values(formulas: Record<string, string>, extra: unknown[] = []): Record<string, unknown> {
  const fields = [...extra, ...Object.entries(formulas).map(([name, value]) => formula(name, value))];
  return generateObjects(fields, { count: 1, seed: 3 })[0]!;
}

describe('blocks in formulas', () => {
  test('the Enumerable methods, with { |x| } and do |x| ... end', () => {
    const row = values({
      sort_by: '[3, 1, 2].sort_by { |e| e }',
      sort_by_desc: "['bb', 'a', 'ccc'].sort_by { |s| -s.length }",
      map: '[1, 2, 3].map { |x| x * 2 }',
      collect: "['a', 'b'].collect do |s|\n  s.upcase\nend",
      select: '(1..10).select { |n| n.even? }',
      reject: '(1...5).reject { |n| n.odd? }',
      find: '[5, 8, 12].find { |n| n > 6 }',
      find_none: '[1].detect { |n| n > 6 }',
      min_by: "['pear', 'fig', 'banana'].min_by { |s| s.length }",
      max_by: "['pear', 'fig', 'banana'].max_by { |s| s.length }",
      sum: '[1, 2, 3].sum { |x| x * 10 }',
      count: '[1, 2, 3, 4].count { |x| x > 2 }',
      any: '[1, 2].any? { |x| x > 1 }',
      all: '[1, 2].all? { |x| x > 1 }',
      none: '[1, 2].none? { |x| x > 5 }',
      inject: '[1, 2, 3, 4].inject { |memo, x| memo * x }',
      reduce_from: '[1, 2, 3].reduce(10) { |memo, x| memo + x }',
      group_by: "['apple', 'avocado', 'bean'].group_by { |s| s[0] }",
      each_slice: '[1, 2, 3, 4, 5].each_slice(2).map { |pair| pair.sum }',
      with_index: "['a', 'b', 'c'].each_with_index.map { |s, i| s * (i + 1) }",
      flat_map: '[1, 2].flat_map { |x| [x, x] }',
      partition: '(1..6).partition { |x| x.even? }',
      uniq: "['a', 'A', 'b'].uniq { |s| s.downcase }",
      times: '3.times.map { |i| i * i }',
      hash_map: '{ a: 1, b: 2 }.map { |k, v| "#{k}=#{v}" }.join(\'&\')',
      hash_select: '{ a: 1, b: 2 }.select { |k, v| v > 1 }.map { |pair| pair[0] }',
      nested: '(1..3).map { |a| (1..a).map { |b| b }.sum }',
      chained: "[' x ', 'y'].map { |s| s.strip }.select { |s| s.length > 0 }.join(',')",
    });
    assert.deepEqual(row, {
      sort_by: [1, 2, 3],
      sort_by_desc: ['ccc', 'bb', 'a'],
      map: [2, 4, 6],
      collect: ['A', 'B'],
      select: [2, 4, 6, 8, 10],
      reject: [2, 4],
      find: 8,
      find_none: null,
      min_by: 'fig',
      max_by: 'banana',
      sum: 60,
      count: 2,
      any: true,
      all: false,
      none: true,
      inject: 24,
      reduce_from: 16,
      group_by: { a: ['apple', 'avocado'], b: ['bean'] },
      each_slice: [3, 7, 5],
      with_index: ['a', 'bb', 'ccc'],
      flat_map: [1, 1, 2, 2],
      partition: [
        [2, 4, 6],
        [1, 3, 5],
      ],
      uniq: ['a', 'b'],
      times: [0, 1, 4],
      hash_map: 'a=1&b=2',
      hash_select: ['b'],
      nested: [1, 3, 6],
      chained: 'x,y',
    });
  });

  test("a block sees the formula's locals and fields; its parameter shadows a local only inside it", () => {
    const row = values({ f: 'x = 10\nbase = n\n[1, 2].map { |x| x + base }.sum + x' }, [
      { name: 'n', type: 'Number', min: 4, max: 4, decimals: 0 },
    ]);
    assert.equal(row.f, 1 + 4 + 2 + 4 + 10);
  });

  test("a JSON Array field through blocks: R.map { |x| x['price'] }.sum", () => {
    const fields = [
      { name: 'R', type: 'JSON Array', minItems: 1, maxItems: 5 },
      { name: 'R.price', type: 'Number', min: 1, max: 50, decimals: 0 },
      formula('total', "R.map { |x| x['price'] }.sum"),
      formula('dear', "R.select { |x| x['price'] > 25 }.length"),
    ];
    for (const row of generateObjects(fields, { count: 20, seed: 8 })) {
      const prices = (row.R as { price: number }[]).map((item) => item.price);
      assert.equal(
        row.total,
        prices.reduce((a, b) => a + b, 0),
      );
      assert.equal(row.dear, prices.filter((p) => p > 25).length);
    }
  });

  test('bounded work: a range or count written past 10,000 items is refused before any row, naming the field and the position', () => {
    const refused = (name: string, value: string) => {
      const [problem] = problemsOf([formula(name, value)]);
      assert.equal(problem!.field, name);
      return problem!.message;
    };
    assert.match(
      refused('f', '(1..1000000000).map { |x| x }'),
      /the range 1\.\.1000000000 has 1,000,000,000 items; a formula walks at most 10,000 items at 1:2/,
    );
    assert.match(refused('g', '100000000.times.map { |i| i }'), /100000000\.times has 100,000,000 items.* at 1:1/);
    assert.match(refused('h', '(1..20000).sum'), /the range 1\.\.20000 has 20,000 items/);
    assert.match(refused('i', '(-20000...0).to_a'), /the range -20000\.\.\.0 has 20,000 items/);
  });

  test('bounded work: bounds from the row past 10,000 items, or 100,000 block calls in one evaluation, give nil; the next formula still works', () => {
    const big = { name: 'big', type: 'Number', min: 1000000000, max: 1000000000, decimals: 0 };
    const row = values(
      {
        huge_range: '(1..big).map { |x| x }',
        huge_times: 'big.times.map { |i| i }',
        huge_sum: '(1..big).sum',
        nested: '(1..1000).map { |a| (1..1000).map { |b| a * b }.sum }.sum',
        deeper: '(1..100).map { |a| (1..100).map { |b| (1..100).map { |c| c }.sum }.sum }.sum',
        after: '(1..3).map { |x| x }.sum',
      },
      [big],
    );
    assert.deepEqual(
      { ...row, big: undefined },
      { big: undefined, huge_range: null, huge_times: null, huge_sum: null, nested: null, deeper: null, after: 6 },
    );
  });

  test('without a block, as Ruby: enumerators read as their items, any?/all?/none? on truthiness, inject(:+), sum(start), ranges as lists', () => {
    const row = values({
      times: '3.times.map',
      range_map: '(1..5).map',
      range_sum: '(1..4).sum',
      range_count: '(1...4).count',
      range_to_a: '(2..4).to_a',
      range_include: '(1..5).include?(3)',
      any: '[nil, false, 1].any?',
      all: '[nil, 1].all?',
      none: '[nil, false].none?',
      inject_plus: '[1, 2, 3, 4].inject(:+)',
      reduce_times: '[1, 2, 3, 4].reduce(:*)',
      inject_start: '(1..4).inject(100, :-)',
      sum_start: '[1, 2].sum(10)',
      sum_block_start: '[1, 2].sum(10) { |x| x * 2 }',
      list_sum: '[1, 2.5].sum',
      hash_select: '{ a: 1, b: 2, c: 3 }.select { |k, v| v.odd? }',
      hash_reject: '{ a: 1, b: 2 }.reject { |k, v| v > 1 }',
      hash_pairs: '{ a: 1, b: 2 }.sort_by { |k, v| -v }',
      each_returns: '[1, 2].each { |x| x * 100 }',
      destructure: '[[1, 2], [3, 4]].map { |a, b| a * b }',
      with_index_inject: "['x', 'y'].each_with_index.inject('') { |memo, pair| memo + pair[0] * (pair[1] + 1) }",
    });
    assert.deepEqual(row, {
      times: [0, 1, 2],
      range_map: [1, 2, 3, 4, 5],
      range_sum: 10,
      range_count: 3,
      range_to_a: [2, 3, 4],
      range_include: true,
      any: true,
      all: false,
      none: true,
      inject_plus: 10,
      reduce_times: 24,
      inject_start: 90,
      sum_start: 13,
      sum_block_start: 16,
      list_sum: 3.5,
      hash_select: { a: 1, c: 3 },
      hash_reject: { a: 1 },
      hash_pairs: [
        ['b', 2],
        ['a', 1],
      ],
      each_returns: [1, 2],
      destructure: [2, 12],
      with_index_inject: 'xyy',
    });
  });

  test('problems without a block: a method that needs one, wrong argument counts', () => {
    assert.match(problemsOf([formula('f', '[1].sort_by')])[0]!.message, /method 'sort_by' needs a block/);
    assert.match(
      problemsOf([formula('f', '[1].each_slice')])[0]!.message,
      /each_slice' without a block takes one argument, got 0/,
    );
    assert.match(
      problemsOf([formula('f', '[1].map(1)')])[0]!.message,
      /method 'map' without a block takes no arguments, got 1/,
    );
  });

  test('problems are reported before any row: a block on a method that takes none, wrong arguments', () => {
    assert.match(
      problemsOf([formula('f', "'a'.upcase { |x| x }")])[0]!.message,
      /method 'upcase' takes no block .* at 1:5/,
    );
    assert.match(
      problemsOf([formula('f', '[1].each_slice { |x| x }')])[0]!.message,
      /each_slice' with a block takes one argument, got 0/,
    );
    assert.match(problemsOf([formula('f', '[1].map { |x| y }')])[0]!.message, /unknown name 'y'/);
  });

  test('in a mock handler too', () => {
    const { body } = runHandler(
      setup('items = [1, 2, 3].map do |x|\n  x * 2\nend\n{ doubled: items, total: items.sum }'),
    );
    assert.deepEqual(JSON.parse(body), { doubled: [2, 4, 6], total: 12 });
  });
});
