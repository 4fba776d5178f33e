import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { charactersOf } from './characters.js';

/** What charactersOf must give: the distinct code points (lone surrogates too), sorted as strings. */
function reference(...texts: (string | Iterable<string>)[]): string {
  const set = new Set<string>();
  for (const text of texts) {
    if (typeof text === 'string') for (const ch of text) set.add(ch);
    else for (const item of text) for (const ch of item) set.add(ch);
  }
  return [...set].sort().join('');
}

/** Text that mixes ASCII, other BMP letters, astral characters and lone surrogates. */
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom('a', 'Z', ' ', '0', 'é', 'ß', '中', '\uffff', '\ud7ff', '\ue000'),
      fc.constantFrom('😀', '🎉', '\u{10000}', '\u{10ffff}', '\ud83d\ude01'),
      fc.constantFrom('\ud83d', '\ude00', '\udbff', '\udc00'),
      fc.string(),
    ),
  )
  .map((parts) => parts.join(''));

describe('charactersOf', () => {
  test('gives the distinct characters sorted as strings, astral and lone surrogates included', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(text, fc.array(text))), (texts) => {
        assert.equal(charactersOf(...texts), reference(...texts));
      }),
      { numRuns: 2000 },
    );
  });

  test('a pair sorts after its lead surrogate alone and before the next code unit', () => {
    assert.equal(charactersOf('\ud83d\ude00', '\ud83d', '\ud83e', 'a', '\ue000'), 'a\ud83d\ud83d\ude00\ud83e\ue000');
  });

  test('calls do not leak into each other, even one that throws', () => {
    assert.equal(charactersOf('abc'), 'abc');
    function* failing(): Generator<string> {
      yield 'q';
      throw new Error('stop');
    }
    assert.throws(() => charactersOf('xyz', failing()), /stop/);
    assert.equal(charactersOf('yz'), 'yz');
    assert.equal(charactersOf(), '');
  });
});
