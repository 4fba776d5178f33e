import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MAX_PATTERN_LENGTH, UNBOUNDED_EXTRA } from './limits.js';
import { parsePattern } from './parser.js';
import { PatternError } from './pattern-error.js';

function rejection(pattern: string): PatternError {
  try {
    parsePattern(pattern);
  } catch (error) {
    assert.ok(error instanceof PatternError, `expected a PatternError for ${pattern}, got ${String(error)}`);
    return error;
  }
  assert.fail(`expected ${JSON.stringify(pattern)} to be rejected`);
}

describe('invalid patterns are rejected with a position and a reason', () => {
  const cases: [pattern: string, offset: number, ...fragments: string[]][] = [
    ['(abc', 0, 'position 1', 'never closed'],
    ['a(b(c)', 1, 'position 2', 'never closed'],
    ['abc)', 3, 'position 4', 'no matching "("'],
    ['a{3,1}', 1, 'position 2', '{3,1}', 'minimum (3)', 'maximum (1)'],
    ['[:foo:]{2}', 0, 'position 1', '[:foo:]', '[:upper:]'],
    ['x[[:bar:]]', 2, 'position 3', '[:bar:]'],
    ['abc\\', 3, 'position 4', 'escapes nothing'],
    ['[abc', 0, 'position 1', 'never closed'],
    ['*a', 0, 'position 1', 'nothing to repeat'],
    ['^+', 1, 'position 2', 'nothing to repeat'],
    ['a**', 2, 'position 3', 'follows another quantifier'],
    ['a{2}{3}', 4, 'position 5', 'follows another quantifier'],
    ['[z-a]', 1, 'position 2', 'out of order'],
    ['[]', 0, 'position 1', 'empty class'],
    ['[^ -~]', 0, 'position 1', 'printable'],
    ['\\2(a)', 0, 'position 1', 'only 1 group'],
    ['\\1', 0, 'position 1', 'no groups'],
    ['\\k<nope>(?<yes>a)', 0, 'position 1', 'names no group'],
    ['(?=a)b', 0, 'position 1', 'lookaround'],
    ['(?<!a)b', 0, 'position 1', 'lookaround'],
    ['ab\\q', 2, 'position 3', 'unknown escape "\\q"'],
    ['\\p{L}', 0, 'position 1', 'not supported'],
    ['\\x4', 0, 'position 1', 'two hex digits'],
    ['[\\u00]', 1, 'position 2', 'four hex digits'],
    ['a{1001}', 1, 'position 2', 'limit of 1000'],
    ['x{{name', 1, 'position 2', 'never closed'],
    ['{{ }}', 0, 'position 1', 'names no field'],
    ['[[:name:]]', 1, 'position 2', 'inside [...]'],
  ];
  for (const [pattern, offset, ...fragments] of cases) {
    test(pattern, () => {
      const error = rejection(pattern);
      assert.equal(error.offset, offset, error.message);
      for (const fragment of fragments)
        assert.ok(error.message.includes(fragment), `"${error.message}" should mention ${fragment}`);
    });
  }

  test('length limits', () => {
    assert.match(rejection('a'.repeat(MAX_PATTERN_LENGTH + 1)).message, /at most 1000/);
    assert.doesNotThrow(() => parsePattern('a'.repeat(MAX_PATTERN_LENGTH)));
    assert.match(rejection('(a{1000}){11}').message, /shortest value .* 11000 characters/);
  });

  test('property: any text either parses or is rejected with a PatternError inside the pattern', () => {
    const alphabet = fc.constantFrom(
      ...'ab()[]{}|\\^$.*+?-:,0123456789dwsWxu<>=!k'.split(''),
      '[:upper:]',
      '[:name:]',
      '{{a}}',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 30 }).map((parts) => parts.join('')),
        (pattern) => {
          try {
            parsePattern(pattern);
          } catch (error) {
            if (!(error instanceof PatternError)) throw error;
            assert.ok(error.offset >= 0 && error.offset <= pattern.length, `${error.offset} outside ${pattern}`);
            assert.match(error.message, /position \d+|at most|shortest/);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the tree', () => {
  test('literal runs are merged and anchors dropped', () => {
    assert.deepEqual(parsePattern('^Suite $').root, { kind: 'literal', text: 'Suite ' });
  });

  test('quantifiers record their bounds; unbounded ones are capped', () => {
    const repeat = (pattern: string) => {
      const root = parsePattern(pattern).root;
      assert.equal(root.kind, 'repeat');
      return root;
    };
    assert.deepEqual([repeat('a*').min, repeat('a*').max, repeat('a*').unbounded], [0, UNBOUNDED_EXTRA, true]);
    assert.deepEqual([repeat('a{2,}').min, repeat('a{2,}').max], [2, 2 + UNBOUNDED_EXTRA]);
    assert.deepEqual([repeat('a{,3}').min, repeat('a{,3}').max, repeat('a{,3}').unbounded], [0, 3, false]);
    assert.deepEqual([repeat('a{2,5}?').min, repeat('a{2,5}?').max], [2, 5]);
  });

  test('a brace that is no quantifier is literal text', () => {
    assert.deepEqual(parsePattern('a{b}{').root, { kind: 'literal', text: 'a{b}{' });
  });

  test('field references are collected once each', () => {
    assert.deepEqual(parsePattern('{{ first }}-{{last}}-{{first}}').fieldNames, ['first', 'last']);
  });
});
