/**
 * The street family: Street Address, Street Name, Street Number and Street Suffix of one row
 * describe one street address, drawn once per row. The name is a stem plus the row's suffix
 * ("Hawthorn" + "Court"), and the address is the number, a space and the name ("4021 Hawthorn
 * Court"), so the four fields always agree.
 */
import { EN } from '../data/faker-en.js';
import type { CounterRandom } from '../random/counter-random.js';
import { charactersOf, DIGITS } from '../kernel/characters.js';
import { defineType, type FamilyDefinition, type TypeDefinition } from '../kernel/define-type.js';

/**
 * The suffixes of most real streets, with relative weights; all are in faker's list of 195
 * suffixes, whose rare ones (Anex, Stravenue, Loaf) would otherwise be as common as Street.
 */
const SUFFIX_WEIGHTS: readonly (readonly [string, number])[] = [
  ['Street', 20],
  ['Avenue', 14],
  ['Road', 10],
  ['Drive', 10],
  ['Lane', 8],
  ['Court', 7],
  ['Way', 7],
  ['Place', 5],
  ['Circle', 4],
  ['Trail', 3],
  ['Parkway', 3],
  ['Terrace', 2],
  ['Crossing', 2],
  ['Point', 2],
  ['Park', 2],
  ['Pass', 2],
  ['Plaza', 2],
  ['Hill', 2],
  ['Junction', 1],
  ['Center', 1],
  ['Alley', 1],
  ['Ridge', 1],
  ['Crescent', 1],
  ['Square', 1],
  ['Loop', 1],
  ['Run', 1],
  ['Path', 1],
];
/** The weights spelled out, one slot per unit, so a row's suffix is one index. */
const SUFFIX_SLOTS = SUFFIX_WEIGHTS.flatMap(([suffix, weight]) => new Array<string>(weight).fill(suffix));

const KNOWN_SUFFIXES = new Set(EN.location!.street_suffix!);

/**
 * Stems of faker's real street names ("Abbey Road" gives "Abbey", "Cherry Tree Close" gives
 * "Cherry Tree"); only names that end in a suffix, and no one-letter stems ("A Street").
 */
const STREET_STEMS = [
  ...new Set(
    EN.location!.street_name!.map((name) => name.split(' '))
      .filter((words) => words.length > 1 && KNOWN_SUFFIXES.has(words[words.length - 1]))
      .map((words) => words.slice(0, -1).join(' '))
      .filter((stem) => stem.length > 1),
  ),
];
/** faker's three street patterns, equally likely: a first name, a last name or a real stem. */
const STEM_SOURCES: readonly (readonly string[])[] = [
  EN.person!.first_name!.generic!,
  EN.person!.last_name!.generic!,
  STREET_STEMS,
];

/** Street numbers have 1 to 5 digits, 3 and 4 the commonest; percent per digit count. */
const DIGIT_COUNT_WEIGHTS = [0, 10, 20, 30, 30, 10];
const DIGIT_COUNT_SLOTS = DIGIT_COUNT_WEIGHTS.flatMap((weight, digits) => new Array<number>(weight).fill(digits));

interface Street {
  number: string;
  name: string;
  suffix: string;
}

function drawNumber(random: CounterRandom): string {
  const digits = DIGIT_COUNT_SLOTS[random.below(DIGIT_COUNT_SLOTS.length)];
  const low = 10 ** (digits - 1);
  return String(random.intBetween(low, low * 10 - 1));
}

export const streetFamily: FamilyDefinition<Street> = {
  name: 'street',
  draw(random) {
    const stems = STEM_SOURCES[random.below(STEM_SOURCES.length)];
    const stem = stems[random.below(stems.length)];
    const suffix = SUFFIX_SLOTS[random.below(SUFFIX_SLOTS.length)];
    return { number: drawNumber(random), name: stem + ' ' + suffix, suffix };
  },
};

const NAME_CHARACTERS = charactersOf(...STEM_SOURCES, SUFFIX_SLOTS, ' ');

function streetType(
  name: string,
  description: string,
  characters: string,
  read: (street: Street) => string,
): TypeDefinition {
  return defineType({
    name,
    category: 'Location',
    family: streetFamily.name,
    description,
    params: [],
    output: 'string',
    smallValues: true,
    create: (_params, context) => {
      context.declareCharacters(characters);
      return (_random, row) => read(row.family(streetFamily));
    },
  });
}

export const streetTypes: TypeDefinition[] = [
  streetType(
    'Street Address',
    'Number and name of a street address, e.g. "4021 Hawthorn Court"; agrees with the row\'s other street fields.',
    charactersOf(NAME_CHARACTERS, DIGITS),
    (s) => s.number + ' ' + s.name,
  ),
  streetType(
    'Street Name',
    'A street name ending in the row\'s Street Suffix, e.g. "Hawthorn Court".',
    NAME_CHARACTERS,
    (s) => s.name,
  ),
  streetType('Street Number', 'A house number of 1 to 5 digits (mostly 3 or 4), as text.', DIGITS, (s) => s.number),
  streetType(
    'Street Suffix',
    'A street suffix, the commonest most often: Street, Avenue, Road, Drive, Lane, Court...',
    charactersOf(SUFFIX_SLOTS),
    (s) => s.suffix,
  ),
];
