import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FormulaError } from './ast.js';
import { tokenize, type Token } from './lexer.js';

/** kind:text pairs, without eof, for compact assertions. */
const kinds = (source: string): string[] =>
  tokenize(source)
    .filter((t) => t.kind !== 'eof')
    .map((t) => `${t.kind}:${t.text}`);

const lexError = (source: string): FormulaError => {
  try {
    tokenize(source);
  } catch (error) {
    assert.ok(error instanceof FormulaError, `expected FormulaError, got ${String(error)}`);
    return error;
  }
  assert.fail(`expected ${JSON.stringify(source)} to fail`);
};

describe('lexer', () => {
  test('numbers: integers, decimals, underscores, exponents', () => {
    const [a, b, c, d] = tokenize('1 2.5 1_000 1.5e3');
    assert.deepEqual([a.value, a.integer], [1, true]);
    assert.deepEqual([b.value, b.integer], [2.5, false]);
    assert.deepEqual([c.value, c.integer], [1000, true]);
    assert.deepEqual([d.value, d.integer], [1500, false]);
  });

  test('a number followed by a dot and a name is a method call, and 1..3 is a range', () => {
    assert.deepEqual(kinds('1.to_s'), ['number:1', 'operator:.', 'name:to_s']);
    assert.deepEqual(kinds('1..3'), ['number:1', 'operator:..', 'number:3']);
    assert.deepEqual(kinds('1...3'), ['number:1', 'operator:...', 'number:3']);
  });

  test('bad numbers are errors at the number', () => {
    assert.match(lexError('x + 12abc').reason, /invalid number "12abc"/);
    assert.equal(lexError('x + 12abc').position.column, 5);
    assert.match(lexError('1__0').reason, /invalid number/);
    assert.match(lexError('0x1F').reason, /invalid number "0x1F"/);
    assert.match(lexError('123456789012345678901').reason, /too large/);
  });

  test("single-quoted strings keep backslashes except \\' and \\\\", () => {
    const [token] = tokenize(String.raw`'a\'b\\c\d'`);
    assert.equal(token.kind, 'string');
    assert.equal(token.text, String.raw`a'b\c\d`);
  });

  test('double-quoted strings decode escapes and split around interpolation', () => {
    assert.deepEqual(kinds(String.raw`"a\n\t\"\\\#{x}"`), ['stringStart:"', 'stringText:a\n\t"\\#{x}', 'stringEnd:"']);
    assert.deepEqual(kinds('"a#{x + 1}b"'), [
      'stringStart:"',
      'stringText:a',
      'interpStart:#{',
      'name:x',
      'operator:+',
      'number:1',
      'interpEnd:}',
      'stringText:b',
      'stringEnd:"',
    ]);
    assert.deepEqual(kinds(String.raw`"\u00e9\u{1F600}"`), ['stringStart:"', 'stringText:é😀', 'stringEnd:"']);
  });

  test('braces inside an interpolation do not end it; strings nest', () => {
    assert.deepEqual(kinds('"#{ {a: "#{b}"}[1] }"'), [
      'stringStart:"',
      'interpStart:#{',
      'operator:{',
      'name:a',
      'operator::',
      'stringStart:"',
      'interpStart:#{',
      'name:b',
      'interpEnd:}',
      'stringEnd:"',
      'operator:}',
      'operator:[',
      'number:1',
      'operator:]',
      'interpEnd:}',
      'stringEnd:"',
    ]);
  });

  test('unterminated strings and interpolations are reported where they open', () => {
    const single = lexError("x + 'abc");
    assert.equal(single.reason, 'unterminated string');
    assert.deepEqual(single.position, { line: 1, column: 5, offset: 4 });
    const double = lexError('x\n  + "abc');
    assert.equal(double.reason, 'unterminated string');
    assert.deepEqual([double.position.line, double.position.column], [2, 5]);
    const interpolation = lexError('"ab#{x + 1');
    assert.match(interpolation.reason, /unterminated "#\{"/);
    assert.equal(interpolation.position.column, 4);
  });

  test('unknown escapes in double quotes are errors, not silently dropped', () => {
    const error = lexError(String.raw`"a\d"`);
    assert.match(error.reason, /unknown escape "\\\\d"/);
    assert.equal(error.position.column, 3);
  });

  test('"/" is a regex where a value is expected and division elsewhere', () => {
    assert.deepEqual(kinds('/a/'), ['regex:a']);
    assert.deepEqual(kinds('x / 2 / y'), ['name:x', 'operator:/', 'number:2', 'operator:/', 'name:y']);
    assert.deepEqual(kinds('x =~ /a b/i'), ['name:x', 'operator:=~', 'regex:a b']);
    assert.deepEqual(kinds('f(/a/, /b/)'), ['name:f', 'operator:(', 'regex:a', 'operator:,', 'regex:b', 'operator:)']);
    assert.deepEqual(kinds('if /a/ then 1 end')[1], 'regex:a');
    assert.deepEqual(kinds('(a) / 2')[3], 'operator:/');
    assert.deepEqual(kinds('a[1] / 2')[4], 'operator:/');
    assert.deepEqual(kinds('nil / 2')[1], 'operator:/');
    assert.deepEqual(kinds('"#{/x/}"')[2], 'regex:x');
  });

  test('regex literals keep escapes, allow "/" in classes and take i, m, x flags', () => {
    const [token] = tokenize(String.raw`/a\/b[/]\d+/mix`);
    assert.equal(token.kind, 'regex');
    assert.equal(token.text, String.raw`a\/b[/]\d+`);
    assert.equal(token.flags, 'mix');
    assert.match(lexError('/a/g').reason, /unknown regular expression flag "g"/);
    assert.equal(lexError('1 + /abc').reason, 'unterminated regular expression');
    assert.equal(lexError('1 + /abc').position.column, 5);
    assert.match(lexError('/#{x}/').reason, /not supported in regular expressions/);
  });

  test('method names may end in ? or !, plain names do not', () => {
    assert.deepEqual(kinds('x.nil?'), ['name:x', 'operator:.', 'name:nil?']);
    assert.deepEqual(kinds('s.strip!'), ['name:s', 'operator:.', 'name:strip!']);
    assert.deepEqual(kinds('x ? a : b'), ['name:x', 'operator:?', 'name:a', 'operator::', 'name:b']);
    assert.deepEqual(kinds('x?a:b'), ['name:x', 'operator:?', 'name:a', 'operator::', 'name:b']);
    assert.deepEqual(kinds('x!=y'), ['name:x', 'operator:!=', 'name:y']);
    assert.deepEqual(kinds('s.a!=y'), ['name:s', 'operator:.', 'name:a', 'operator:!=', 'name:y']);
    assert.deepEqual(kinds('x.nil? ? 1 : 2').slice(0, 4), ['name:x', 'operator:.', 'name:nil?', 'operator:?']);
  });

  test('keywords are names after a dot', () => {
    assert.deepEqual(kinds('if x.end then'), ['keyword:if', 'name:x', 'operator:.', 'name:end', 'keyword:then']);
  });

  test('comments run to the end of the line but not inside strings', () => {
    assert.deepEqual(kinds('a # comment "x\n+ "#b"'), [
      'name:a',
      'operator:+',
      'stringStart:"',
      'stringText:#b',
      'stringEnd:"',
    ]);
  });

  test('positions are 1-based line and column with a 0-based offset, across lines', () => {
    const tokens = tokenize('a +\n  bb\r\n# c\n\tccc');
    const at = (t: Token): [string, number, number, number] => [
      t.text,
      t.position.line,
      t.position.column,
      t.position.offset,
    ];
    assert.deepEqual(tokens.map(at), [
      ['a', 1, 1, 0],
      ['+', 1, 3, 2],
      ['bb', 2, 3, 6],
      ['ccc', 4, 2, 15],
      ['', 4, 5, 18],
    ]);
  });

  test('spaceBefore and newlineBefore (";" counts as a newline)', () => {
    const [a, colon, b, c, d] = tokenize('a: b\nc;d');
    assert.deepEqual([a.spaceBefore, colon.spaceBefore, b.spaceBefore], [false, false, true]);
    assert.deepEqual([b.newlineBefore, c.newlineBefore, d.newlineBefore], [false, true, true]);
    const [, continued] = tokenize('a \\\n b');
    assert.equal(continued.newlineBefore, false);
  });

  test('unexpected characters are named, with a hint for non-ASCII names', () => {
    assert.match(lexError('a @ b').reason, /unexpected character "@"/);
    assert.equal(lexError('a @ b').position.column, 3);
    assert.match(lexError('café').reason, /field\("\.\.\."\)/);
  });
});
