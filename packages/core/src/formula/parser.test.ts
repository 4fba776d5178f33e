import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FormulaError, type FormulaNode, type Position } from './ast.js';
import { MAX_FORMULA_LENGTH, MAX_NESTING_DEPTH, parseFormula } from './parser.js';

// ---- helpers: trees without positions, and small constructors for expected shapes

type Plain = unknown;

/** The tree with every `position` removed, for shape comparisons. */
function strip(value: unknown): Plain {
  if (Array.isArray(value)) return value.map(strip);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value))
      if (key !== 'position' && key !== 'namePosition') out[key] = strip(inner);
    return out;
  }
  return value;
}

const shape = (source: string): Plain => strip(parseFormula(source));

const int = (value: number) => ({ kind: 'number', value, integer: true });
const dec = (value: number) => ({ kind: 'number', value, integer: false });
const str = (...parts: Plain[]) => ({ kind: 'string', parts });
const name = (n: string) => ({ kind: 'name', name: n });
const nil = { kind: 'nil' };
const bool = (value: boolean) => ({ kind: 'boolean', value });
const call = (n: string, args: Plain[] = [], keywords: { name: string; value: Plain }[] = []) => ({
  kind: 'call',
  name: n,
  args,
  keywords,
});
const meth = (receiver: Plain, n: string, args: Plain[] = []) => ({ kind: 'method', receiver, name: n, args });
const index = (receiver: Plain, ...args: Plain[]) => ({ kind: 'index', receiver, args });
const bin = (operator: string, left: Plain, right: Plain) => ({ kind: 'binary', operator, left, right });
const un = (operator: string, operand: Plain) => ({ kind: 'unary', operator, operand });
const iff = (condition: Plain, then: Plain, otherwise: Plain = null) => ({ kind: 'if', condition, then, otherwise });
const range = (from: Plain, to: Plain, exclusive = false) => ({ kind: 'range', from, to, exclusive });
const regex = (source: string, flags = '') => ({ kind: 'regex', source, flags });
const x = name('x');

function parseError(source: string): FormulaError {
  try {
    parseFormula(source);
  } catch (error) {
    assert.ok(
      error instanceof FormulaError,
      `expected FormulaError for ${JSON.stringify(source)}, got ${String(error)}`,
    );
    return error;
  }
  assert.fail(`expected ${JSON.stringify(source)} to fail`);
}

const lineColumn = (p: Position): string => `${p.line}:${p.column}`;

// ---- literals and names

