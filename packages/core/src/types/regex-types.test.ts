import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { jsEquivalent } from '../regex/js-equivalent.js';
import { compileSchema } from '../schema/compile.js';
import { SchemaError, type Problem } from '../schema/errors.js';
import { findType, PLANNED_TYPES } from './registry.js';

function values(pattern: string, count = 2000, seed: string | number = 'regex-type'): string[] {
  return generateObjects([{ name: 'r', type: 'Regular Expression', value: pattern }], { count, seed }).map(
    (row) => row.r as string,
  );
}

function problems(fields: unknown[]): Problem[] {
  try {
    generateObjects(fields, { count: 1, seed: 1 });
  } catch (error) {
    assert.ok(error instanceof SchemaError, `expected a SchemaError, got ${String(error)}`);
    return error.problems;
  }
  assert.fail(`expected ${JSON.stringify(fields)} to be rejected`);
}

describe('Regular Expression type', () => {
  test('is registered in the Advanced category and no longer planned', () => {
    const type = findType('regular expression');
    assert.equal(type?.name, 'Regular Expression');
    assert.equal(type?.category, 'Advanced');
    assert.ok(!PLANNED_TYPES.includes('Regular Expression'));
  });

  for (const pattern of [
    '(Apt|Suite|Number) \\d{1,5}',
    '\\d{7}',
    '[:upper:]{2}-\\d{3}-[:lower:]{1}',
    '[a-z]{3,8}\\.\\w@(mail|post)\\.(com|net)',
    '[A-F0-9]{8}',
    '[^aeiou]{3}',
    '(ab|cd){2,4}x?',
    '[:name:], [:last_name:]',
  ]) {
    test(`2,000 values match ${pattern}`, () => {
      const check = jsEquivalent(pattern);
      const all = values(pattern);
      assert.equal(all.length, 2000);
      for (const value of all) assert.match(value, check);
    });
  }

  test('same seed, same values', () => {
    const pattern = '[:upper:]{2}-\\d{3}-\\w';
    assert.deepEqual(values(pattern, 300, 5), values(pattern, 300, 5));
    assert.notDeepEqual(values(pattern, 300, 5), values(pattern, 300, 6));
  });

  test("{{field}} inserts that field's value of the same row", () => {
    const rows = generateObjects(
      [
        { name: 'first', type: 'First Name' },
        { name: 'greeting', type: 'Template', value: 'Dr. {first}' },
        { name: 'code', type: 'Regular Expression', value: '{{greeting}}-\\d{2}|\\({{ first }}\\)' },
        { name: 'blank', type: 'First Name', percentBlank: 100 },
        { name: 'empty', type: 'Regular Expression', value: '<{{blank}}>' },
      ],
      { count: 500, seed: 3 },
    );
    for (const row of rows) {
      const check = jsEquivalent('{{greeting}}-\\d{2}|\\({{ first }}\\)', {
        greeting: row.greeting as string,
        first: row.first as string,
      });
      assert.match(row.code as string, check);
      assert.equal(row.empty, '<>');
    }
    assert.ok(
      rows.some((row) => (row.code as string).startsWith('Dr. ')) &&
        rows.some((row) => (row.code as string).startsWith('(')),
    );
  });

  test('a field defined later is read too (references decide the order)', () => {
    const rows = generateObjects(
      [
        { name: 'label', type: 'Regular Expression', value: 'ID-{{n}}' },
        { name: 'n', type: 'Row Number' },
      ],
      { count: 3, seed: 1 },
    );
    assert.deepEqual(
      rows.map((row) => row.label),
      ['ID-1', 'ID-2', 'ID-3'],
    );
  });

  test('invalid patterns are problems on value, naming the field and the position', () => {
    const cases: [string, RegExp][] = [
      ['(Apt|Suite \\d', /"\(" at position 1 is never closed/],
      ['\\d{3,1}', /\{3,1\} at position 3/],
      ['[:foo:]{2}', /unknown class \[:foo:\] at position 1/],
      ['abc\\', /position 4\) escapes nothing/],
      ['a)', /position 2 has no matching/],
    ];
    for (const [pattern, message] of cases) {
      const found = problems([{ name: 'code', type: 'Regular Expression', value: pattern }]);
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.equal(found[0].field, 'code');
      assert.equal(found[0].param, 'value');
      assert.match(found[0].message, message);
    }
  });

  test('unknown {{fields}} and a missing pattern are problems too, all at once', () => {
    const found = problems([
      { name: 'first_name', type: 'First Name' },
      { name: 'a', type: 'Regular Expression', value: '{{first_nme}} \\d' },
      { name: 'b', type: 'Regular Expression' },
      { name: 'c', type: 'Regular Expression', value: '[z-a]' },
    ]);
    const byField = (field: string) => found.filter((p) => p.field === field && p.param === 'value');
    assert.match(byField('a')[0]?.message ?? '', /unknown field "first_nme".*first_name/);
    assert.equal(byField('b').length, 1);
    assert.match(byField('c')[0]?.message ?? '', /out of order/);
  });

  test("declared characters: the pattern's own, plus the referenced fields' when they have any", () => {
    const plan = compileSchema([
      { name: 'code', type: 'Regular Expression', value: '[A-C]-\\d' },
      { name: 'n', type: 'Row Number' },
      { name: 'withField', type: 'Regular Expression', value: 'x{{n}}' },
    ]);
    const characters = (name: string) => plan.fields.find((f) => f.name === name)!.characters;
    assert.equal(characters('code'), '-0123456789ABC');
    // Row Number declares its own set (digits and a minus sign), so the union is known.
    const withField = characters('withField');
    assert.ok(withField !== null);
    for (const ch of 'x0123456789') assert.ok(withField.includes(ch), withField);
  });

  test('a* and (a|b)+ stay bounded', () => {
    for (const value of values('a*', 500)) assert.ok(value.length <= 10, value);
    for (const value of values('(a|b)+', 500)) assert.ok(value.length <= 11, value);
    for (const value of values('(x{0,1000}){0,1000}', 20)) assert.ok(value.length <= 11_000, String(value.length));
  });
});
