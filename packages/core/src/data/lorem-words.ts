/**
 * The lorem ipsum word list (faker's English data, lower case): Words, Sentences and Paragraphs,
 * `\w` in patterns, URL paths, file names and avatar seeds all draw from this one list.
 */
import { EN } from './faker-en.js';

function loremWords(): readonly string[] {
  const words = (EN.lorem?.word ?? []).map((word) => word.toLowerCase()).filter((word) => word !== '');
  if (words.length === 0) throw new Error('@faker-js/faker English data has no lorem words: the text types need them');
  return words;
}

export const LOREM_WORDS: readonly string[] = loremWords();
