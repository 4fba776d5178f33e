/**
 * The compiler's fast paths must give what the general rules give:
 * - literal operands (compile-constant-operands.ts), literal branches and when-values
 *   (compile-conditionals.ts), literal arguments (call-arguments.ts) and literal bounds
 *   (compile-index.ts): each formula with a literal is compared with the same formula reading
 *   that value from a field, which the compiler cannot read ahead, so it takes the general rules;
 * - functions and methods called without an argument array (their direct forms) and concat
 *   (compile-concat.ts): compared with their table entry called with an array;
 * over many kinds of values (nil, undefined, -0, floats, integers past 2^53, NaN, infinities,
 * texts with ß, İ and emoji, lists, code(...) texts, dates read from a field).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CounterRandom } from '../random/counter-random.js';
import type { FieldReference, RowState } from '../kernel/define-type.js';
import { ItemList, JsonFragment, Verbatim, type Value } from '../kernel/values.js';
import { compileFormula, type FormulaScope } from './compile-formula.js';
import { rowBudget } from '../kernel/row-budget.js';
import { FUNCTIONS_BY_NAME } from './functions.js';
import { METHODS_BY_NAME } from './methods.js';
import { MAX_TEXT } from './limits.js';

/** Fields x and y (any value), k0..k3 (the literals, as field values) and d (a Date field, %Y-%m-%d). */
const NAMES = ['x', 'y', 'k0', 'k1', 'k2', 'k3', 'd'];

/** With `slots`, references carry their slot and the compiler reads fields in place (field-slots.ts); without, it calls `read`. */
function scope(slots = false): FormulaScope {
  const reference = (slot: number, name: string): FieldReference => ({
    read: (row) => row.values[slot],
    characters: () => null,
    date: name === 'd' ? { output: 'date', format: '%Y-%m-%d' } : undefined,
    // The date field has a slot too: it must still be read as a date, never in place.
    slot: slots ? slot : undefined,
  });
  return {
    field: (name) => (NAMES.includes(name) ? reference(NAMES.indexOf(name), name) : undefined),
    fieldNames: () => NAMES,
    hasThis: false,
    startedAtMs: Date.UTC(2025, 0, 1),
    generationUuid: '00000000-0000-4000-8000-000000000000',
    dataset: () => undefined,
    datasetNames: () => [],
    shared: (_key, make) => make(),
    createType: () => ['no types here'],
  };
}

/** What a formula gives for a row holding `values` (in NAMES order). */
function evaluator(source: string, slots = false): (values: Value[]) => unknown {
  const formula = compileFormula(source, scope(slots));
  return (values) => {
    const row = { values } as unknown as RowState;
    // Each evaluation is a row of its own, with the whole of a row's budget (as the engine does).
    rowBudget.reset();
    const value = formula.evaluate(row, null, new CounterRandom(7));
    // Tells apart what a field would show alike: 2 from '2', -0 from 0 (a field's value is never NaN or infinite: nil).
    return typeof value === 'number' ? ['number', Object.is(value, -0) ? '-0' : String(value)] : value;
  };
}

/** Values a field or a sub-expression can give: numbers of every kind, texts, nil, booleans, lists, code(...) texts. */
const VALUES: Value[] = [
  // undefined: what a read of a value that is not there could give; the runtime reads it as nil.
  undefined as unknown as Value,
  null,
  0,
  -0,
  1,
  -1,
  2,
  3,
  7,
  -7,
  8,
  -8,
  2.5,
  -2.5,
  0.1,
  1 / 3,
  1e21,
  -1e21,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 60),
  1.5 * 2 ** 53,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e308,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  '',
  '0',
  '7',
  '-7',
  '2.5',
  ' 12',
  '3abc',
  'abc',
  'ß',
  'İstanbul',
  'Σ',
  '😀x',
  'a,b',
  true,
  false,
  [1, 2],
  ['7'],
  new Verbatim('7', true),
  new Verbatim('abc', true),
  new JsonFragment('{"a":1}'),
  new ItemList([[1]]),
];

