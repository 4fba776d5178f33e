import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CounterRandom, rowKey, seedKey } from '../random/counter-random.js';
import type { RowState } from '../kernel/define-type.js';
import { patternCharacters } from './analyse.js';
import { compilePattern } from './compile.js';
import { jsEquivalent } from './js-equivalent.js';
import { MAX_VALUE_LENGTH, UNBOUNDED_EXTRA } from './limits.js';
import { parsePattern } from './parser.js';
import { FIRST_NAMES, LAST_NAMES, LOREM_WORDS } from './word-tables.js';

/** Patterns without {{field}} never read the row. */
const NO_ROW = undefined as unknown as RowState;

function sample(pattern: string, count = 2000, seed: string | number = 'regex'): string[] {
  const generate = compilePattern(parsePattern(pattern), (name) => assert.fail(`unexpected field ${name}`));
  const random = new CounterRandom(seedKey(seed));
  const values: string[] = [];
  for (let i = 0; i < count; i++) {
    random.reset(rowKey(i));
    values.push(generate(random, NO_ROW));
  }
  return values;
}

function assertAllMatch(pattern: string, count = 2000): string[] {
  const check = jsEquivalent(pattern);
  const values = sample(pattern, count);
  for (const value of values) assert.match(value, check, `pattern ${pattern}`);
  return values;
}

const MATCHING_PATTERNS = [
  '(Apt|Suite|Number) \\d{1,5}',
  '\\d{7}',
  '[:upper:]{2}-\\d{3}-[:lower:]{1}',
  '[:alpha:][:digit:][:alnum:]{3}',
  '[a-z0-9._]{3,12}@[a-z]{2,8}\\.(com|org|net)',
  '\\w+@\\w+\\.com',
  '\\w{5}\\.\\w{1,3}@example\\.org',
  '[A-F0-9]{8}',
  '[^aeiou]{3}',
  '(ab|cd){2,4}x?',
  '^\\(\\d{3}\\) \\d{3}-\\d{4}$',
  '\\bword\\b',
  '[:name:] <[:first_name:]\\.[:last_name:]>',
  '[:plus:]1 [:question:]',
  '\\D\\W\\S\\s',
  '.{0,20}',
  '(?:x|y)*?z+?q??',
  '[\\d.-]{4}[^\\w\\s]',
  '\\x41\\u0042\\t\\n\\\\\\.\\*\\[\\]',
  '[[:upper:][:digit:]_]{6}',
  '[a\\-z\\]]{5}',
  '[^]{3}',
  'a{2,}b{,2}',
  '(?<year>19\\d\\d|20\\d\\d)-(0[1-9]|1[0-2])',
  '\\h{4}-\\H',
  'é[à-ÿ]{2}😀',
];

