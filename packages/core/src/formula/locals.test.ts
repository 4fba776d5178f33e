/** Formulas of several statements with locals, as Mockaroo's formula help and tutorials write them. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseCsv } from 'csv-parse/sync';
import { generateObjects } from '../engine/sample.js';
import { generate } from '../engine/generate.js';
import { streamText } from '../testing/stream-text.js';
import { problemsOf } from '../testing/schema-problems.js';

const formula = (value: string, name = 'f') => ({ name, type: 'Formula', value });
const N = { name: 'n', type: 'Number', min: 1, max: 10, decimals: 0 };

describe('locals and several statements in a formula', () => {
  test("a = 1, then a + 1 on the next line: the value is the last statement's", () => {
    const [row] = generateObjects([formula('a = 1\na + 1')], { seed: 1 });
    assert.equal(row.f, 2);
  });

  test("Mockaroo's help: a = random(1,10), then an if on it; the branch agrees with the local for every row", () => {
    const rows = generateObjects(
      [formula("a = random(1,10)\nif a > 5 then 'big ' + a.to_s else 'small ' + a.to_s end")],
      { seed: 7, count: 200 },
    );
    const seen = new Set<string>();
    for (const { f } of rows) {
      const [word, digits] = String(f).split(' ');
      const a = Number(digits);
      assert.ok(a >= 1 && a <= 10, String(f));
      assert.equal(word, a > 5 ? 'big' : 'small', String(f));
      seen.add(word!);
    }
    assert.deepEqual([...seen].sort(), ['big', 'small']);
  });

  test('statements separated by ";", locals built from fields and methods, branches of several lines', () => {
    const rows = generateObjects(
      [
        N,
        formula(
          "x = n * 2; y = x + 1\nt = 'a b c'.split(' ')\nv = t.first\nif y > 10\n  v = v.upcase\n  v = v * 2\nend\nv",
        ),
      ],
      { seed: 3, count: 50 },
    );
    for (const row of rows) assert.equal(row.f, Number(row.n) * 2 + 1 > 10 ? 'AA' : 'a', JSON.stringify(row));
  });

  test("once assigned, a name is the local, not the field; before that it is the field (Ruby's rule)", () => {
    const rows = generateObjects([N, formula('before = n\nn = 100\n[before, n]')], { seed: 5, count: 20 });
    for (const row of rows) assert.deepEqual(row.f, [row.n, 100]);
  });

  test('locals start as nil in every row: nothing passes from one row to the next', () => {
    const rows = generateObjects([N, formula('if n > 5 then seen = n end\nseen')], { seed: 11, count: 100 });
    for (const row of rows) assert.equal(row.f, Number(row.n) > 5 ? row.n : null, JSON.stringify(row));
  });

  test("every format writes the local's value, escaped as any value is (a field of digits shadowed by a text)", async () => {
    const fields = [{ name: 'n', type: 'Number', min: 1, max: 9, decimals: 0 }, formula('n = \'has, a "comma"\'\nn')];
    const csv = await streamText(generate({ fields, count: 3, seed: 2, writer: { format: 'csv' } }).stream);
    for (const record of parseCsv(csv, { columns: true }) as Record<string, string>[])
      assert.equal(record.f, 'has, a "comma"');
  });

  test('x += 1 and the other compound assignments, as Ruby reads them; ||= on a new name starts from nil', () => {
    const rows = generateObjects(
      [
        N,
        formula(
          "x = n\nx += 2\nx *= 3\nx -= 1\nl = [n]\nl += [0]\nlabel ||= 'none'\nlabel ||= 'never'\nseen &&= 1\n[x, l, label, seen]",
        ),
      ],
      { seed: 6, count: 20 },
    );
    for (const row of rows)
      assert.deepEqual(row.f, [(Number(row.n) + 2) * 3 - 1, [row.n, 0], 'none', null], JSON.stringify(row));
    const [counted] = generateObjects([formula('total = 0\n[1, 2, 3].each { |v| total += v }\ntotal')], { seed: 1 });
    assert.equal(counted.f, 6);
  });

  test('problems name the statement: a local read before it is assigned, a store into a range, too many statements', () => {
    assert.match(problemsOf([formula('x = y + 1\nx')])[0]!.message, /unknown name 'y'.* at 1:5/);
    assert.match(
      problemsOf([formula('x = [1, 2]\nx[0..1] = 2\nx')])[0]!.message,
      /only a local .* or one element .* at 2:9/,
    );
    assert.match(
      problemsOf([formula(Array.from({ length: 201 }, (_, i) => `a${i} = ${i}`).join('\n'))])[0]!.message,
      /too many statements \(a formula has at most 200\)/,
    );
    assert.match(problemsOf([formula('1 +\n')])[0]!.message, /unexpected end of formula/);
    assert.match(problemsOf([formula('a = 1\na +')])[0]!.message, /at 2:4/);
  });

  test('a one-expression formula reads as before: `x -1` still subtracts from the field x', () => {
    const rows = generateObjects([{ name: 'x', type: 'Number', min: 5, max: 9, decimals: 0 }, formula('x -1')], {
      seed: 4,
      count: 10,
    });
    for (const row of rows) assert.equal(row.f, Number(row.x) - 1);
  });
});
