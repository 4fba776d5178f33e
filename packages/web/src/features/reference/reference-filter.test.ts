import { describe, expect, it } from 'vitest';
import type { TypeDescription } from '@rowloom/contract';
import { byCategory, codePieces, parameterNote, syntaxMatches, typesMatching, wordsMatching } from './reference-filter';

const type = (name: string, category: string, extra: Partial<TypeDescription> = {}): TypeDescription => ({
  name,
  aliases: [],
  category,
  description: `${name} values`,
  type: 'string',
  output: 'string',
  parameters: [],
  example: 'x',
  ...extra,
});

describe('the reference filter', () => {
  it('keeps a word when every term occurs somewhere in it, in any case', () => {
    const words = [
      { name: 'upper', signature: 'upper(text)', description: 'Upper case', example: "upper('a')" },
      { name: 'random', signature: 'random(min, max)', description: 'A random number', example: 'random(1, 6)' },
    ];
    expect(wordsMatching(words, 'RANDOM number').map((w) => w.name)).toEqual(['random']);
    expect(wordsMatching(words, '  ')).toHaveLength(2);
    expect(wordsMatching(words, 'upper missing')).toEqual([]);
  });

  it('finds types by alias, category and parameter name, and groups them by category', () => {
    const types = [
      type('City', 'Location'),
      type('Airport Code', 'Travel', { aliases: ['IATA'] }),
      type('Number', 'Basic', {
        parameters: [{ name: 'decimals', type: 'integer', description: '', default: 0, required: false }],
      }),
    ];
    expect(typesMatching(types, 'iata').map((t) => t.name)).toEqual(['Airport Code']);
    expect(typesMatching(types, 'decimals').map((t) => t.name)).toEqual(['Number']);
    expect(byCategory(types).map(([c]) => c)).toEqual(['Basic', 'Location', 'Travel']);
  });

  it('says a parameter constraints in words', () => {
    expect(
      parameterNote({ name: 'n', type: 'integer', description: '', default: 1, min: 0, max: 100, required: false }),
    ).toBe('integer; default 1; 0 to 100');
    expect(
      parameterNote({ name: 's', type: 'string', description: '', default: null, required: true, allowed: ['a', 'b'] }),
    ).toBe('string; required; one of a, b');
  });

  it('splits a meaning at its backticks into text and code, and searches the syntax table', () => {
    expect(codePieces('`=~` gives the index')).toEqual([
      { text: '=~', code: true },
      { text: ' gives the index', code: false },
    ]);
    expect(codePieces('plain')).toEqual([{ text: 'plain', code: false }]);
    const entry = { syntax: ['c ? a : b'], meaning: 'conditional' };
    expect(syntaxMatches(entry, 'CONDITIONAL')).toBe(true);
    expect(syntaxMatches(entry, 'loop')).toBe(false);
  });
});
