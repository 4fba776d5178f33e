import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compileSchema } from '../schema/compile.js';
import { SchemaError, type Problem } from '../schema/errors.js';
import { generateObjects } from '../engine/sample.js';
import { problemsOf } from '../testing/schema-problems.js';
import { boundedEditDistance, closestMatch } from './suggest.js';
import {
  MAX_FIELD_NAME_LENGTH,
  MAX_ROW_CHARACTERS,
  MAX_TEMPLATE_LENGTH,
  MAX_TEXT_PARAMETER_LENGTH,
  MAX_TYPE_NAME_LENGTH,
  MAX_VALUES_PER_ROW,
} from './limits.js';

function problemOn(problems: Problem[], field: string | null, param: string | null, pattern: RegExp): Problem {
  const found = problems.find((p) => p.field === field && p.param === param && pattern.test(p.message));
  assert.ok(
    found,
    `no problem for ${field}/${param} matching ${pattern}; got ${JSON.stringify(problems).slice(0, 2000)}`,
  );
  return found;
}

/** Fields f0..f(n-1) made by `spec(i)`, after the given leading fields. */
function manyFields(
  n: number,
  spec: (i: number) => Record<string, unknown>,
  leading: Record<string, unknown>[] = [],
): Record<string, unknown>[] {
  return [...leading, ...Array.from({ length: n }, (_, i) => ({ name: `f${i}`, ...spec(i) }))];
}

describe('limits: values per row, known when the schema compiles', () => {
  test('four nested JSON Arrays of 100 items (100 million values a row) are refused, naming the field and the number', () => {
    const problems = problemsOf([
      { name: 'a', type: 'JSON Array', minItems: 100, maxItems: 100 },
      { name: 'a.b', type: 'JSON Array', minItems: 100, maxItems: 100 },
      { name: 'a.b.c', type: 'JSON Array', minItems: 100, maxItems: 100 },
      { name: 'a.b.c.d', type: 'JSON Array', minItems: 100, maxItems: 100 },
      { name: 'a.b.c.d.v', type: 'Row Number' },
    ]);
    const problem = problemOn(problems, 'a.b.c.d', null, /100,000,000/);
    assert.match(problem.message, new RegExp(MAX_VALUES_PER_ROW.toLocaleString('en-US')));
    assert.match(problem.message, /"a" \(100 items\) × "a\.b" \(100 items\) × "a\.b\.c" \(100 items\)/);
  });

  test('Repeating Elements nested three deep with a [100] leaf are refused too', () => {
    const problems = problemsOf([
      { name: 'r', type: 'Repeating Element', minElements: 1, maxElements: 100 },
      { name: 'r.s', type: 'Repeating Element', maxElements: 100 },
      { name: 'r.s.t', type: 'Repeating Element', maxElements: 100 },
      { name: 'r.s.t.v[100]', type: 'Digit Sequence', format: '###' },
    ]);
    const problem = problemOn(problems, 'r.s.t.v[100]', null, /up to 101,010,100 values/);
    assert.match(problem.message, /this field makes up to 100,000,000/);
  });

  test('ordinary nesting compiles: 100 items of 100 items of a few fields', () => {
    compileSchema([
      { name: 'a', type: 'JSON Array', maxItems: 100 },
      { name: 'a.b', type: 'JSON Array', maxItems: 100 },
      { name: 'a.b.x', type: 'Row Number' },
      { name: 'a.b.tags[5]', type: 'Digit Sequence', format: '##' },
    ]);
  });
});

