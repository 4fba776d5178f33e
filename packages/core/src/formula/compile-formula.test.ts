import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { generate } from '../engine/generate.js';
import fc from 'fast-check';
import { problemsOf } from '../testing/schema-problems.js';
import { SchemaError } from '../schema/errors.js';
import { streamText } from '../testing/stream-text.js';

/** The value of one Formula field over `count` rows, next to some base fields. */
function formula(expression: string, count = 1, extra: object[] = []): unknown[] {
  const fields = [
    { name: 'id', type: 'Row Number' },
    { name: 'word', type: 'Custom List', values: ['alpha-beta'] },
    { name: 'n', type: 'Sequence', start: 7 },
    ...extra,
    { name: 'f', type: 'Formula', value: expression },
  ];
  return generateObjects(fields, { count, seed: 'formulas' }).map((r) => r.f);
}

const one = (expression: string, extra: object[] = []) => formula(expression, 1, extra)[0];

const text = streamText;

describe('formula language', () => {
  test('the benchmark formula: concat(upper(last_name), "-", id)', () => {
    const rows = generateObjects(
      [
        { name: 'id', type: 'Row Number' },
        { name: 'last_name', type: 'Last Name' },
        { name: 'code', type: 'Formula', value: "concat(upper(last_name), '-', id)" },
      ],
      { count: 50, seed: 1 },
    );
    for (const row of rows) assert.equal(row.code, `${(row.last_name as string).toUpperCase()}-${row.id}`);
  });

  test("arithmetic follows Ruby: integer division floors, % takes the divisor's sign, + joins text", () => {
    assert.equal(one('7 / 2'), 3);
    assert.equal(one('-7 / 2'), -4);
    assert.equal(one('7.0 / 2'), 3.5);
    assert.equal(one('-7 % 3'), 2);
    assert.equal(one('2 + 3 * 4'), 14);
    assert.equal(one('(2 + 3) * 4'), 20);
    assert.equal(one("'id-' + id"), 'id-1');
    assert.equal(one('n * 2 + id'), 15);
    assert.equal(one('1 / 0'), null);
  });

  test('conditionals: if/elsif/else, ternary, case, modifiers', () => {
    assert.deepEqual(formula("if id == 1 then 'one' elsif id == 2 then 'two' else 'many' end", 3), [
      'one',
      'two',
      'many',
    ]);
    assert.deepEqual(formula("id > 1 ? 'big' : 'small'", 2), ['small', 'big']);
    assert.deepEqual(formula("case id when 1 then 'PP' when 2, 3 then 'AT' else 'X' end", 4), ['PP', 'AT', 'AT', 'X']);
    assert.deepEqual(formula("'even' if id % 2 == 0", 2), [null, 'even']);
    assert.deepEqual(formula("'odd' unless id % 2 == 0", 2), ['odd', null]);
    assert.deepEqual(formula("if id == 1\n  'first'\nelse\n  'later'\nend", 2), ['first', 'later']);
  });

  test('blank fields are nil: (x || 0) + 1, x.nil?, x + 1 if x', () => {
    const extra = [{ name: 'maybe', type: 'Row Number', percentBlank: 100 }];
    assert.equal(one('(maybe || 0) + 1', extra), 1);
    assert.equal(one('maybe.nil?', extra), true);
    assert.equal(one('maybe + 1 if maybe', extra), null);
    assert.equal(one('maybe + 1', extra), null);
    assert.equal(one('id.nil?'), false);
  });

  test('methods on text, numbers and lists', () => {
    assert.equal(one('word.upcase'), 'ALPHA-BETA');
    assert.equal(one("word.split('-')[1]"), 'beta');
    assert.equal(one('word[0, 1]'), 'a');
    assert.equal(one('word[0..2]'), 'alp');
    assert.equal(one('word[-1]'), 'a');
    assert.equal(one('word.length'), 10);
    assert.equal(one("'(555) 123-4567'.delete('^0-9')"), '5551234567');
    assert.equal(one("id.to_s.rjust(4, '0')"), '0001');
    assert.equal(one("'42abc'.to_i + 1"), 43);
    assert.equal(one('2.345.round(2)'), 2.35);
    assert.equal(one("word.include?('beta') && word.start_with?('al')"), true);
    assert.equal(one('[3, 1, 2].first'), 3);
    assert.equal(one("['a', 'b'].join('+')"), 'a+b');
    assert.equal(one("'hELLO'.capitalize"), 'Hello');
  });

  test('functions: text, numbers, hashing and encodings', () => {
    assert.equal(one("pad(id, 3, '0', 'left')"), '001');
    assert.equal(one("pad('ab', 6, '*', 'center')"), '**ab**');
    assert.equal(one('format(2.5, 2)'), '2.50');
    assert.equal(one('round(2.345, 2)'), 2.35);
    assert.equal(one("lower('AbC')"), 'abc');
    // RFC 1321 and FIPS 180 test vectors.
    assert.equal(one("digest('abc', 'MD5', 'hex')"), '900150983cd24fb0d6963f7d28e17f72');
    assert.equal(one("digest('abc', 'SHA1', 'hex')"), 'a9993e364706816aba3e25717850c26c9cd0d89d');
    assert.equal(one("base64('hi')"), 'aGk=');
    assert.equal(one("hex('hi')"), '6869');
    assert.equal(one('"#{word}/#{id}"'), 'alpha-beta/1');
  });

  test('dates: date(), arithmetic with durations, parts and strftime', () => {
    assert.equal(one("date('7/4/2015').strftime('%Y-%m-%d')"), '2015-07-04');
    assert.equal(one("(date('1/31/2020') + months(1)).strftime('%F')"), '2020-02-29');
    assert.equal(one("(date('7/4/2015') - days(4)).day"), 30);
    assert.equal(one("date_diff('days', date('1/1/2020'), date('3/1/2020'))"), 60);
    assert.equal(one("year(date('7/4/2015'))"), 2015);
    assert.equal(one("month(date('7/4/2015'), true)"), '07');
    assert.equal(one("epoch(date('1/2/1970'))"), 86400);
    assert.equal(one("date('13/45/2020')"), null);
  });

  test('random() stays in range and is reproducible; now() and data_generation_uuid are fixed for a run', () => {
    const values = formula('random(1, 6)', 2000) as number[];
    assert.ok(values.every((v) => Number.isInteger(v) && v >= 1 && v <= 6));
    assert.equal(new Set(values).size, 6);
    assert.deepEqual(formula('random(1, 6)', 2000), values);
    const decimals = formula('random(0.5, 1.5)', 500) as number[];
    assert.ok(decimals.every((v) => v >= 0.5 && v <= 1.5) && decimals.some((v) => !Number.isInteger(v)));
    assert.equal(new Set(formula('now()', 50)).size, 1);
    const uuids = new Set(formula('data_generation_uuid', 20));
    assert.equal(uuids.size, 1);
    assert.match([...uuids][0] as string, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test("the formula property transforms a field's own value (this)", () => {
    const rows = generateObjects(
      [
        { name: 'n', type: 'Row Number', formula: 'this * 10' },
        { name: 'name', type: 'Custom List', values: ['ann'], formula: 'upper(this)' },
      ],
      { count: 3 },
    );
    assert.deepEqual(
      rows.map((r) => [r.n, r.name]),
      [
        [10, 'ANN'],
        [20, 'ANN'],
        [30, 'ANN'],
      ],
    );
    assert.ok(
      problemsOf([{ name: 'f', type: 'Formula', value: 'this + 1' }]).some(
        (p) => p.param === 'value' && /'this'.*formula property/.test(p.message),
      ),
    );
  });

  test('evaluation follows references whatever the field order; other fields and templates read formula values', () => {
    const rows = generateObjects(
      [
        { name: 'shout', type: 'Formula', value: "upper(greeting) + '!'" },
        { name: 'greeting', type: 'Formula', value: "concat('hi ', name)" },
        { name: 'name', type: 'Custom List', values: ['bo'] },
        { name: 't', type: 'Template', value: '<{shout}>' },
        { name: 'Full Name', type: 'Custom List', values: ['Al B'] },
        { name: 'initial', type: 'Formula', value: "field('Full Name')[0]" },
      ],
      { count: 1 },
    );
    assert.deepEqual(rows[0], {
      shout: 'HI BO!',
      greeting: 'hi bo',
      name: 'bo',
      t: '<HI BO!>',
      'Full Name': 'Al B',
      initial: 'A',
    });
  });

  test('inside a JSON Array, bare names reach siblings and the parent row', () => {
    const rows = generateObjects(
      [
        { name: 'id', type: 'Row Number' },
        { name: 'items', type: 'JSON Array', minItems: 2, maxItems: 2 },
        { name: 'items.n', type: 'Row Number' },
        { name: 'items.label', type: 'Formula', value: "concat(id, '.', n)" },
      ],
      { count: 2 },
    );
    assert.deepEqual(
      rows.map((r) => (r.items as { label: string }[]).map((i) => i.label)),
      [
        ['1.1', '1.2'],
        ['2.1', '2.2'],
      ],
    );
  });

  test('compile errors name the field, line and column, with suggestions, all at once', () => {
    const problems = problemsOf([
      { name: 'id', type: 'Row Number' },
      { name: 'code', type: 'Formula', value: 'uper(id)' },
      { name: 'other', type: 'Formula', value: 'id.upcasee + nope' },
      { name: 'syntax', type: 'Formula', value: '(1 + ' },
      { name: 'arity', type: 'Formula', value: 'concat()' },
      { name: 'prop', type: 'Row Number', formula: 'this +' },
    ]);
    const find = (field: string, pattern: RegExp) =>
      assert.ok(
        problems.some((p) => p.field === field && pattern.test(p.message)),
        `${field}: ${pattern} in ${JSON.stringify(problems)}`,
      );
    find('code', /unknown function 'uper'; did you mean 'upper'\? at 1:1/);
    find('other', /unknown method 'upcasee'; did you mean 'upcase'\? at 1:\d+/);
    find('other', /unknown name 'nope'/);
    find('syntax', / at 1:\d+$/);
    find('arity', /function 'concat' takes 1 to 100 arguments, got 0/);
    assert.ok(problems.some((p) => p.field === 'prop' && p.param === 'formula'));
  });

  test('a cycle between formulas is an error naming the fields', () => {
    const problems = problemsOf([
      { name: 'a', type: 'Formula', value: 'b + 1' },
      { name: 'b', type: 'Formula', value: 'a + 1' },
    ]);
    assert.ok(
      problems.some((p) => /cycle: "(a|b)" -> "(a|b)" -> "(a|b)"/.test(p.message)),
      JSON.stringify(problems),
    );
  });

  test('code() values are written bare in SQL, CSV and JSON', async () => {
    const fields = [{ name: 'at', type: 'Formula', value: "code('CURRENT_TIMESTAMP')" }];
    const sql = await text(generate({ fields, count: 1, seed: 1, writer: { format: 'sql' } }).stream);
    assert.match(sql, /values \(CURRENT_TIMESTAMP\);/);
    const json = await text(generate({ fields, count: 1, seed: 1, writer: { format: 'json' } }).stream);
    assert.equal(json.trim(), '{"at":CURRENT_TIMESTAMP}');
  });

  test('worker threads compute the same formulas (now() and the uuid are shared)', async () => {
    const fields = [
      { name: 'id', type: 'Row Number' },
      { name: 'f', type: 'Formula', value: "concat(data_generation_uuid, '/', random(1, 1000), '/', now().year)" },
    ];
    const one = generate({ fields, count: 40_000, seed: 9, writer: { format: 'csv' }, workers: 1 });
    const two = generate({ fields, count: 40_000, seed: 9, writer: { format: 'csv' }, workers: 2 });
    const [a, b] = await Promise.all([text(one.stream), text(two.stream)]);
    // The start time differs between the two runs by design; compare everything else.
    const strip = (s: string) => s.replace(/\/\d{4}\n/g, '\n');
    assert.equal(strip(a), strip(b));
  });
});

describe('robustness', () => {
  test('any formula text either compiles and evaluates without throwing, or is a schema problem', () => {
    const fragments = fc.constantFrom(
      'id',
      'word',
      'n',
      'nil',
      'true',
      "'x'",
      '"a#{id}b"',
      '1',
      '2.5',
      '-3',
      '(',
      ')',
      '[',
      ']',
      ',',
      '.',
      '+',
      '-',
      '*',
      '/',
      '%',
      '==',
      '<',
      '&&',
      '||',
      '!',
      ' and ',
      ' or ',
      ' not ',
      '?',
      ':',
      ' if ',
      ' then ',
      ' else ',
      ' end',
      ' case ',
      ' when ',
      'concat(',
      'upper(',
      'random(',
      'round(',
      'pad(',
      'date(',
      'now()',
      'days(',
      '.upcase',
      '.split(',
      '.length',
      '.nil?',
      '.to_i',
      '[0]',
      '[0, 2]',
      '[1..2]',
      "field('id')",
      'this',
      'unknown',
      '/x/',
      ' ',
    );
    fc.assert(
      fc.property(fc.array(fragments, { maxLength: 12 }), (parts) => {
        const value = parts.join('');
        try {
          const rows = generateObjects(
            [
              { name: 'id', type: 'Row Number' },
              { name: 'word', type: 'Custom List', values: ['w'] },
              { name: 'n', type: 'Row Number' },
              { name: 'f', type: 'Formula', value },
            ],
            { count: 3, seed: 1 },
          );
          assert.equal(rows.length, 3);
        } catch (error) {
          if (!(error instanceof SchemaError)) throw error;
        }
      }),
      { numRuns: 3000 },
    );
  });
});
