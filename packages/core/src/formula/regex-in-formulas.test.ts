import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { problemsOf } from '../testing/schema-problems.js';

/** One Formula field's values over `count` rows, beside a text field. */
function values(expression: string, count = 1, text = 'Call (555) 123-4567 or 555.987.6543'): unknown[] {
  const fields = [
    { name: 'id', type: 'Row Number' },
    { name: 'note', type: 'Custom List', values: [text] },
    { name: 'f', type: 'Formula', value: expression },
  ];
  return generateObjects(fields, { count, seed: 'regex' }).map((r) => r.f);
}
const one = (expression: string, text?: string) => values(expression, 1, text)[0];

describe('regular expressions in formulas', () => {
  test('=~ gives the index of the first match or nil, in either order', () => {
    assert.equal(one('note =~ /\\d{3}/'), 6);
    assert.equal(one('/\\d{3}/ =~ note'), 6);
    assert.equal(one('note =~ /xyz/'), null);
    assert.equal(one("if note =~ /^call/i then 'yes' else 'no' end"), 'yes');
  });

  test('^ and $ match at line boundaries as in Ruby; m lets . cross newlines', () => {
    assert.equal(one('note =~ /^b$/', 'a\nb\nc'), 2);
    assert.equal(one('note =~ /a.b/', 'a\nb'), null);
    assert.equal(one('note =~ /a.b/m', 'a\nb'), 0);
  });

  test('gsub and sub replace with Ruby escapes; a text pattern matches literally', () => {
    assert.equal(one("note.gsub(/[^0-9]/, '')"), '55512345675559876543');
    assert.equal(
      one("note.sub(/\\((\\d+)\\) (\\d+)-(\\d+)/, '\\\\1-\\\\2-\\\\3')"),
      'Call 555-123-4567 or 555.987.6543',
    );
    assert.equal(one("note.gsub('.', '-')"), 'Call (555) 123-4567 or 555-987-6543');
    assert.equal(
      one("note.gsub(/(?<area>\\d{3})\\.(\\d{3})/, '[\\\\k<area>]\\\\0')"),
      'Call (555) 123-4567 or [555]555.987.6543',
    );
    assert.equal(one("'a-b'.gsub(/-/, '\\\\\\\\')"), 'a\\b');
  });

  test('scan, match? and split with a pattern', () => {
    assert.deepEqual(one('note.scan(/\\d{4}/)'), ['4567', '6543']);
    assert.deepEqual(one('note.scan(/(\\d{3})\\.(\\d{3})/)'), [['555', '987']]);
    assert.equal(one('note.match?(/\\(\\d{3}\\)/)'), true);
    assert.equal(one("note.match?('zzz')"), false);
    assert.deepEqual(one("'a, b,c'.split(/,\\s*/)"), ['a', 'b', 'c']);
    assert.equal(one("'hello'.tr('el', 'ip')"), 'hippo');
    assert.equal(one("'hello'.tr('a-y', 'b-z')"), 'ifmmp');
  });

  test('matching is linear-time: a pattern that backtracks exponentially in JavaScript finishes', () => {
    // /(a+)+$/ against 'aaaa…b' takes exponential time in a backtracking engine (2^40 steps here).
    assert.equal(one('note =~ /(a+)+$/', 'a'.repeat(40) + 'b'), null);
    assert.equal(one('note =~ /(a|aa)*c/', 'a'.repeat(5000)), null);
  });

  test('matching work is budgeted per evaluation: past the budget a match is nil, a huge program is refused', () => {
    // 4,002 steps per character times 100,000 characters is far past the budget: nil, at once.
    assert.equal(one("('a' * 100000) =~ /(.*){1000}x/"), null);
    assert.equal(one("('a' * 100000).gsub(/(.*){1000}x/, '')"), null);
    // Field-sized texts stay well inside it.
    assert.equal(one("('ab' * 500) =~ /(ab){100}$/"), 800);
    const [problem] = problemsOf([{ name: 'f', type: 'Formula', value: `'x' =~ /${'[a-z]{1000}'.repeat(11)}/` }]);
    assert.match(problem.message, /too complex: it compiles to \d+ steps per character, at most 10000/);
  });

  test('/pattern/.gen generates a matching text, reading {{fields}}', () => {
    const generated = values('/[A-Z]{3}-\\d{4}/.gen', 200) as string[];
    for (const value of generated) assert.match(value, /^[A-Z]{3}-\d{4}$/);
    assert.ok(new Set(generated).size > 150, 'values vary by row');
    assert.deepEqual(
      values('/X{{id}}-[a-c]/.gen', 3).map((v) => (v as string).slice(0, 3)),
      ['X1-', 'X2-', 'X3-'],
    );
  });

  test('bad patterns are errors with the formula position, before any output', () => {
    const [problem] = problemsOf([{ name: 'f', type: 'Formula', value: "'x' =~ /(a/" }]);
    assert.match(problem.message, /invalid regular expression \/\(a\/: missing closing \) at 1:8/);
    const [backreference] = problemsOf([{ name: 'f', type: 'Formula', value: "'x'.gsub(/(a)\\1/, '')" }]);
    assert.match(backreference.message, /backreferences and lookarounds are not supported/);
    const [gen] = problemsOf([{ name: 'f', type: 'Formula', value: "'abc'.gen" }]);
    assert.match(gen.message, /gen applies to a regular-expression literal.* at 1:7/);
    const [unknownField] = problemsOf([{ name: 'f', type: 'Formula', value: '/{{nope}}/.gen' }]);
    assert.match(unknownField.message, /unknown field 'nope'/);
  });

  test('an unknown method is reported at the method name, not the receiver', () => {
    const [problem] = problemsOf([
      { name: 'a', type: 'Row Number' },
      { name: 'f', type: 'Formula', value: 'a.to_s.upcse' },
    ]);
    assert.match(problem.message, /unknown method 'upcse'; did you mean 'upcase'\? at 1:8/);
  });
});
