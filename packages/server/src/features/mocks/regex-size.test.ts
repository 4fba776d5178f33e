/** programSizeBound never under-counts what re2js really compiles (chosen patterns, then generated ones). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { programSizeBound } from './regex-size.js';

/** re2js's instruction count, or null when it refuses the pattern. */
function realSize(pattern: string): number | null {
  try {
    return (RE2JS.compile(pattern).re2() as unknown as { prog: { inst: unknown[] } }).prog.inst.length;
  } catch {
    return null;
  }
}

const TOKENS = [
  'a',
  'b',
  'é',
  '.',
  '\\d',
  '\\w',
  '\\s',
  '[a-z]',
  '[^\\]x]',
  '[[:alpha:]]',
  '\\pL',
  '\\p{Greek}',
  '\\x{41}',
  '\\.',
  '\\Qa.b\\E',
  '(',
  ')',
  '(?:',
  '(?P<n',
  '>',
  '(?i)',
  '(?i:',
  '|',
  '*',
  '+',
  '?',
  '*?',
  '{2}',
  '{1,3}',
  '{0,2}',
  '{2,}',
  '{3}?',
  '^',
  '$',
  '\\b',
  '\\A',
  '\\z',
  '{',
  '}',
];

describe("the size bound of a regular expression's program", () => {
  test('chosen patterns: at least the real size, and close to it for counted repetitions', () => {
    const patterns = [
      '^\\d+$',
      '^[\\w.+-]+@[\\w-]+\\.[\\w.-]+$',
      '((a{10}){10}){10}',
      '(a|b){1000}',
      '[a-z]{100}[0-9]{90}',
      '(?i)^ab+c$',
      '^(?:\\d{1,3}\\.){3}\\d{1,3}$',
      '(\\pL{100}){10}',
      '(?:a|bc|def){20,}',
      '(x+x+)+y',
      '\\Qa{1000}\\E',
      'a{2,5}?b{3,}?',
      '(?P<year>\\d{4})-(?<month>\\d{2})',
      '[]a]{50}',
      '[^]a]{50}',
      '(?s:.{100})',
      '(?:){1000}',
      '(?i)k{500}',
      '(|a){1000}',
      `(?:${Array.from({ length: 30 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('|')}){100}`,
    ];
    for (const pattern of patterns) {
      const real = realSize(pattern);
      assert.notEqual(real, null, pattern);
      assert.ok(programSizeBound(pattern) >= real!, `${pattern}: bound ${programSizeBound(pattern)} < real ${real}`);
    }
    assert.ok(
      programSizeBound('((a{10}){10}){10}') <= 2 * realSize('((a{10}){10}){10}')!,
      'not far above for nested repetitions',
    );
  });

  test('generated patterns that re2js compiles: the bound is never below the real size', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 14 }), (tokens) => {
        const pattern = tokens.join('');
        const real = realSize(pattern);
        if (real === null) return true;
        return programSizeBound(pattern) >= real;
      }),
      { numRuns: 20_000 },
    );
  });
});
