/**
 * The text Mockaroo's pattern tokens produce: lorem words for `\w`, person names for
 * `[:name:]`, `[:first_name:]` and `[:last_name:]`. Read once from faker's English data.
 */
import { EN } from '../data/faker-en.js';
import { charactersOf } from '../kernel/characters.js';
import { LOREM_WORDS } from '../data/lorem-words.js';

function table(list: readonly string[] | null | undefined, what: string): readonly string[] {
  const cleaned = (list ?? []).filter((entry) => entry !== '');
  if (cleaned.length === 0)
    throw new Error(`@faker-js/faker English data has no ${what}: the Regular Expression type needs it`);
  return cleaned;
}

export { LOREM_WORDS };
export const FIRST_NAMES: readonly string[] = table(
  [...(EN.person?.first_name?.female ?? []), ...(EN.person?.first_name?.male ?? [])],
  'first names',
);
export const LAST_NAMES: readonly string[] = table(EN.person?.last_name?.generic, 'last names');

export const WORD_CHARACTERS = charactersOf(LOREM_WORDS);
export const NAME_CHARACTERS = charactersOf(FIRST_NAMES, LAST_NAMES, ' ');
export const SHORTEST_WORD = Math.min(...LOREM_WORDS.map((w) => w.length));
export const SHORTEST_NAME = Math.min(...FIRST_NAMES.map((w) => w.length), ...LAST_NAMES.map((w) => w.length));
