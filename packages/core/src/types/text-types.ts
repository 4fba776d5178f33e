/**
 * Filler text: lorem words, sentences and paragraphs, and NATO phonetic code words.
 *
 * The lorem vocabulary is faker's English word list, read once as plain data (faker's own
 * generators carry their own random state, which would break counter-based reproducibility).
 * Text is built by string concatenation: V8 makes ropes of it, cheaper than arrays + join.
 */
import type { CounterRandom } from '../random/counter-random.js';
import { defineType, type ParamSpec, type ResolvedParams, type TypeDefinition } from '../kernel/define-type.js';
import { LOREM_WORDS } from '../data/lorem-words.js';
import { budgeted } from '../kernel/row-budget.js';

const CAPITALISED_WORDS: readonly string[] = LOREM_WORDS.map((word) => word[0].toUpperCase() + word.slice(1));
/** The words with their leading space: one concatenation per word instead of two. */
const SPACED_WORDS: readonly string[] = LOREM_WORDS.map((word) => ' ' + word);

/** The ICAO spelling alphabet, including its deliberate spellings Alfa and Juliett. */
const NATO_WORDS: readonly string[] = [
  'Alfa',
  'Bravo',
  'Charlie',
  'Delta',
  'Echo',
  'Foxtrot',
  'Golf',
  'Hotel',
  'India',
  'Juliett',
  'Kilo',
  'Lima',
  'Mike',
  'November',
  'Oscar',
  'Papa',
  'Quebec',
  'Romeo',
  'Sierra',
  'Tango',
  'Uniform',
  'Victor',
  'Whiskey',
  'X-ray',
  'Yankee',
  'Zulu',
];
const SPACED_NATO_WORDS: readonly string[] = NATO_WORDS.map((word) => ' ' + word);

const SENTENCE_MIN_WORDS = 4;
const SENTENCE_MAX_WORDS = 16;
const PARAGRAPH_MIN_SENTENCES = 3;
const PARAGRAPH_MAX_SENTENCES = 7;

/** Caps keep one value bounded (a 1000-word value is already ~7 KB). */
const MAX_WORDS = 1000;
const MAX_SENTENCES = 1000;
const MAX_PARAGRAPHS = 100;

function countParams(unit: string, min: number, max: number, limit: number): ParamSpec[] {
  return [
    {
      name: 'min',
      kind: 'integer',
      default: min,
      min: 0,
      max: limit,
      description: `Minimum number of ${unit}, 0 to ${limit}.`,
    },
    {
      name: 'max',
      kind: 'integer',
      default: max,
      min: 0,
      max: limit,
      description: `Maximum number of ${unit}, 0 to ${limit}.`,
    },
  ];
}

function checkMinMax(params: Record<string, unknown>, problem: (param: string | null, message: string) => void): void {
  const { min, max } = params;
  if (typeof min === 'number' && typeof max === 'number' && min > max)
    problem('max', `max (${max}) must be >= min (${min})`);
}

/** `count` picks from `table`, separated by single spaces. */
/** `count` picks joined by spaces; `spaced` is `table` with a space before each entry. */
function joinPicks(random: CounterRandom, table: readonly string[], spaced: readonly string[], count: number): string {
  if (count === 0) return '';
  let text = random.pick(table);
  for (let i = 1; i < count; i++) text += random.pick(spaced);
  return text;
}

function sentence(random: CounterRandom): string {
  const length = random.intBetween(SENTENCE_MIN_WORDS, SENTENCE_MAX_WORDS);
  let text = random.pick(CAPITALISED_WORDS);
  for (let i = 1; i < length; i++) text += random.pick(SPACED_WORDS);
  return text + '.';
}

function sentences(random: CounterRandom, count: number): string {
  if (count === 0) return '';
  let text = sentence(random);
  for (let i = 1; i < count; i++) text += ' ' + sentence(random);
  return text;
}

/** A text type made of min..max units (words, sentences...): the shape all four share. */
function countedText(
  name: string,
  description: string,
  unit: string,
  defaults: [min: number, max: number, limit: number],
  /** Most units (max) whose text stays small (TypeDefinition.smallValues); null: never small. */
  smallMax: number | null,
  textOf: (random: CounterRandom, count: number) => string,
): TypeDefinition {
  const [defaultMin, defaultMax, limit] = defaults;
  return defineType({
    name,
    category: 'Text',
    description,
    params: countParams(unit, defaultMin, defaultMax, limit),
    output: 'string',
    check: checkMinMax,
    ...(smallMax === null ? {} : { smallValues: (params: ResolvedParams) => (params.max as number) <= smallMax }),
    create(params) {
      const min = params.min as number;
      const max = params.max as number;
      return budgeted((random) => textOf(random, random.intBetween(min, max)));
    },
  });
}

function paragraphText(random: CounterRandom, count: number): string {
  const paragraph = () => sentences(random, random.intBetween(PARAGRAPH_MIN_SENTENCES, PARAGRAPH_MAX_SENTENCES));
  if (count === 0) return '';
  let text = paragraph();
  for (let i = 1; i < count; i++) text += '\n\n' + paragraph();
  return text;
}

const words = countedText(
  'Words',
  `Lowercase lorem ipsum words separated by spaces, between min and max of them (at most ${MAX_WORDS}).`,
  'words',
  [10, 20, MAX_WORDS],
  48,
  (random, count) => joinPicks(random, LOREM_WORDS, SPACED_WORDS, count),
);

const sentencesType = countedText(
  'Sentences',
  `Lorem ipsum sentences of ${SENTENCE_MIN_WORDS} to ${SENTENCE_MAX_WORDS} words, each capitalised and ending with a period, ` +
    `separated by spaces; between min and max of them (at most ${MAX_SENTENCES}).`,
  'sentences',
  [1, 10, MAX_SENTENCES],
  2,
  sentences,
);

const paragraphs = countedText(
  'Paragraphs',
  `Lorem ipsum paragraphs of ${PARAGRAPH_MIN_SENTENCES} to ${PARAGRAPH_MAX_SENTENCES} sentences, separated by a blank line; ` +
    `between min and max of them (at most ${MAX_PARAGRAPHS}).`,
  'paragraphs',
  [1, 3, MAX_PARAGRAPHS],
  // Even one paragraph (three sentences or more) can pass SMALL_VALUE_MAX_CHARACTERS.
  null,
  paragraphText,
);

const natoPhonetic = countedText(
  'Nato Phonetic',
  `Words of the NATO/ICAO spelling alphabet (Alfa, Bravo ... X-ray, Yankee, Zulu) separated by spaces, between min and max of them (at most ${MAX_WORDS}).`,
  'words',
  [10, 20, MAX_WORDS],
  48,
  (random, count) => joinPicks(random, NATO_WORDS, SPACED_NATO_WORDS, count),
);

export const textTypes: TypeDefinition[] = [words, sentencesType, paragraphs, natoPhonetic];
