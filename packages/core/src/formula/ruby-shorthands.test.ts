/**
 * Ruby idioms Mockaroo users write beyond plain blocks: storing into a hash or list
 * (`h['k'] = v`, `h['n'] += 1`), `&:name` block passes, `%w[...]` word lists and `(k, v)`
 * parameters. Checked by value, in JSON and in CSV.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseCsv } from 'csv-parse/sync';
import { generateObjects } from '../engine/sample.js';
import { generate } from '../engine/generate.js';
import { streamText } from '../testing/stream-text.js';
import { problemsOf } from '../testing/schema-problems.js';

const formula = (value: string, name = 'f') => ({ name, type: 'Formula', value });
const ITEMS = [
  { name: 'R', type: 'JSON Array', minItems: 1, maxItems: 4 },
  { name: 'R.n', type: 'Number', min: 1, max: 9, decimals: 0 },
];

describe('storing into a hash or list in a formula', () => {
  test("h = {}, then h['k'] = ..., h['k'] += 1: the hash built over several statements", () => {
    const rows = generateObjects(
      [
        { name: 'q', type: 'Number', min: 1, max: 5, decimals: 0 },
        formula("h = {}\nh['qty'] = q\nh['total'] = q * 2\nh['total'] += 1\nh"),
      ],
      { seed: 2, count: 30 },
    );
    for (const row of rows) assert.deepEqual(row.f, { qty: row.q, total: Number(row.q) * 2 + 1 });
  });

  test('list[i] = v grows the list with nils as Ruby does; a negative index counts from the end', () => {
    const [row] = generateObjects([formula("a = [1, 2]\na[4] = 5\na[-1] = 'last'\na[0] += 10\na")], { seed: 1 });
    assert.deepEqual(row.f, [11, 2, null, null, 'last']);
  });

  test("a block's store changes the formula's copy of a JSON Array: R afterwards sees it, the R field's own output does not", () => {
    const rows = generateObjects([...ITEMS, formula("R.each { |r| r['double'] = r['n'] * 2 }\nR")], {
      seed: 9,
      count: 40,
    });
    for (const row of rows) {
      const items = row.R as { n: number }[];
      assert.ok(
        items.every((item) => Object.keys(item).join() === 'n'),
        JSON.stringify(row.R),
      );
      assert.deepEqual(
        row.f,
        items.map((item) => ({ n: item.n, double: item.n * 2 })),
      );
    }
  });

  test('a store never reaches the next row or another formula reading the same field', () => {
    const rows = generateObjects([...ITEMS, formula("R[0]['n'] = 100\nR[0]['n']", 'a'), formula("R.first['n']", 'b')], {
      seed: 4,
      count: 30,
    });
    for (const row of rows) {
      assert.equal(row.a, 100);
      assert.equal(row.b, (row.R as { n: number }[])[0]!.n);
      assert.ok((row.R as { n: number }[])[0]!.n < 10);
    }
  });

  test('a store that cannot happen (into nil, into text, a list index that is no number) gives nil', () => {
    const [row] = generateObjects(
      [formula("n = nil\nn['x'] = 1", 'a'), formula("s = 'abc'\ns[0] = 'z'", 'b'), formula("l = [1]\nl['x'] = 2", 'c')],
      { seed: 1 },
    );
    assert.deepEqual([row.a, row.b, row.c], [null, null, null]);
  });

  test('a key named __proto__ is stored as a key and reaches no prototype', () => {
    const [row] = generateObjects([formula("h = {}\nh['__proto__'] = 'x'\nh['__proto__']")], { seed: 1 });
    assert.equal(row.f, 'x');
    assert.equal(({} as Record<string, unknown>).x, undefined);
  });

  test('CSV prints the stored hash as JSON text', async () => {
    const csv = await streamText(
      generate({ fields: [formula("h = {}\nh['a'] = 1\nh")], count: 2, seed: 1, writer: { format: 'csv' } }).stream,
    );
    const records = parseCsv(csv, { columns: true }) as Record<string, string>[];
    assert.deepEqual(
      records.map((r) => JSON.parse(r.f!)),
      [{ a: 1 }, { a: 1 }],
    );
  });
});

describe('&:name, %w[...] and (k, v) parameters', () => {
  test('list.map(&:upcase) is list.map { |x| x.upcase }; &:nil? and &:to_s work too', () => {
    const [row] = generateObjects(
      [
        formula("['a', 'b'].map(&:upcase)", 'a'),
        formula('[1, nil].map(&:nil?)', 'b'),
        formula('[1, 2].map(&:to_s).join', 'c'),
      ],
      { seed: 1 },
    );
    assert.deepEqual(row.a, ['A', 'B']);
    assert.deepEqual(row.b, [false, true]);
    assert.equal(row.c, '12');
  });

  test('%w[a b c] and %i(x y) are lists of texts; other delimiters close themselves', () => {
    const [row] = generateObjects(
      [
        formula('%w[red green blue].join("|")', 'a'),
        formula('%i(x y).length', 'b'),
        formula('%w|one two|.last', 'c'),
        formula('%w[].length', 'd'),
      ],
      { seed: 1 },
    );
    assert.deepEqual([row.a, row.b, row.c, row.d], ['red|green|blue', 2, 'two', 0]);
  });

  test('%w[...].sample picks among its words, every word over 300 rows', () => {
    const rows = generateObjects([formula('%w[S M L XL].sample')], { seed: 3, count: 300 });
    assert.deepEqual([...new Set(rows.map((r) => r.f))].sort(), ['L', 'M', 'S', 'XL']);
  });

  test('(k, v) spreads one parameter: a hash with its index, a nested pair', () => {
    const [row] = generateObjects(
      [
        formula("{'a' => 1, 'b' => 2}.each_with_index.map { |(k, v), i| \"#{k}#{v}#{i}\" }.join(',')", 'a'),
        formula('[[1, [2, 3]]].map { |a, (b, c)| a + b + c }.first', 'b'),
      ],
      { seed: 1 },
    );
    assert.equal(row.a, 'a10,b21');
    assert.equal(row.b, 6);
  });

  test('mistakes are named with their position', () => {
    assert.match(problemsOf([formula('%w[a b')])[0]!.message, /unterminated word list .* at 1:1/);
    assert.match(
      problemsOf([formula('[1].map(&:to_s) { |x| x }')])[0]!.message,
      /one block: "&:name" or \{ \.\.\. \}, not both at 1:17/,
    );
    assert.match(problemsOf([formula('concat(&:upcase)')])[0]!.message, /passes a block to a method .* at 1:8/);
    assert.match(
      problemsOf([formula('[1].map { |a, (b, a)| a }')])[0]!.message,
      /duplicate block parameter "a" at 1:19/,
    );
  });
});