describe('parser: literals', () => {
  test('numbers', () => {
    assert.deepEqual(shape('1'), int(1));
    assert.deepEqual(shape('2.5'), dec(2.5));
    assert.deepEqual(shape('1_000'), int(1000));
    assert.deepEqual(shape('-2'), int(-2));
    assert.deepEqual(shape('- 2'), un('-', int(2)));
  });

  test('strings, with and without interpolation', () => {
    assert.deepEqual(shape("'a b'"), str('a b'));
    assert.deepEqual(shape("''"), str());
    assert.deepEqual(shape('"a\\tb"'), str('a\tb'));
    assert.deepEqual(shape('"#{first} #{last}"'), str(name('first'), ' ', name('last')));
    assert.deepEqual(shape('"n=#{x + 1}!"'), str('n=', bin('+', x, int(1)), '!'));
    assert.deepEqual(shape('"a#{}b"'), str('ab'));
    assert.deepEqual(shape('"#{"#{x}"}"'), str(str(x)));
    assert.deepEqual(shape("'#{x}'"), str('#{x}'));
    assert.deepEqual(shape('"#{x if x}"'), str(iff(x, x)));
  });

  test('true, false, nil, arrays and hashes', () => {
    assert.deepEqual(shape('true'), bool(true));
    assert.deepEqual(shape('false'), bool(false));
    assert.deepEqual(shape('nil'), nil);
    assert.deepEqual(shape('[]'), { kind: 'array', items: [] });
    assert.deepEqual(shape('[1, "a", [x],]'), {
      kind: 'array',
      items: [int(1), str('a'), { kind: 'array', items: [x] }],
    });
    assert.deepEqual(shape('{}'), { kind: 'hash', entries: [] });
    assert.deepEqual(shape('{ a: 1, "b" => 2, \'c\' => x, "d": nil, if: 3 }'), {
      kind: 'hash',
      entries: [
        { key: 'a', value: int(1) },
        { key: 'b', value: int(2) },
        { key: 'c', value: x },
        { key: 'd', value: nil },
        { key: 'if', value: int(3) },
      ],
    });
    assert.deepEqual(shape("{a: 1}['a']"), index({ kind: 'hash', entries: [{ key: 'a', value: int(1) }] }, str('a')));
  });

  test('regex literals', () => {
    assert.deepEqual(shape('/(PH|CP)/i'), regex('(PH|CP)', 'i'));
    assert.deepEqual(shape('x =~ /^a/'), bin('=~', x, regex('^a')));
    assert.deepEqual(shape('x !~ /^a/'), un('!', bin('=~', x, regex('^a'))));
    assert.deepEqual(shape('x / 2'), bin('/', x, int(2)));
  });

  test('names, this, calls with keyword arguments', () => {
    assert.deepEqual(shape('this'), name('this'));
    assert.deepEqual(shape('__key'), name('__key'));
    assert.deepEqual(shape('now'), name('now'));
    assert.deepEqual(shape('now()'), call('now'));
    assert.deepEqual(shape('f(1, x,)'), call('f', [int(1), x]));
    assert.deepEqual(
      shape('generate("Number", min: 1, max: x)'),
      call(
        'generate',
        [str('Number')],
        [
          { name: 'min', value: int(1) },
          { name: 'max', value: x },
        ],
      ),
    );
  });
});

// ---- operators