describe('generated values match their pattern (checked by JavaScript RegExp)', () => {
  for (const pattern of MATCHING_PATTERNS) {
    test(pattern, () => {
      assertAllMatch(pattern);
    });
  }

  test('backreferences repeat the captured text', () => {
    for (const pattern of [
      '(a|b)\\1',
      '(\\d)(\\d)\\2\\1',
      '(?<y>\\d{2})-\\k<y>',
      '(?:(a)|b)+\\1',
      '((x|y)z)\\2\\1',
      '(q)|\\1r',
    ]) {
      assertAllMatch(pattern);
    }
    for (const value of sample('(\\d{3})-\\1')) assert.equal(value.slice(0, 3), value.slice(4));
  });

  test('property: random standard patterns always match', () => {
    // Broad classes next to each other make a backtracking engine slow (not wrong); keeping their
    // quantifiers bounded, and groups' too, keeps every check fast for any fast-check seed.
    const narrow = fc.constantFrom(
      'a',
      'b',
      'x',
      'Z',
      '0',
      '7',
      '-',
      ' ',
      '_',
      ',',
      ':',
      '@',
      '}',
      ']',
      '\\.',
      '\\-',
      '\\\\',
      '\\(',
      '\\)',
      '\\[',
      '\\*',
      '\\+',
      '\\?',
      '\\{',
      '\\|',
      '\\$',
      '\\^',
      '\\/',
      '\\x41',
      '\\u00e9',
      '\\t',
      '[-a]',
      '[A-F]',
      '[.*+?]',
      '[\\]\\\\]',
    );
    const broad = fc.constantFrom(
      '\\d',
      '\\D',
      '\\s',
      '\\S',
      '\\W',
      '.',
      '[a-z0-9_]',
      '[^aeiou]',
      '[\\d.-]',
      '[^\\w]',
      '[\\s\\S]',
      '[a\\-z]',
      '[^]',
    );
    const anyQuantifier = fc.constantFrom(
      '',
      '',
      '?',
      '*',
      '+',
      '{2}',
      '{1,3}',
      '{0,2}',
      '{2,}',
      '{0}',
      '*?',
      '+?',
      '??',
      '{1,2}?',
    );
    const boundedQuantifier = fc.constantFrom('', '', '?', '{2}', '{0,2}', '{0}', '??', '{1,2}?');
    const groupQuantifier = fc.constantFrom('', '', '?', '{2}', '{0}', '??');
    const atomPiece = fc.oneof(
      fc.tuple(narrow, anyQuantifier).map(([atom, q]) => atom + q),
      fc.tuple(broad, boundedQuantifier).map(([atom, q]) => atom + q),
    );
    const expr = (depth: number): fc.Arbitrary<string> => {
      const piece =
        depth === 0
          ? atomPiece
          : fc.oneof(
              atomPiece,
              atomPiece,
              fc
                .tuple(fc.constantFrom('(', '(?:'), expr(depth - 1), groupQuantifier)
                .map(([open, body, q]) => `${open}${body})${q}`),
            );
      const sequence = fc.array(piece, { minLength: 1, maxLength: 3 }).map((pieces) => pieces.join(''));
      return fc.array(sequence, { minLength: 1, maxLength: 3 }).map((options) => options.join('|'));
    };
    fc.assert(
      fc.property(expr(2), fc.integer({ min: 0, max: 1000 }), (pattern, seed) => {
        const check = new RegExp(`^(?:${pattern})$`);
        for (const value of sample(pattern, 50, seed)) {
          if (!check.test(value)) throw new Error(`${JSON.stringify(value)} does not match /${pattern}/`);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('Rowloom tokens', () => {
  test('\\w is one lorem word; a quantifier on it sets the word length', () => {
    const words = new Set(LOREM_WORDS);
    for (const value of sample('\\w')) assert.ok(words.has(value), value);
    for (const value of sample('\\w{5}')) {
      assert.ok(words.has(value), value);
      assert.equal(value.length, 5);
    }
    const lengths = new Set(sample('\\w{3,6}').map((value) => value.length));
    assert.deepEqual([...lengths].sort(), [3, 4, 5, 6]);
    // No lorem word is 40 letters long: the word is cut from joined words.
    for (const value of sample('\\w{40}', 200)) assert.match(value, /^[a-z]{40}$/);
    const optional = sample('\\w?');
    assert.ok(optional.includes(''));
    assert.ok(optional.some((value) => words.has(value)));
  });

  test('names come from the person name lists', () => {
    const first = new Set(FIRST_NAMES);
    const last = new Set(LAST_NAMES);
    for (const value of sample('[:first_name:]|[:last_name:]', 500))
      assert.ok(first.has(value) || last.has(value), value);
    for (const value of sample('[:name:]', 500)) {
      const space = value.indexOf(' ');
      const firstName = FIRST_NAMES.find(
        (name) => value.startsWith(name + ' ') && last.has(value.slice(name.length + 1)),
      );
      assert.ok(space > 0 && firstName !== undefined, value);
    }
  });

  test('POSIX classes without outer brackets and their literal cousins', () => {
    for (const value of sample('[:upper:]{2}-\\d{3}-[:lower:]{1}')) assert.match(value, /^[A-Z]{2}-[0-9]{3}-[a-z]$/);
    for (const value of sample('[:plus:][:question:]', 10)) assert.equal(value, '+?');
    // Inline options change nothing that is generated; \u{...} is a code point as in Ruby and /u.
    for (const value of sample('(?i)Case(?i:less)\\u{43}\\u{1F600}', 10)) assert.equal(value, 'CaselessC😀');
    // A class that only looks similar stays a class.
    for (const value of sample('[:ab]', 200)) assert.match(value, /^[:ab]$/);
  });

  test('. and negated classes draw from printable ASCII; \\s is a space', () => {
    const seen = new Set(sample('.', 5000));
    assert.equal(seen.size, 95);
    for (const ch of seen) assert.match(ch, /^[ -~]$/);
    for (const value of sample('[^a-z]', 500)) assert.match(value, /^[ -`{-~]$/);
    for (const value of sample('\\s', 50)) assert.equal(value, ' ');
  });
});

describe('reachability and distribution', () => {
  test('every alternative and both ends of each quantifier occur', () => {
    const values = sample('(Apt|Suite|Number) \\d{1,5}');
    const kinds = new Set(values.map((v) => v.split(' ')[0]));
    assert.deepEqual([...kinds].sort(), ['Apt', 'Number', 'Suite']);
    const digitLengths = new Set(values.map((v) => v.split(' ')[1].length));
    assert.deepEqual([...digitLengths].sort(), [1, 2, 3, 4, 5]);

    const pairs = sample('(ab|cd){2,4}x?');
    const counts = new Set(pairs.map((v) => v.replace(/x$/, '').length / 2));
    assert.deepEqual([...counts].sort(), [2, 3, 4]);
    assert.ok(pairs.some((v) => v.endsWith('x')) && pairs.some((v) => !v.endsWith('x')));
    assert.ok(pairs.some((v) => v.startsWith('ab')) && pairs.some((v) => v.startsWith('cd')));
  });

  test('alternatives are equally likely', () => {
    const n = 6000;
    const values = sample('a|b|c', n);
    for (const letter of 'abc') {
      const count = values.filter((v) => v === letter).length;
      const expected = n / 3;
      const sd = Math.sqrt(n * (1 / 3) * (2 / 3));
      assert.ok(Math.abs(count - expected) < 6 * sd, `${letter}: ${count}`);
    }
  });
});

describe('bounds', () => {
  test(`* and + repeat at most ${UNBOUNDED_EXTRA} times more than their minimum, reaching both ends`, () => {
    const stars = sample('a*').map((v) => v.length);
    assert.equal(Math.min(...stars), 0);
    assert.equal(Math.max(...stars), UNBOUNDED_EXTRA);
    const pluses = sample('(a|b)+').map((v) => v.length);
    assert.equal(Math.min(...pluses), 1);
    assert.equal(Math.max(...pluses), 1 + UNBOUNDED_EXTRA);
    const open = sample('x{3,}').map((v) => v.length);
    assert.equal(Math.min(...open), 3);
    assert.equal(Math.max(...open), 3 + UNBOUNDED_EXTRA);
  });

  test('huge repetitions stop near the value length limit', () => {
    for (const pattern of ['(a{0,1000}){1000}', '((b*)*)*', '(\\w{100}){0,1000}', '(x{0,1000}|y){0,1000}']) {
      for (const value of sample(pattern, 20))
        assert.ok(value.length <= MAX_VALUE_LENGTH + 1000, `${pattern}: ${value.length}`);
    }
    // Nested repetitions of nothing end too (the number of rounds is bounded).
    assert.deepEqual(sample('((){1000}){1000}', 3), ['', '', '']);
  });
});

describe('reproducibility and characters', () => {
  test('same seed, same values; another seed, other values', () => {
    const pattern = '[:upper:]{2}-\\d{3}-\\w (a|b|c)*';
    assert.deepEqual(sample(pattern, 200, 7), sample(pattern, 200, 7));
    assert.notDeepEqual(sample(pattern, 200, 7), sample(pattern, 200, 8));
  });

  test('declared characters cover every generated character', () => {
    for (const pattern of ['[A-C]\\d', '\\w [:name:]', '(x|[^a-y])+\\.', '\\W\\S']) {
      const declared = new Set(patternCharacters(parsePattern(pattern).root));
      for (const value of sample(pattern, 1000))
        for (const ch of value) assert.ok(declared.has(ch), `${JSON.stringify(ch)} from ${pattern}`);
    }
    assert.equal(patternCharacters(parsePattern('[A-C]\\d').root), '0123456789ABC');
  });
});
