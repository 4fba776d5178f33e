import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { generate } from '../engine/generate.js';
import { streamText } from '../testing/stream-text.js';
import { generateObjects } from '../engine/sample.js';
import { compileSchema } from '../schema/compile.js';

/** Values with every kind of character a writer cares about: delimiters, quotes, line breaks, case pairs that change length. */
const WORDS = ['a,b', 'Σ "q"', 'ßİ\n', 'ΟΔΟΣ', "it's", 'x\\y', 'plain'];
const FIELDS = [
  { name: 'w', type: 'Custom List', values: WORDS },
  { name: 'n', type: 'Row Number' },
];

function declared(formula: string): string | null {
  const plan = compileSchema([...FIELDS, { name: 'f', type: 'Formula', value: formula }], {
    startedAtMs: Date.UTC(2025, 0, 1),
  });
  const node = plan.shape.nodes.find((n) => n.key === 'f');
  assert.ok(node?.kind === 'field');
  return node.characters;
}

/** The text a writer would be given: every value of the formula's column. */
function valuesOf(formula: string, count = 60): unknown[] {
  return generateObjects([...FIELDS, { name: 'f', type: 'Formula', value: formula }], { count, seed: 7 }).map(
    (row) => row.f,
  );
}

function assertHonest(formula: string): void {
  const characters = declared(formula);
  if (characters === null) return;
  const allowed = new Set(characters);
  for (const value of valuesOf(formula)) {
    if (typeof value !== 'string') continue;
    for (const character of value)
      assert.ok(
        allowed.has(character),
        `${formula}: ${JSON.stringify(value)} has ${JSON.stringify(character)}, not among ${JSON.stringify(characters)}`,
      );
  }
}

describe('a formula declares the characters its values can hold', () => {
  test('formulas built from fields, literals, case changes and joins declare them', () => {
    for (const formula of [
      "concat(upper(w), '-', n)",
      'lower(w)',
      'w.downcase',
      'w[0, 1]',
      '"#{w} #{n}"',
      "n.to_s.rjust(8, '0')",
      'w.length',
      "if n % 2 == 0 then 'even' else w end",
      "case n % 3 when 0 then 'a' else 'b' end",
      'round(n / 3.0, 2)',
      'n * 2 + 1',
    ]) {
      assert.notEqual(declared(formula), null, formula);
      assertHonest(formula);
    }
  });

  test('a plain formula column is plain to the writers; one that can hold a comma is not', () => {
    assert.doesNotMatch(declared("if n > 2 then 'yes' else 'no' end")!, /[",\n]/);
    assert.match(declared('upper(w)')!, /,/);
  });

  test('lowering Σ declares both sigmas (ς at the end of a word) and İ its dotted i', () => {
    const characters = declared('lower(w)')!;
    for (const character of ['σ', 'ς', 'i', '\u0307']) assert.ok(characters.includes(character), character);
    assert.ok(
      valuesOf('lower(w)').some((v) => typeof v === 'string' && v.includes('ς')),
      'the data has a final sigma',
    );
  });

  test('values that may be dates, lists, hashes, regular expressions, code or anything unknown declare nothing', () => {
    for (const formula of [
      'now()',
      "w.split(',')",
      '[w, n]',
      '{a: w}',
      '/a,b/',
      "code('a,b')",
      "request_params['x']",
      "w.gsub('a', ',')",
      "date_diff('days', now(), now())",
    ]) {
      assert.equal(declared(formula), null, formula);
    }
  });

  test('random formulas over these constructs never produce a character they did not declare', () => {
    const leaf = fc.oneof(
      fc.constant('w'),
      fc.constant('n'),
      fc.constantFrom("'a,b'", "'\"'", "'x y'", '3', '2.5', 'nil', 'true'),
    );
    const formula = fc.letrec<{ expression: string }>((tie) => ({
      expression: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        tie('expression').map((a) => `upper(${a})`),
        tie('expression').map((a) => `lower(${a})`),
        tie('expression').map((a) => `(${a}).to_s`),
        tie('expression').map((a) => `(${a}).upcase`),
        tie('expression').map((a) => `(${a}).rjust(6, '*')`),
        tie('expression').map((a) => `(${a})[1, 2]`),
        tie('expression').map((a) => `"<#{${a}}>"`),
        fc.tuple(tie('expression'), tie('expression')).map(([a, b]) => `concat(${a}, ${b})`),
        fc.tuple(tie('expression'), tie('expression')).map(([a, b]) => `(${a}) + (${b})`),
        fc.tuple(tie('expression'), tie('expression')).map(([a, b]) => `(${a}) || (${b})`),
        fc.tuple(tie('expression'), tie('expression')).map(([a, b]) => `if n % 2 == 0 then ${a} else ${b} end`),
        fc
          .tuple(tie('expression'), tie('expression'))
          .map(([a, b]) => `case n % 3 when 0 then ${a} when 1 then ${b} end`),
      ),
    })).expression;
    fc.assert(
      fc.property(formula, (text) => assertHonest(text)),
      { numRuns: 150, seed: 42 },
    );
  });

  test('CSV and JSON of formula columns parse back to their values', async () => {
    const fields = [
      ...FIELDS,
      { name: 'f', type: 'Formula', value: "concat(lower(w), ',', n)" },
      { name: 'g', type: 'Formula', value: "if n > 3 then upper(w) else 'x' end" },
    ];
    const rows = generateObjects(fields, { count: 40, seed: 5 });
    const csv = await streamText(
      generate({ fields, count: 40, seed: 5, writer: { format: 'csv' }, workers: 1 }).stream,
    );
    const parsed = parse(csv, { columns: true }) as Record<string, string>[];
    assert.deepEqual(
      parsed.map((r) => [r.f, r.g]),
      rows.map((r) => [r.f, r.g]),
    );
    const json = JSON.parse(
      await streamText(generate({ fields, count: 40, seed: 5, writer: { format: 'json' }, workers: 1 }).stream),
    ) as Record<string, unknown>[];
    assert.deepEqual(
      json.map((r) => [r.f, r.g]),
      rows.map((r) => [r.f, r.g]),
    );
  });
});