describe('parser: operators and precedence', () => {
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(name);

  test('arithmetic: * / % over + -, left to right', () => {
    assert.deepEqual(shape('a + b * c'), bin('+', a, bin('*', b, c)));
    assert.deepEqual(shape('a - b - c'), bin('-', bin('-', a, b), c));
    assert.deepEqual(shape('a / b % c'), bin('%', bin('/', a, b), c));
    assert.deepEqual(shape('(a + b) * c'), bin('*', bin('+', a, b), c));
  });

  test('comparison over equality over && over ||', () => {
    assert.deepEqual(shape('a < b == c >= d'), bin('==', bin('<', a, b), bin('>=', c, d)));
    assert.deepEqual(shape('a || b && c'), bin('||', a, bin('&&', b, c)));
    assert.deepEqual(shape('a == b || c != d'), bin('||', bin('==', a, b), bin('!=', c, d)));
    assert.deepEqual(shape('a <= b && c > d'), bin('&&', bin('<=', a, b), bin('>', c, d)));
  });

  test('and/or are lowest and equal (Ruby), not just above them, ! and - bind tightest', () => {
    assert.deepEqual(shape('a or b and c'), bin('and', bin('or', a, b), c));
    assert.deepEqual(shape('a and b || c'), bin('and', a, bin('||', b, c)));
    assert.deepEqual(shape('not a and b'), bin('and', un('not', a), b));
    assert.deepEqual(shape('not a == b'), un('not', bin('==', a, b)));
    assert.deepEqual(shape('!a == b'), bin('==', un('!', a), b));
    assert.deepEqual(shape('-a * b'), bin('*', un('-', a), b));
    assert.deepEqual(shape('-a.abs'), un('-', meth(a, 'abs')));
    assert.deepEqual(shape('-2.abs'), meth(int(-2), 'abs'));
    assert.deepEqual(shape('!!a'), un('!', un('!', a)));
    assert.deepEqual(shape('+a'), a);
  });

  test('ternary: above and/or, below ranges and ||, right-associative', () => {
    assert.deepEqual(shape('a ? b : c'), iff(a, b, c));
    assert.deepEqual(shape('a || b ? c : d'), iff(bin('||', a, b), c, d));
    assert.deepEqual(shape('a ? b : c ? d : x'), iff(a, b, iff(c, d, x)));
    assert.deepEqual(shape('a ? b ? c : d : x'), iff(a, iff(b, c, d), x));
    assert.deepEqual(shape('a and b ? c : d'), bin('and', a, iff(b, c, d)));
    assert.deepEqual(shape('x.nil? ? 0 : x'), iff(meth(x, 'nil?'), int(0), x));
  });

  test('ranges sit between the ternary and ||, also inside brackets', () => {
    assert.deepEqual(shape('a..b'), range(a, b));
    assert.deepEqual(shape('a...b'), range(a, b, true));
    assert.deepEqual(shape('a + 1..b || c'), range(bin('+', a, int(1)), bin('||', b, c)));
    assert.deepEqual(shape('s[1..3]'), index(name('s'), range(int(1), int(3))));
    assert.deepEqual(shape('s[1..-1]'), index(name('s'), range(int(1), int(-1))));
    assert.deepEqual(shape('(1..5).sample'), meth(range(int(1), int(5)), 'sample'));
  });

  test('postfix chains: methods, indexing, calls', () => {
    assert.deepEqual(shape("s.split('-')[1]"), index(meth(name('s'), 'split', [str('-')]), int(1)));
    assert.deepEqual(shape('x.a.b(1).c'), meth(meth(meth(x, 'a'), 'b', [int(1)]), 'c'));
    assert.deepEqual(shape('x[0][1]'), index(index(x, int(0)), int(1)));
    assert.deepEqual(shape('x.include?("a")'), meth(x, 'include?', [str('a')]));
    assert.deepEqual(shape('x.start_with?("a")'), meth(x, 'start_with?', [str('a')]));
    assert.deepEqual(shape('x.class'), meth(x, 'class'));
    assert.deepEqual(shape('x\n  .strip\n  .upcase'), meth(meth(x, 'strip'), 'upcase'));
  });

  test('modifier if/unless apply to the whole expression and chain', () => {
    assert.deepEqual(shape('x + 1 if x'), iff(x, bin('+', x, int(1))));
    assert.deepEqual(shape('x unless a or b'), iff(un('!', bin('or', a, b)), x));
    assert.deepEqual(shape('x if a if b'), iff(b, iff(a, x)));
    assert.deepEqual(shape('(x if a) || b'), bin('||', iff(a, x), b));
  });
});

// ---- if / unless / case

