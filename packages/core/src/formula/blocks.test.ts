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
      hash_map: "{ a: 1, b: 2 }.map { |k, v| \"#{k}=#{v}\" }.join('&')",
      hash_select: '{ a: 1, b: 2 }.select { |k, v| v > 1 }.map { |pair| pair[0] }',
      nested: '(1..3).map { |a| (1..a).map { |b| b }.sum }',
      chained: "[' x ', 'y'].map { |s| s.strip }.select { |s| s.length > 0 }.join(',')",
    });
    assert.deepEqual(row, {
      sort_by: [1, 2, 3], sort_by_desc: ['ccc', 'bb', 'a'], map: [2, 4, 6], collect: ['A', 'B'], select: [2, 4, 6, 8, 10], reject: [2, 4],
      find: 8, find_none: null, min_by: 'fig', max_by: 'banana', sum: 60, count: 2, any: true, all: false, none: true, inject: 24, reduce_from: 16,
      group_by: { a: ['apple', 'avocado'], b: ['bean'] }, each_slice: [3, 7, 5], with_index: ['a', 'bb', 'ccc'], flat_map: [1, 1, 2, 2],
      partition: [[2, 4, 6], [1, 3, 5]], uniq: ['a', 'b'], times: [0, 1, 4], hash_map: 'a=1&b=2', hash_select: ['b'], nested: [1, 3, 6], chained: 'x,y',
    });
  });

  test('a block sees the formula\'s locals and fields; its parameter shadows a local only inside it', () => {
    const row = values({ f: 'x = 10\nbase = n\n[1, 2].map { |x| x + base }.sum + x' }, [{ name: 'n', type: 'Number', min: 4, max: 4, decimals: 0 }]);
    assert.equal(row.f, 1 + 4 + 2 + 4 + 10);
  });

  test('a JSON Array field through blocks: R.map { |x| x[\'price\'] }.sum', () => {
    const fields = [
      { name: 'R', type: 'JSON Array', minItems: 1, maxItems: 5 },
      { name: 'R.price', type: 'Number', min: 1, max: 50, decimals: 0 },
      formula('total', "R.map { |x| x['price'] }.sum"),
      formula('dear', "R.select { |x| x['price'] > 25 }.length"),
    ];
    for (const row of generateObjects(fields, { count: 20, seed: 8 })) {
      const prices = (row.R as { price: number }[]).map((item) => item.price);
      assert.equal(row.total, prices.reduce((a, b) => a + b, 0));
      assert.equal(row.dear, prices.filter((p) => p > 25).length);
    }
  });

  test('bounded work: a range or count past 10,000 items, or 100,000 block calls in one evaluation, gives nil; the next formula still works', () => {
    const row = values({
      huge_range: '(1..1000000000).map { |x| x }',
      huge_times: '100000000.times.map { |i| i }',
      nested: '(1..1000).map { |a| (1..1000).map { |b| a * b }.sum }.sum',
      after: '(1..3).map { |x| x }.sum',
    });
    assert.deepEqual(row, { huge_range: null, huge_times: null, nested: null, after: 6 });
  });

  test('problems are reported before any row: a block on a method that takes none, wrong arguments', () => {
    assert.match(problemsOf([formula('f', "'a'.upcase { |x| x }")])[0]!.message, /method 'upcase' takes no block .* at 1:5/);
    assert.match(problemsOf([formula('f', '[1].each_slice { |x| x }')])[0]!.message, /each_slice' with a block takes one argument, got 0/);
    assert.match(problemsOf([formula('f', '[1].map { |x| y }')])[0]!.message, /unknown name 'y'/);
  });

  test('in a mock handler too', () => {
    const { body } = runHandler(setup("items = [1, 2, 3].map do |x|\n  x * 2\nend\n{ doubled: items, total: items.sum }"));
    assert.deepEqual(JSON.parse(body), { doubled: [2, 4, 6], total: 12 });
  });
});