describe('limits: each row has a budget of values and of text', () => {
  test("formula lists past the row's values are nil, the earlier ones intact", () => {
    // Each field is a list of 10,000 items (a formula's longest): the eleventh passes 100,000.
    const fields = manyFields(11, () => ({ type: 'Formula', value: "'x'.rjust(10000).split('')" }));
    const [row] = generateObjects(fields, { seed: 1 });
    assert.equal((row.f0 as unknown[]).length, 10_000);
    assert.equal((row.f9 as unknown[]).length, 10_000);
    assert.equal(row.f10, null);
  });

  test("text past the row's characters is nil: 250 fields of 1,000 sentences stay under the bound", () => {
    const fields = manyFields(250, () => ({ type: 'Sentences', min: 1000, max: 1000 }));
    const [row] = generateObjects(fields, { seed: 2 });
    const values = Object.values(row);
    const total = values.reduce((sum: number, v) => sum + (typeof v === 'string' ? v.length : 0), 0);
    assert.ok(total <= MAX_ROW_CHARACTERS, `${total} characters`);
    assert.ok(typeof row.f0 === 'string' && row.f0.length > 10_000);
    assert.equal(row.f249, null);
    // Once a value is nil for the budget, every later one is too: no gaps that depend on lengths.
    const firstNil = values.indexOf(null);
    assert.ok(firstNil > 100 && values.slice(firstNil).every((v) => v === null));
  });

  test('the budget is per row: the next row starts afresh', () => {
    const fields = manyFields(11, () => ({ type: 'Formula', value: "'x'.rjust(10000).split('')" }));
    const rows = generateObjects(fields, { seed: 1, count: 2 });
    assert.equal((rows[1].f9 as unknown[]).length, 10_000);
    assert.equal(rows[1].f10, null);
  });
});

describe('limits: text per value', () => {
  test('Templates growing fourfold per field stop at the documented length instead of throwing', () => {
    const fields: Record<string, unknown>[] = [{ name: 't0', type: 'Words', min: 1000, max: 1000 }];
    for (let i = 1; i <= 16; i++)
      fields.push({ name: `t${i}`, type: 'Template', value: `{t${i - 1}}{t${i - 1}}{t${i - 1}}{t${i - 1}}` });
    const [row] = generateObjects(fields, { seed: 3 });
    const t0 = row.t0 as string;
    assert.equal(row.t1, t0.repeat(4), 'a short template is untouched');
    for (let i = 2; i <= 16; i++) assert.ok((row[`t${i}`] as string).length <= MAX_TEMPLATE_LENGTH, `t${i}`);
    assert.equal((row.t16 as string).length, MAX_TEMPLATE_LENGTH);
  });
});

describe('limits: formulas and patterns share a budget per row', () => {
  const longText = { name: '__text', type: 'Custom List', values: ['a'.repeat(MAX_TEXT_PARAMETER_LENGTH)] };

  test('regular-expression matching: 40 fields of one maximal match each cannot multiply the work', () => {
    const fields = manyFields(40, () => ({ type: 'Formula', value: '__text =~ /a$/' }), [longText]);
    const [row] = generateObjects(fields, { seed: 4 });
    assert.equal(row.f0, MAX_TEXT_PARAMETER_LENGTH - 1);
    assert.equal(row.f39, null);
  });

  test('scan and gsub draw on the same matching budget', () => {
    const fields = manyFields(
      40,
      (i) => ({
        type: 'Formula',
        value: i % 2 === 0 ? '__text.scan(/aaaaaaaaaa/).size' : "__text.gsub(/b/, 'c').size",
      }),
      [longText],
    );
    const [row] = generateObjects(fields, { seed: 5 });
    assert.equal(row.f0, 10_000);
    assert.equal(row.f1, MAX_TEXT_PARAMETER_LENGTH);
    assert.equal(row.f38, null);
    assert.equal(row.f39, null);
  });

  test("text built by formulas (tr here): past the row's budget the formula is nil", () => {
    const fields = manyFields(150, () => ({ type: 'Formula', value: "__text.tr('a-z', 'b')" }), [longText]);
    const [row] = generateObjects(fields, { seed: 6 });
    assert.equal(row.f0, 'b'.repeat(MAX_TEXT_PARAMETER_LENGTH));
    assert.equal(row.f149, null);
  });

  test('interpolation is cut like other formula texts, and a list too long to join is nil, not a crash', () => {
    const [row] = generateObjects(
      [
        longText,
        { name: 'twice', type: 'Formula', value: '"#{__text}#{__text}"' },
        {
          name: 'joined',
          type: 'Formula',
          value:
            '([__text, __text, __text, __text, __text, __text, __text, __text] + [__text, __text, __text, __text, __text, __text, __text, __text]).size',
        },
        { name: '__t', type: 'Custom List', values: ['a'.repeat(MAX_TEXT_PARAMETER_LENGTH)] },
        // 1,900 texts of 100,000 characters as JSON: 190 million characters.
        { name: 'json', type: 'Formula', value: '[' + Array(1900).fill('__t').join(', ') + '].to_s' },
        { name: 'short', type: 'Formula', value: "[1, 'b', [2]].to_s" },
      ],
      { seed: 9 },
    );
    assert.equal((row.twice as string).length, 100_000);
    assert.equal(row.joined, 16);
    assert.equal(row.json, null);
    assert.equal(row.short, '[1,"b",[2]]');
  });

  test("tr and delete with sets of many ranges give Ruby's answers", () => {
    const [row] = generateObjects(
      [
        { name: 's', type: 'Custom List', values: ['hello-world 42'] },
        { name: 'tr', type: 'Formula', value: "s.tr('a-y', 'b-z')" },
        { name: 'neg', type: 'Formula', value: "s.tr('^a-z', '_')" },
        { name: 'first', type: 'Formula', value: "s.tr('lol', 'xyz')" },
        { name: 'del', type: 'Formula', value: "s.delete('0-9z-a-lo')" },
      ],
      { seed: 7 },
    );
    assert.equal(row.tr, 'ifmmp-xpsme 42');
    assert.equal(row.neg, 'hello_world___');
    assert.equal(row.first, 'hexxy-wyrxd 42', 'the first occurrence of l in the set wins');
    assert.equal(row.del, 'hewrd ', 'digits, the empty range z-a, "-", l and o');
  });

  test("Regular Expression fields: past the row's rounds a value is nil, never a value that does not match", () => {
    const fields = manyFields(200, () => ({ type: 'Regular Expression', value: '(.{100}){100}' }));
    const [row] = generateObjects(fields, { seed: 8 });
    assert.equal((row.f0 as string).length, 10_000);
    assert.equal(row.f199, null);
    for (const value of Object.values(row)) assert.ok(value === null || (value as string).length === 10_000);
  });
});