describe('parser: conditionals', () => {
  const [a, b, c] = ['a', 'b', 'c'].map(name);

  test('if/elsif/else/end on one line', () => {
    assert.deepEqual(shape('if a then 1 elsif b then 2 else 3 end'), iff(a, int(1), iff(b, int(2), int(3))));
    assert.deepEqual(shape('if a then 1 end'), iff(a, int(1)));
    assert.deepEqual(
      shape("if field('Type') == 'Individual' then nil else this end"),
      iff(bin('==', call('field', [str('Type')]), str('Individual')), nil, name('this')),
    );
  });

  test('multi-line if without then: a newline ends the condition', () => {
    const source = 'if a\n  1\nelsif b ||\n   c\n  2\nelse\n  3\nend';
    assert.deepEqual(shape(source), iff(a, int(1), iff(bin('||', b, c), int(2), int(3))));
    assert.deepEqual(shape('if a\nthen 1\nend'), iff(a, int(1)));
    assert.deepEqual(shape('if a; 1; else 2; end'), iff(a, int(1), int(2)));
    assert.deepEqual(shape('if f(a,\n b)\n 1\nend'), iff(call('f', [a, b]), int(1)));
    // A leading-dot continuation stays part of the condition.
    assert.deepEqual(shape('if x\n  .nil?\n  1\nend'), iff(meth(x, 'nil?'), int(1)));
  });

  test('a newline-separated minus starts the body, not a subtraction', () => {
    assert.deepEqual(shape('if a\n-1\nend'), iff(a, int(-1)));
    // Outside a condition a newline is whitespace.
    assert.deepEqual(shape('a\n- 1'), bin('-', a, int(1)));
  });

  test('empty branches are nil, as in Ruby', () => {
    assert.deepEqual(shape('if a then else 2 end'), iff(a, nil, int(2)));
  });

  test('unless negates the condition and takes else', () => {
    assert.deepEqual(shape('unless a then 1 else 2 end'), iff(un('!', a), int(1), int(2)));
    assert.deepEqual(shape('unless a\n 1\nend'), iff(un('!', a), int(1)));
  });

  test('if is an expression', () => {
    assert.deepEqual(shape('1 + if a then 2 else 3 end'), bin('+', int(1), iff(a, int(2), int(3))));
    assert.deepEqual(shape('if if a then b end then 1 end'), iff(iff(a, b), int(1)));
  });

  test('case with a subject, one line and many', () => {
    const expected = {
      kind: 'case',
      subject: x,
      branches: [
        { values: [int(1)], body: str('PP') },
        { values: [int(2), int(3)], body: str('AT') },
      ],
      otherwise: str('X'),
    };
    assert.deepEqual(shape('case x when 1 then "PP" when 2, 3 then "AT" else "X" end'), expected);
    assert.deepEqual(shape('case x\nwhen 1\n  "PP"\nwhen 2,\n     3\n  "AT"\nelse\n  "X"\nend'), expected);
    assert.deepEqual(shape('case x when 1..5 then a end'), {
      kind: 'case',
      subject: x,
      branches: [{ values: [range(int(1), int(5))], body: a }],
      otherwise: null,
    });
  });

  test('case without a subject: each when is a condition', () => {
    assert.deepEqual(shape('case\nwhen x > 1 then a\nwhen x < 0\n  b\nelse c end'), {
      kind: 'case',
      subject: null,
      branches: [
        { values: [bin('>', x, int(1))], body: a },
        { values: [bin('<', x, int(0))], body: b },
      ],
      otherwise: c,
    });
    assert.deepEqual(shape('case when a then 1 end'), {
      kind: 'case',
      subject: null,
      branches: [{ values: [a], body: int(1) }],
      otherwise: null,
    });
  });
});

// ---- positions

describe('parser: positions', () => {
  test('each node starts at its first character', () => {
    const tree = parseFormula('foo(1, "a#{b}")  +  x.y') as Extract<FormulaNode, { kind: 'binary' }>;
    assert.deepEqual(tree.position, { line: 1, column: 1, offset: 0 });
    const left = tree.left as Extract<FormulaNode, { kind: 'call' }>;
    assert.deepEqual(
      left.args.map((arg) => lineColumn(arg.position)),
      ['1:5', '1:8'],
    );
    const interpolated = left.args[1] as Extract<FormulaNode, { kind: 'string' }>;
    assert.equal(lineColumn((interpolated.parts[1] as FormulaNode).position), '1:12');
    assert.deepEqual(tree.right.position, { line: 1, column: 21, offset: 20 });
  });

  test('positions in a multi-line formula', () => {
    const tree = parseFormula('if a\n  x + 1\nelsif b\n  -2\nend') as Extract<FormulaNode, { kind: 'if' }>;
    assert.equal(lineColumn(tree.position), '1:1');
    assert.equal(lineColumn(tree.condition.position), '1:4');
    assert.deepEqual(tree.then.position, { line: 2, column: 3, offset: 7 });
    const elsif = tree.otherwise as Extract<FormulaNode, { kind: 'if' }>;
    assert.equal(lineColumn(elsif.position), '3:1');
    assert.equal(lineColumn(elsif.condition.position), '3:7');
    assert.equal(lineColumn(elsif.then.position), '4:3');
  });

  test('case, hash and regex positions', () => {
    const tree = parseFormula('  case x\n  when /a/ then {k: 1}\n  end') as Extract<FormulaNode, { kind: 'case' }>;
    assert.equal(lineColumn(tree.position), '1:3');
    assert.equal(lineColumn(tree.branches[0].values[0].position), '2:8');
    assert.equal(lineColumn(tree.branches[0].body.position), '2:17');
  });
});