/** Literals as written in a formula, and the value a field holding the same literal has. */
const NUMBER_LITERALS: [string, number][] = [
  ['0', 0],
  ['1', 1],
  ['-1', -1],
  ['2', 2],
  ['3', 3],
  ['-3', -3],
  ['7', 7],
  ['2.5', 2.5],
  ['-0.5', -0.5],
  ['1e3', 1000],
  ['9007199254740991', 9007199254740991],
  [
    '4503599627370496.5',
    4503599627370496 /* 4503599627370496.5 as a double: from 2 ** 52 up doubles are whole numbers, and the tie goes to the even one */,
  ],
  ['- 3', -3],
];
const OTHER_LITERALS: [string, Value][] = [
  ["'a'", 'a'],
  ["''", ''],
  ["'7'", '7'],
  ['nil', null],
  ['true', true],
  ['false', false],
  ["'İ'", 'İ'],
];

/** The date field's texts: a date the formula reads as a FormulaDate, and one it cannot (kept as text). */
const DATES: Value[] = ['2024-02-29', 'not a date', null];

function assertSameOnAll(fast: string, general: string, literals: Value[]): void {
  const withLiteral = evaluator(fast);
  const withField = evaluator(general);
  for (const x of VALUES) {
    for (const d of DATES) {
      const values = [x, 'y', literals[0] ?? null, literals[1] ?? null, literals[2] ?? null, literals[3] ?? null, d];
      assert.deepEqual(
        withLiteral(values),
        withField(values),
        `${fast} against ${general} with x = ${String(x)}, d = ${String(d)}`,
      );
    }
  }
}

