/**
 * A text field for a column of unknown meaning whose values always fit its length: lorem words
 * when a word fits (each at most the longest lorem word), else a pattern of letters.
 */
import { LOREM_WORDS } from '@rowloom/core';
import type { SqlType } from './sql-types.js';

export type FieldSpec = Record<string, unknown> & { name: string; type: string };

export const LONGEST_WORD = Math.max(...LOREM_WORDS.map((word) => word.length));

/** The most lorem words that always fit `length` characters: k words and k - 1 spaces. */
export const wordsFitting = (length: number) => Math.floor((length + 1) / (LONGEST_WORD + 1));
/** Patterns longer than this repeat no better: a code of 12 letters is as good as one of 255. */
const MAX_PATTERN = 12;

export function fittingText(name: string, type: SqlType): FieldSpec {
  const length = type.length;
  if (length === undefined)
    return type.declared === 'text' || type.declared.endsWith('text')
      ? { name, type: 'Sentences', min: 1, max: 2 }
      : { name, type: 'Words', min: 1, max: 4 };
  if (length > LONGEST_WORD) {
    // k words and the k - 1 spaces between them: k * (longest + 1) - 1 <= length.
    const words = Math.min(5, wordsFitting(length));
    return { name, type: 'Words', min: 1, max: words };
  }
  // char(n) is always n characters; a short varchar gets a code of its full length too.
  const size = Math.min(length, MAX_PATTERN);
  return { name, type: 'Character Sequence', format: '^' + '@'.repeat(size - 1) };
}