// ---- errors

describe('parser: errors', () => {
  const cases: [source: string, reason: RegExp, where: string][] = [
    ['(1 + 2', /^expected "\)" to close "\(" opened at 1:1, found end of formula$/, '1:7'],
    ['f(1 + (2 * 3)', /^expected "," or "\)" to close "\(" opened at 1:2/, '1:14'],
    ['end', /^unexpected "end"$/, '1:1'],
    ['1 + end', /^unexpected "end"$/, '1:5'],
    ['x end', /^unexpected "end"$/, '1:3'],
    ['1 +', /^unexpected end of formula/, '1:4'],
    ['', /^formula is empty$/, '1:1'],
    ['  # only a comment', /^formula is empty$/, '1:19'],
    ['a b', /^unexpected "b" after a complete expression; a formula is one expression/, '1:3'],
    ['a\nb', /^unexpected "b" after a complete expression/, '2:1'],
    ["'a' 'b'", /^unexpected string "b" after a complete expression/, '1:5'],
    ['x if', /^unexpected end of formula/, '1:5'],
    ["x + 'abc", /^unterminated string$/, '1:5'],
    ['if a then 1', /^expected "end" to close "if" opened at 1:1, found end of formula$/, '1:12'],
    ['if a\n  1\nelse\n  2', /^expected "end" to close "if" opened at 1:1/, '4:4'],
    ['if a 1 end', /^expected "then" or a newline after the condition of "if" at 1:1, found "1"$/, '1:6'],
    ['unless a then 1 elsif b then 2 end', /^expected "end" to close "unless"/, '1:17'],
    ['case x end', /^expected "when" after "case" at 1:1, found "end"$/, '1:8'],
    ['case x when 1 then 2', /^expected "end" to close "case"/, '1:21'],
    ['a ? b', /^expected ":" to complete "\?" at 1:3, found end of formula$/, '1:6'],
    ['[1, 2', /^expected "," or "\]" to close "\[" opened at 1:1/, '1:6'],
    ['{a: 1', /^expected "," or "}" to close "{" opened at 1:1/, '1:6'],
    ['{1 => 2}', /^hash keys must be names/, '1:2'],
    ['{"a#{x}" => 2}', /^hash keys must be names/, '1:2'],
    ['{a: 1, a: 2}', /^duplicate hash key "a"$/, '1:8'],
    ['f(a: 1, 2)', /^positional arguments must come before keyword arguments$/, '1:9'],
    ['f(a: 1, a: 2)', /^duplicate keyword argument "a"$/, '1:9'],
    ['x.f(a: 1)', /^keyword arguments \("a:"\) are not supported in method calls$/, '1:5'],
    ['x.', /^expected a method name after "\.", found end of formula$/, '1:3'],
    ['x.1', /^expected a method name after "\."/, '1:3'],
    ['x[]', /^expected an index inside "\[\]"$/, '1:2'],
    ['a == b == c', /^"==" cannot be chained; add parentheses$/, '1:8'],
    ['1..2..3', /^".." cannot be chained/, '1:5'],
    ['s[1..]', /^a range needs an end value/, '1:6'],
    ['x = 1', /^assignment \("="\) is not supported; use "==" to compare$/, '1:3'],
    ['2 ** 3', /^operator "\*\*" is not supported$/, '1:3'],
    ['x&.y', /safe navigation/, '1:2'],
    ['x.map { |v v }', /^expected "\|" to close "\{" opened at 1:7, found "v"$/, '1:12'],
    ['x.map { |v, v| v }', /^duplicate block parameter "v"$/, '1:13'],
    ['x.map do |v| v', /^expected "end" to close "do" opened at 1:7/, '1:15'],
    ['f(:a)', /^symbols/, '1:3'],
    ['"#{a b}"', /^expected "}" to close "#\{" opened at 1:2, found "b"$/, '1:6'],
    ['f(x if y)', /^expected "," or "\)"/, '1:5'],
    ['"a\\d"', /^unknown escape/, '1:3'],
    ['x\n  + @y', /^unexpected character "@"$/, '2:5'],
  ];
  for (const [source, reason, where] of cases) {
    test(`${JSON.stringify(source)} -> ${reason.source} at ${where}`, () => {
      const error = parseError(source);
      assert.match(error.reason, reason);
      assert.equal(lineColumn(error.position), where);
      assert.equal(error.message, `${error.reason} at ${where}`);
    });
  }

  test('the first error in the source is the one reported', () => {
    // The unterminated string comes after the bad token; the parser must not lex ahead to it.
    assert.match(parseError(') + "abc').reason, /^unexpected "\)"$/);
  });

  test('deep nesting is a FormulaError, not a stack overflow', () => {
    for (const source of [
      '('.repeat(5000),
      '('.repeat(4000) + '1' + ')'.repeat(4000),
      '['.repeat(5000),
      '-'.repeat(5000) + '1',
      '!'.repeat(5000) + 'x',
      'f('.repeat(3000),
      'if '.repeat(3000),
      '"#{'.repeat(3000),
      'a ? '.repeat(2000),
    ]) {
      assert.match(parseError(source).reason, /nesting too deep|nested too deeply/, source.slice(0, 10));
    }
    const deep = '('.repeat(MAX_NESTING_DEPTH + 1) + '1' + ')'.repeat(MAX_NESTING_DEPTH + 1);
    assert.match(parseError(deep).reason, /^nesting too deep \(more than 100 levels\)$/);
    const fine = '('.repeat(50) + '1' + ')'.repeat(50);
    assert.deepEqual(shape(fine), int(1));
  });

  test('long left-associative chains are bounded too (the tree height, not only recursion)', () => {
    const chain = parseError('1' + ' + 1'.repeat(2000));
    assert.match(chain.reason, /^formula is nested too deeply \(more than 1000 levels\)$/);
    assert.ok(chain.position.column > 1000, 'points where the limit was crossed, not at the chain start');
    assert.match(parseError('x' + '.a'.repeat(3000)).reason, /nested too deeply/);
    assert.doesNotThrow(() => parseFormula('1' + ' + 1'.repeat(200)));
  });

  test('source length is bounded', () => {
    const error = parseError('1' + ' '.repeat(MAX_FORMULA_LENGTH));
    assert.match(error.reason, /^formula is too long \(10001 characters; the limit is 10000\)$/);
    assert.doesNotThrow(() => parseFormula('1' + ' '.repeat(MAX_FORMULA_LENGTH - 1)));
  });
});