describe('limits: names and parameters', () => {
  test('a field name, a type name and a text parameter too long are refused, naming the field and parameter', () => {
    const longName = 'n'.repeat(MAX_FIELD_NAME_LENGTH + 1);
    const problems = problemsOf([
      { name: longName, type: 'Row Number' },
      { name: 'typed', type: 'x'.repeat(2000) },
      { name: 'tpl', type: 'Template', value: 'y'.repeat(MAX_TEXT_PARAMETER_LENGTH + 1) },
      { name: 'list', type: 'Custom List', values: ['ok', 'z'.repeat(MAX_TEXT_PARAMETER_LENGTH + 1)] },
    ]);
    const name = problems.find((p) => p.param === 'name')!;
    assert.match(name.message, new RegExp(`${MAX_FIELD_NAME_LENGTH + 1} characters; at most ${MAX_FIELD_NAME_LENGTH}`));
    assert.ok(name.field!.length < 100, 'the message does not repeat the whole name');
    const type = problemOn(problems, 'typed', 'type', new RegExp(`at most ${MAX_TYPE_NAME_LENGTH} characters`));
    assert.ok(type.message.length < 300, 'nor the whole type');
    problemOn(problems, 'tpl', 'value', /100,001 characters; at most 100,000/);
    problemOn(problems, 'list', 'values', /item 2 has 100,001 characters/);
  });

  test('values quoted in messages are cut', () => {
    const problems = problemsOf([{ name: 'n', type: 'Number', min: 'q'.repeat(50_000) }]);
    const problem = problemOn(problems, 'n', 'min', /is not a number/);
    assert.ok(problem.message.length < 300);
  });

  test('1,000 fields with long unknown types are each reported, without a suggestion search', () => {
    let error: unknown;
    try {
      compileSchema(manyFields(1000, () => ({ type: 'Q'.repeat(2000) })));
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof SchemaError);
    assert.equal(error.problems.length, 1000);
    for (const problem of error.problems) assert.ok(problem.message.length < 300, 'the type is quoted cut');
  });

  test('suggestions still find near misses', () => {
    assert.equal(closestMatch('Frist Name', ['First Name', 'Last Name', 'City']), 'First Name');
    assert.equal(closestMatch('x'.repeat(9_000_000), ['First Name']), null);
  });

  test('the bounded edit distance equals the full one below its limit, and reports the limit otherwise', () => {
    const full = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++)
          d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      }
      return d[a.length][b.length];
    };
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 12 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 1, max: 8 }), (a, b, limit) => {
        assert.equal(boundedEditDistance(a, b, limit), Math.min(full(a, b), limit));
      }),
    );
  });
});