describe('fast paths give what the general rules give', () => {
  test('arithmetic with a number on the right: + - * / % and comparisons', () => {
    for (const operator of ['+', '-', '*', '/', '%', '<', '>', '<=', '>=']) {
      for (const [literal, value] of NUMBER_LITERALS) {
        // A decimal literal (2.5, 1e3) makes `/` divide exactly (Ruby's Float): the general rule sees that through 1.0.
        const k0 = operator === '/' && /[.e]/.test(literal) ? '(k0 * 1.0)' : 'k0';
        assertSameOnAll(`x ${operator} ${literal}`, `x ${operator} ${k0}`, [value]);
        assertSameOnAll(`d ${operator} ${literal}`, `d ${operator} ${k0}`, [value]);
      }
    }
  });

  test("Ruby's rules hold on the fast path: -7 % 3 == 2, 7 % -3 == -2, -7 / 2 == -4, 7.0 / 2 == 3.5, x % 0 is nil", () => {
    const at = (source: string, x: Value) => evaluator(source)([x, null, null, null, null, null, null]);
    assert.deepEqual(at('x % 3', -7), ['number', '2']);
    assert.deepEqual(at('x % -3', 7), ['number', '-2']);
    assert.deepEqual(at('x / 2', -7), ['number', '-4']);
    assert.deepEqual(at('x / 2.0', 7), ['number', '3.5']);
    assert.deepEqual(at('x / 2', 7.0), ['number', '3']);
    assert.deepEqual(at('x % 0', 7), null);
    assert.deepEqual(at('x * 2 + 1', null), null);
    assert.deepEqual(at('x % 3', '%05d'), '00003');
    assert.deepEqual(at('x * 3', 'ab'), 'ababab');
  });

  test('== and != with a literal on either side', () => {
    for (const [literal, value] of [...NUMBER_LITERALS, ...OTHER_LITERALS]) {
      for (const operator of ['==', '!=']) {
        assertSameOnAll(`x ${operator} ${literal}`, `x ${operator} k0`, [value]);
        assertSameOnAll(`${literal} ${operator} x`, `k0 ${operator} x`, [value]);
        assertSameOnAll(`d ${operator} ${literal}`, `d ${operator} k0`, [value]);
        assertSameOnAll(`x % 3 ${operator} ${literal}`, `x % k1 ${operator} k0`, [value, 3]);
      }
    }
  });

  test('case with literal when-values and results, and if with literal branches', () => {
    const literals: Value[] = [0, 1, 'a', null];
    assertSameOnAll(
      "case x when 0 then 'zero' when 1, 'a' then 'one' when nil then 'nil' else 'other' end",
      "case x when k0 then 'zero' when k1, k2 then 'one' when k3 then 'nil' else 'other' end",
      literals,
    );
    assertSameOnAll(
      "case x % 3 when 0 then 'a' when 1 then 'b' else 'c' end",
      "case x % 3 when k0 then 'a' when k1 then 'b' else 'c' end",
      literals,
    );
    assertSameOnAll("case d when '2024-02-29' then 1 when 7 then 2 end", 'case d when k2 then 1 when k3 then 2 end', [
      0,
      1,
      '2024-02-29',
      7,
    ]);
    assertSameOnAll("case x when 1 then 'one' end", "case x when k1 then 'one' end", literals);
    assertSameOnAll(
      "case x when 1 then 'one' when 1 then 'again' else nil end",
      "case x when k1 then 'one' when k1 then 'again' else nil end",
      literals,
    );
    assertSameOnAll("if x then 'yes' else 'no' end", 'if x then k0 else k1 end', ['yes', 'no']);
    assertSameOnAll("if x % 2 == 0 then 'even' else 'odd' end", 'if x % k0 == k1 then k2 else k3 end', [
      2,
      0,
      'even',
      'odd',
    ]);
    assertSameOnAll("'big' if x > 2", 'k0 if x > k1', ['big', 2]);
  });

  test('literal arguments of functions and methods, and literal bounds of [start, length]', () => {
    assertSameOnAll("concat(upper(x), '-', x, nil, 7)", 'concat(upper(x), k0, x, k1, k2)', ['-', null, 7]);
    assertSameOnAll('round(x, 2)', 'round(x, k0)', [2]);
    assertSameOnAll('round(x / 3.0, 2)', 'round(x / (k0 * 1.0), k1)', [3, 2]);
    assertSameOnAll("x.to_s.rjust(8, '0')", 'x.to_s.rjust(k0, k1)', [8, '0']);
    assertSameOnAll("pad(x, 5, '*', 'center')", 'pad(x, k0, k1, k2)', [5, '*', 'center']);
    for (const [start, length] of [
      [0, 1],
      [1, 2],
      [-2, 1],
      [-9, 1],
      [9, 1],
      [0, -1],
      [0, 0],
      [2.7, 1.2],
    ]) {
      assertSameOnAll(`x[${start}, ${length}]`, 'x[k0, k1]', [start, length]);
      assertSameOnAll(`d[${start}, ${length}]`, 'd[k0, k1]', [start, length]);
    }
  });

  test('functions and methods called without an argument array give what their table entry gives with one', () => {
    const environment = { random: new CounterRandom(7), startedAt: null as never, generationUuid: '' };
    const fn = (name: string) => FUNCTIONS_BY_NAME.get(name)!;
    const method = (name: string) => METHODS_BY_NAME.get(name)!;
    // [formula, what the table's call gives for x and the literal or field values k0, k1]
    const cases: [string, (x: Value, k: Value[]) => unknown][] = [
      ['upper(x)', (x) => fn('upper').call([x], environment)],
      ['lower(x)', (x) => fn('lower').call([x], environment)],
      ["lower('ÀB')", () => fn('lower').call(['ÀB'], environment)],
      ['round(x)', (x) => fn('round').call([x], environment)],
      ['round(x, 1)', (x) => fn('round').call([x, 1], environment)],
      ['round(x, k0)', (x, k) => fn('round').call([x, k[0]], environment)],
      ['round(2.345, x)', (x) => fn('round').call([2.345, x], environment)],
      ['round(k0, x)', (x, k) => fn('round').call([k[0], x], environment)],
      ['round(1.005, 2)', () => fn('round').call([1.005, 2], environment)],
      ['x.to_s', (x) => method('to_s').call(x, [], environment)],
      ['x.upcase', (x) => method('upcase').call(x, [], environment)],
      ['x.downcase', (x) => method('downcase').call(x, [], environment)],
      ['x.length', (x) => method('length').call(x, [], environment)],
      ['x.size', (x) => method('size').call(x, [], environment)],
      ['d.length', (_x, k) => method('length').call(k[2], [], environment)],
      [
        "x.to_s.rjust(6, '*')",
        (x) => method('rjust').call(method('to_s').call(x, [], environment), [6, '*'], environment),
      ],
      [
        'x.to_s.rjust(k0)',
        (x, k) => method('rjust').call(method('to_s').call(x, [], environment), [k[0]], environment),
      ],
      ['x.to_s.ljust(7)', (x) => method('ljust').call(method('to_s').call(x, [], environment), [7], environment)],
      [
        'x.to_s.ljust(k0, k1)',
        (x, k) => method('ljust').call(method('to_s').call(x, [], environment), [k[0], k[1]], environment),
      ],
    ];
    for (const [source, expected] of cases) {
      const formula = evaluator(source);
      for (const x of VALUES) {
        const k: Value[] = [3, '-', '2024-02-29'];
        const got = formula([x, null, k[0], k[1], null, null, k[2]]);
        const value = expected(x, k);
        const want =
          typeof value === 'number'
            ? Number.isFinite(value)
              ? ['number', Object.is(value, -0) ? '-0' : String(value)]
              : null
            : value;
        assert.deepEqual(got, want, `${source} with x = ${String(x)}`);
      }
    }
  });

  test("concat with literal and row arguments joins what the table's concat joins", () => {
    const concat = FUNCTIONS_BY_NAME.get('concat')!;
    const environment = { random: new CounterRandom(7), startedAt: null as never, generationUuid: '' };
    const cases: [string, (x: Value, y: Value) => unknown[]][] = [
      ['concat(x)', (x) => [x]],
      ["concat('<', x, '>')", (x) => ['<', x, '>']],
      ["concat('a')", () => ['a']],
      ["concat(x, '-', 7, nil, true, -0, 2.50)", (x) => [x, '-', 7, null, true, -0, 2.5]],
      ["concat(upper(x), '-', y)", (x, y) => [FUNCTIONS_BY_NAME.get('upper')!.call([x], environment), '-', y]],
      ['concat(x, y)', (x, y) => [x, y]],
      ["concat('<', x, y, '>')", (x, y) => ['<', x, y, '>']],
      ["concat(x, ',', y, ',', x)", (x, y) => [x, ',', y, ',', x]],
      ['concat(x, y, x, y)', (x, y) => [x, y, x, y]],
      ['concat(1, x, 2, y, 3, x, 4)', (x, y) => [1, x, 2, y, 3, x, 4]],
    ];
    for (const [source, args] of cases) {
      const formula = evaluator(source);
      for (const x of VALUES) {
        for (const y of [null, 'é', 42, [1, 'a'], new Verbatim('v', true)] as Value[]) {
          const got = formula([x, y, null, null, null, null, null]);
          assert.deepEqual(
            got,
            concat.call(args(x, y), environment),
            `${source} with x = ${String(x)}, y = ${String(y)}`,
          );
        }
      }
    }
  });

  test("every call shape charges the text it makes to the row's budget: past it the formula is nil", () => {
    const shapes = [
      'upper(x)',
      "lower('ABCDEFGH')",
      'lower(k1)',
      'x.upcase',
      'x.to_s',
      "x.rjust(9, '0')",
      'x.ljust(k0)',
      'x.ljust(k0, k1)',
      "concat(x, '-', x)",
      'concat(x, k1)',
      '"#{x}-#{x}"',
      'x[0, 8]',
    ];
    for (const source of shapes) {
      const formula = compileFormula(source, scope());
      const row = { values: ['abcdefgh', null, 9, 'ABCDEFGH', null, null, null] } as unknown as RowState;
      rowBudget.reset();
      assert.notEqual(formula.evaluate(row, null, new CounterRandom(7)), null, source);
      rowBudget.reset();
      rowBudget.formulaText = 5;
      assert.equal(formula.evaluate(row, null, new CounterRandom(7)), source === 'x[0, 8]' ? 'abcdefgh' : null, source);
    }
  });

  test('arguments are evaluated before the receiver, as before: the random draws keep their order', () => {
    const draws = evaluator('rand(1000).to_s.rjust(rand(10) + 3, rand(2).to_s)');
    const random = new CounterRandom(7);
    const width = random.below(10) + 3;
    const fill = String(random.below(2));
    const receiver = String(random.below(1000));
    assert.equal(draws([null, null, null, null, null, null, null]), receiver.padStart(width, fill));
  });

  test("a field read in place (field-slots.ts) gives what the reference's read gives, in every shape that reads in place", () => {
    const shapes = [
      'x * 2 + 1',
      'x + 1',
      'x - 1',
      'x * 3',
      'x / 3',
      'x / 3.0',
      'x % 2',
      'x % -3',
      'x < 2',
      'x > 2',
      'x <= 2',
      'x >= 2.5',
      'd + 1',
      'd - 1',
      'd >= 3',
      "x == 'a'",
      'x != 7',
      "'a' == x",
      'nil == x',
      "d == '2024-02-29'",
      "d != 'x'",
      'upper(x)',
      'lower(x)',
      'upper(d)',
      'round(x, 2)',
      'round(2.5, x)',
      'round(x / 3.0, 2)',
      'round(d)',
      "concat(upper(x), '-', x)",
      'concat(x, y)',
      "concat(x, ',', y, ',', d)",
      'concat(d)',
      'x[0, 1]',
      'd[0, 4]',
      'x[-2, 5]',
      '"#{x} #{y}"',
      '"#{x}"',
      '"<#{x}|#{d}|#{y}>"',
      '"#{x}#{y}#{x}#{d}"',
      '"#{d}"',
      "x.to_s.rjust(8, '0')",
      'x.length',
      'd.length',
      'x.to_s',
      'd.to_s',
      "x.rjust(k0, '*')",
      'x.ljust(k0)',
      'y.rjust(x)',
      "case x when 0 then 'a' when 'a' then 'b' else 'c' end",
      "case x % 3 when 0 then 'a' when 1 then 'b' else 'c' end",
      "case d when '2024-02-29' then 1 else 2 end",
      "if x % 2 == 0 then 'even' else 'odd' end",
      "if x then 'yes' else 'no' end",
    ];
    for (const source of shapes) {
      const inPlace = evaluator(source, true);
      const called = evaluator(source, false);
      for (const x of VALUES) {
        for (const y of ['y', null, -0, 2 ** 53 + 2, 'Σß😀', [1, 'a']] as Value[]) {
          for (const d of DATES) {
            const values = [x, y, 3, null, null, null, d];
            assert.deepEqual(
              inPlace(values),
              called(values),
              `${source} with x = ${String(x)}, y = ${String(y)}, d = ${String(d)}`,
            );
          }
        }
      }
    }
  });

  test('interpolation with up to three expressions (compile-interpolation.ts) gives what the general loop gives', () => {
    // The general loop runs for four expressions or more: k2 and k3 hold nil, which adds no text.
    const cases: [string, string][] = [
      ['"#{x}"', '"#{x}#{k2}#{k3}#{k2}"'],
      ['"<#{x}>"', '"<#{x}#{k2}#{k3}#{k2}>"'],
      ['"#{x} #{y}"', '"#{x} #{y}#{k2}#{k3}"'],
      ['"a#{x}b#{y}c"', '"a#{x}b#{y}c#{k2}#{k3}"'],
      ['"#{x}-#{y}-#{d}."', '"#{x}-#{y}-#{d}.#{k2}#{k3}"'],
      ['"#{upper(x)}|#{y.to_s.upcase}|#{x * 2}"', '"#{upper(x)}|#{y.to_s.upcase}|#{x * 2}#{k2}#{k3}"'],
      // upper() charges the row's text budget: it must run only where the loop runs it.
      ['"#{x}#{upper(y)}"', '"#{x}#{upper(y)}#{k2}#{k3}"'],
      ['"#{x}#{y}#{upper(y)}"', '"#{x}#{y}#{upper(y)}#{k2}#{k3}"'],
    ];
    const long = 'é'.repeat(MAX_TEXT);
    const xs: Value[] = [...VALUES, long, long.slice(1), long + 'z', 'a'.repeat(MAX_TEXT - 2)];
    for (const [fast, general] of cases) {
      for (const slots of [false, true]) {
        const joined = compileFormula(fast, scope(slots));
        const looped = compileFormula(general, scope(slots));
        for (const x of xs) {
          for (const y of ['y', null, 7, 'ß', [1, 'a'], long] as Value[]) {
            for (const d of DATES) {
              // Also what the evaluation charged to the row's text budget: an expression past MAX_TEXT is not evaluated.
              const run = (formula: typeof joined) => {
                rowBudget.reset();
                const row = { values: [x, y, null, null, null, null, d] } as unknown as RowState;
                return [formula.evaluate(row, null, new CounterRandom(7)), rowBudget.formulaText];
              };
              assert.deepEqual(
                run(joined),
                run(looped),
                `${fast} with x = ${String(x).slice(0, 20)}, y = ${String(y).slice(0, 20)}, d = ${String(d)}`,
              );
            }
          }
        }
      }
    }
  });

  test('a number read as text (to_s, concat, interpolation) is what String() writes', () => {
    const numbers = [
      ...VALUES.filter((v): v is number => typeof v === 'number'),
      0.5,
      -0.05,
      1.005,
      0.1 + 0.2,
      193250.46,
      9999999999999.99,
      1e13,
      999_999_999,
      1e9,
      -1e9,
      123456789.12,
      5e-324,
      -1e-7,
    ];
    for (let i = 0; i < 2000; i++)
      numbers.push(((i * 7919.37) % 2e6) - 1e6, Math.round(i * 104729.31) / 100, i * 2 ** 40 + 0.5);
    for (const source of ['x.to_s', 'concat(x)', '"#{x}"', "concat('<', x, '>')", 'x.to_s.rjust(3)']) {
      const formula = evaluator(source);
      for (const n of numbers) {
        const text = String(n);
        const want =
          source === "concat('<', x, '>')" ? `<${text}>` : source === 'x.to_s.rjust(3)' ? text.padStart(3) : text;
        assert.equal(formula([n, null, null, null, null, null, null]), want, `${source} with x = ${text}`);
      }
    }
    assert.equal(evaluator('x.to_s')([true, null, null, null, null, null, null]), 'true');
    assert.equal(evaluator('"#{x}"')([false, null, null, null, null, null, null]), 'false');
  });

  test('runs of operators with literals, and if, case and calls over them, give what the general rules give', () => {
    const cases: [string, string, Value[]][] = [
      ['x * 2 + 1', 'x * k0 + k1', [2, 1]],
      ['x - 1 - 2.5', 'x - k0 - k1', [1, 2.5]],
      ['x / 3.0 + 1', 'x / (k0 * 1.0) + k1', [3, 1]],
      ['x / 2 * 2', 'x / k0 * k1', [2, 2]],
      ['x % 3 % 2', 'x % k0 % k1', [3, 2]],
      ['x % 3 == 0', 'x % k0 == k1', [3, 0]],
      ['x * 2 > 5', 'x * k0 > k1', [2, 5]],
      ['x + 1 != 2', 'x + k0 != k1', [1, 2]],
      ['(x >= 2) == true', '(x >= k0) == k1', [2, true]],
      ["(x == 'a') != false", '(x == k0) != k1', ['a', false]],
      ['d + 1 - 1', 'd + k0 - k1', [1, 1]],
      ['round(x * 2 + 1, 1)', 'round(x * k0 + k1, k2)', [2, 1, 1]],
      ['round(x / 3.0)', 'round(x / (k0 * 1.0))', [3]],
      ['upper(x % 3)', 'upper(x % k0)', [3]],
      ["if x * 2 > 5 then 'a' else 'b' end", "if x * k0 > k1 then 'a' else 'b' end", [2, 5]],
      ["if x + 0 then 'a' else 'b' end", "if x + k0 then 'a' else 'b' end", [0]],
      [
        "case x * 2 + 1 when 1 then 'a' when 5 then 'b' else 'c' end",
        "case x * k0 + k1 when 1 then 'a' when 5 then 'b' else 'c' end",
        [2, 1],
      ],
    ];
    for (const [fast, general, literals] of cases) {
      for (const slots of [false, true]) {
        const chainedFormula = evaluator(fast, slots);
        const generalFormula = evaluator(general, slots);
        for (const x of VALUES) {
          for (const d of DATES) {
            const values = [x, 'y', literals[0] ?? null, literals[1] ?? null, literals[2] ?? null, null, d];
            assert.deepEqual(
              chainedFormula(values),
              generalFormula(values),
              `${fast} against ${general} with x = ${String(x)}, d = ${String(d)}`,
            );
          }
        }
      }
    }
  });
});