// ---- real-world formulas, as Mockaroo users write them

describe('parser: formulas seen in real schemas', () => {
  test('they parse to the expected shapes', () => {
    const random = (lo: number, hi: number) => call('random', [int(lo), int(hi)]);
    const expectations: [string, Plain][] = [
      [
        'now() - years(random(0,60)) - months(random(0,10))',
        bin('-', bin('-', call('now'), call('years', [random(0, 60)])), call('months', [random(0, 10)])),
      ],
      ['now() - seconds(random(0,59))', bin('-', call('now'), call('seconds', [random(0, 59)]))],
      ['now() + days(-9125)', bin('+', call('now'), call('days', [int(-9125)]))],
      [
        'random(now()+days(-9125), now()+days(-15000))',
        call('random', [
          bin('+', call('now'), call('days', [int(-9125)])),
          bin('+', call('now'), call('days', [int(-15000)])),
        ]),
      ],
      ['this[0,1]', index(name('this'), int(0), int(1))],
      ["field('X') == nil", bin('==', call('field', [str('X')]), nil)],
      ['/(PH|CP)/.gen', meth(regex('(PH|CP)'), 'gen')],
      ['/\\d{1}/.gen.to_i', meth(meth(regex('\\d{1}'), 'gen'), 'to_i')],
      [
        'case x when 1 then "PP" when 2 then "AT" else "X" end',
        {
          kind: 'case',
          subject: x,
          branches: [
            { values: [int(1)], body: str('PP') },
            { values: [int(2)], body: str('AT') },
          ],
          otherwise: str('X'),
        },
      ],
      [
        "if field('Type') == 'Individual' then nil else this end",
        iff(bin('==', call('field', [str('Type')]), str('Individual')), nil, name('this')),
      ],
      [
        'request_params["page"].to_i * 10 + __key',
        bin('+', bin('*', meth(index(name('request_params'), str('page')), 'to_i'), int(10)), name('__key')),
      ],
      ["request_entity['x']", index(name('request_entity'), str('x'))],
      ['(x || 0) + 1', bin('+', bin('||', x, int(0)), int(1))],
      ['x + 1 if x', iff(x, bin('+', x, int(1)))],
      ['x.nil?', meth(x, 'nil?')],
      ['"#{first} #{last}"', str(name('first'), ' ', name('last'))],
      [
        'from_dataset("People", "name", id: person_id)',
        call('from_dataset', [str('People'), str('name')], [{ name: 'id', value: name('person_id') }]),
      ],
      ["concat(upper(last_name), '-', id)", call('concat', [call('upper', [name('last_name')]), str('-'), name('id')])],
      ['x.strftime("%Y-%m-%dT%H:%M:%SZ")', meth(x, 'strftime', [str('%Y-%m-%dT%H:%M:%SZ')])],
      ["s.split('-')[1]", index(meth(name('s'), 'split', [str('-')]), int(1))],
      ["s.delete('^0-9')", meth(name('s'), 'delete', [str('^0-9')])],
      ["s.gsub(/\\.([\\w]+)$/, '.\\\\1.fake')", meth(name('s'), 'gsub', [regex('\\.([\\w]+)$'), str('.\\1.fake')])],
      ["field('__seq')", call('field', [str('__seq')])],
      ["field('Role.__rndRoleType')", call('field', [str('Role.__rndRoleType')])],
      [
        'times_reached_base / at_bats + slugging',
        bin('+', bin('/', name('times_reached_base'), name('at_bats')), name('slugging')),
      ],
      ['my_date + years(2)', bin('+', name('my_date'), call('years', [int(2)]))],
      ['digest(x, "SHA256", "hex")', call('digest', [x, str('SHA256'), str('hex')])],
      ['code("CURRENT_TIMESTAMP")', call('code', [str('CURRENT_TIMESTAMP')])],
      ['data_generation_started_at', name('data_generation_started_at')],
      ["date('7/4/2015')", call('date', [str('7/4/2015')])],
      ["date_diff('days', a, b)", call('date_diff', [str('days'), name('a'), name('b')])],
      ['x.round(2)', meth(x, 'round', [int(2)])],
      ['x.rjust(5, "0")', meth(x, 'rjust', [int(5), str('0')])],
    ];
    for (const [source, expected] of expectations) assert.deepEqual(shape(source), expected, source);
  });

  test('a commented multi-line formula', () => {
    const source = [
      '# choose the prefix',
      'if field(\'Type\') == "Individual" # people',
      '  "P-#{id}"',
      'elsif x.nil? then nil',
      'else',
      '  s.upcase[0, 3]  # short code',
      'end',
    ].join('\n');
    assert.deepEqual(
      shape(source),
      iff(
        bin('==', call('field', [str('Type')]), str('Individual')),
        str('P-', name('id')),
        iff(meth(x, 'nil?'), nil, index(meth(name('s'), 'upcase'), int(0), int(3))),
      ),
    );
    assert.equal(lineColumn(parseFormula(source).position), '2:1');
  });
});

// ---- property tests: only FormulaError, and always a prompt answer

const VALID = [
  'now() - years(random(0,60)) - months(random(0,10))',
  'this[0,1]',
  "field('X') == nil",
  '/(PH|CP)/.gen',
  'case x when 1 then "PP" when 2 then "AT" else "X" end',
  "if field('Type') == 'Individual' then nil else this end",
  'request_params["page"].to_i * 10 + __key',
  '(x || 0) + 1',
  'x + 1 if x',
  '"#{first} #{last}"',
  'from_dataset("People", "name", id: person_id)',
  "s.gsub(/\\.([\\w]+)$/, '.\\\\1.fake')",
  'if a\n  1\nelsif b\n  2\nelse\n  { k: [1, 2.5] }\nend',
  'a ? b : c..d && !e or not f',
  'case\nwhen x > 1 then "#{x.to_s}"\nend',
];
const FRAGMENTS = [
  ...'()[]{}"\'#/.,:?+-*=<>!&|\\ \n;_09aZ'.split(''),
  'if ',
  ' then ',
  ' else ',
  ' elsif ',
  ' end',
  'case ',
  ' when ',
  'unless ',
  ' and ',
  ' or ',
  'not ',
  'nil',
  'true',
  '#{',
  '..',
  '...',
  '=~',
  '=>',
  'x:',
  '/a/',
  "'s'",
  '"s"',
  '1.5',
  '1_0',
  '.nil?',
  '(',
  ')',
];

/** Parses and checks that the outcome is a tree or a FormulaError, nothing else. */
function parsesOrFormulaError(source: string): boolean {
  try {
    const node = parseFormula(source);
    return typeof node === 'object' && node !== null && typeof node.kind === 'string';
  } catch (error) {
    if (error instanceof FormulaError) {
      const { line, column, offset } = error.position;
      return line >= 1 && column >= 1 && offset >= 0 && offset <= source.length;
    }
    throw error;
  }
}

describe('parser: property tests', () => {
  test('arbitrary strings give a tree or a FormulaError', () => {
    fc.assert(fc.property(fc.string({ maxLength: 80 }), parsesOrFormulaError), { numRuns: 2000 });
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), parsesOrFormulaError), { numRuns: 500 });
  });

  test('strings of formula fragments give a tree or a FormulaError', () => {
    const fragments = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(fc.property(fragments, parsesOrFormulaError), { numRuns: 1500 });
  });

  test('mutations of valid formulas give a tree or a FormulaError', () => {
    const edit = fc.record({
      at: fc.nat(),
      remove: fc.integer({ min: 0, max: 3 }),
      insert: fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 3 }).map((parts) => parts.join('')),
    });
    const mutated = fc
      .tuple(fc.constantFrom(...VALID), fc.array(edit, { minLength: 1, maxLength: 4 }))
      .map(([source, edits]) => {
        let text = source;
        for (const { at, remove, insert } of edits) {
          const i = at % (text.length + 1);
          text = text.slice(0, i) + insert + text.slice(i + remove);
        }
        return text;
      });
    fc.assert(fc.property(mutated, parsesOrFormulaError), { numRuns: 2000 });
  });

  test('the valid seeds themselves parse', () => {
    for (const source of VALID) assert.doesNotThrow(() => parseFormula(source), source);
  });

  test('large pathological inputs at the length limit finish (answered, not hung)', () => {
    const half = MAX_FORMULA_LENGTH / 2;
    for (const source of [
      '"'.repeat(MAX_FORMULA_LENGTH),
      '1+'.repeat(half),
      '[1,'.repeat(half / 2),
      '"#{'.repeat(half / 2),
      'x.y'.repeat(half / 2).slice(0, MAX_FORMULA_LENGTH),
      '#'.repeat(MAX_FORMULA_LENGTH),
      '/'.repeat(MAX_FORMULA_LENGTH),
      'a if '.repeat(half / 3) + 'b',
    ]) {
      assert.ok(parsesOrFormulaError(source));
    }
  });
});
