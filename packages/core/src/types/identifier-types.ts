/**
 * Identification numbers with their real structure: US Social Security and Employer
 * Identification Numbers, D-U-N-S numbers, NHS numbers (valid mod-11 check digit) and ISBNs
 * (valid ISBN-10 in a real registration group). Each is built digit by digit from the row's
 * random draws, so a value costs a handful of draws and one string.
 */
import { derivedData, readDataFile } from '../data/data-files.js';
import { isbn10CheckCharacter, nhsCheckDigit } from '../checksums/mod11.js';
import type { CounterRandom } from '../random/counter-random.js';
import { DIGITS } from '../kernel/characters.js';
import type { TypeDefinition, ValueGenerator } from '../kernel/define-type.js';
import { plainType } from './plain-type.js';

/** `n` written with exactly `width` digits. */
function padded(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** A type without parameters whose values use only `characters`. */
function identifierType(
  name: string,
  description: string,
  characters: string,
  generate: () => ValueGenerator,
): TypeDefinition {
  return plainType({
    name,
    category: 'Basic',
    description,
    characters: () => characters,
    generator: generate,
    smallValues: true,
  });
}

/**
 * SSN areas run 001-899 without 666 (900-999 and 666 are never issued), groups 01-99 and
 * serials 0001-9999 (all-zero parts are never issued either).
 */
function ssn(random: CounterRandom): string {
  let area = random.intBetween(1, 898);
  if (area >= 666) area++;
  return `${padded(area, 3)}-${padded(random.intBetween(1, 99), 2)}-${padded(random.intBetween(1, 9999), 4)}`;
}

/** The IRS campus prefixes of EINs (the first two digits), from ein-prefixes.json, each once. */
const einPrefixes = derivedData(() => {
  const byCampus = readDataFile<Record<string, string[]>>('ein-prefixes.json');
  // Some prefixes belong to two campuses (Philadelphia and Internet): count each once.
  return [...new Set(Object.values(byCampus).flat())].sort();
});

/** Nine digits of an NHS number's England and Wales ranges (400-499 and 600-799 million). */
function nhsNineDigits(random: CounterRandom, digits: number[]): void {
  const n = random.below(300_000_000);
  let body = n < 100_000_000 ? 400_000_000 + n : 500_000_000 + n;
  // The check digit sits after these nine digits: write them out to weight them.
  for (let i = 8; i >= 0; i--) {
    digits[i] = body % 10;
    body = Math.floor(body / 10);
  }
}

/** An NHS number `### ### ####`; nine digits whose check would be 10 are never issued: draw again. */
function nhsNumber(random: CounterRandom, digits: number[]): string {
  // Each draw fails with probability 1/11, so 64 failures in a row never happen in practice.
  for (let attempt = 0; attempt < 64; attempt++) {
    nhsNineDigits(random, digits);
    const check = nhsCheckDigit(digits);
    if (check === null) continue;
    const text = digits.join('');
    return `${text.slice(0, 3)} ${text.slice(3, 6)} ${text.slice(6, 9)}${check}`;
  }
  // Unreachable in practice; a fixed valid number keeps the generator total.
  return '400 000 0004';
}

/**
 * ISBN registration groups of ISBN-10 (the 978 prefix) whose publisher ranges cover every
 * number after the group, weighted roughly by how many books they publish: English (0, 1),
 * French, German, Japanese, former USSR, China, former Czechoslovakia, India, Spain, Italy, Korea.
 */
const ISBN_GROUPS: readonly (readonly [string, number])[] = [
  ['0', 30],
  ['1', 30],
  ['2', 8],
  ['3', 8],
  ['4', 5],
  ['5', 4],
  ['7', 4],
  ['80', 1],
  ['81', 2],
  ['84', 2],
  ['88', 2],
  ['89', 2],
];
const ISBN_GROUP_TOTAL = ISBN_GROUPS.reduce((sum, [, weight]) => sum + weight, 0);
/** Group 1 leaves publisher numbers 06000000-06649999 unassigned: they are skipped. */
const GROUP_1_GAP_START = 6_000_000;
const GROUP_1_GAP_SIZE = 650_000;

/** An ISBN-10 as the established product writes it: nine digits, a hyphen and the check character. */
function isbn(random: CounterRandom, digits: number[]): string {
  let ticket = random.below(ISBN_GROUP_TOTAL);
  let group = ISBN_GROUPS[0][0];
  for (const [name, weight] of ISBN_GROUPS) {
    if (ticket < weight) {
      group = name;
      break;
    }
    ticket -= weight;
  }
  const restWidth = 9 - group.length;
  let rest: number;
  if (group === '1') {
    rest = random.below(10 ** restWidth - GROUP_1_GAP_SIZE);
    if (rest >= GROUP_1_GAP_START) rest += GROUP_1_GAP_SIZE;
  } else {
    rest = random.below(10 ** restWidth);
  }
  const body = group + padded(rest, restWidth);
  for (let i = 0; i < 9; i++) digits[i] = body.charCodeAt(i) - 48;
  return `${body}-${isbn10CheckCharacter(digits)}`;
}

export const identifierTypes: TypeDefinition[] = [
  identifierType(
    'SSN',
    'A US Social Security number AAA-GG-SSSS with an issuable area (001-899, not 666), group and serial.',
    DIGITS + '-',
    () => ssn,
  ),
  identifierType(
    'EIN',
    'A US Employer Identification Number ##-####### starting with a prefix assigned to an IRS campus.',
    DIGITS + '-',
    () => {
      const prefixes = einPrefixes();
      return (random) => `${prefixes[random.below(prefixes.length)]}-${padded(random.below(10_000_000), 7)}`;
    },
  ),
  identifierType(
    'DUNS Number',
    'A nine-digit D-U-N-S business number formatted ##-###-####.',
    DIGITS + '-',
    () => (random) => {
      const n = padded(random.below(1_000_000_000), 9);
      return `${n.slice(0, 2)}-${n.slice(2, 5)}-${n.slice(5)}`;
    },
  ),
  identifierType(
    'NHS Number',
    'A UK NHS number ### ### #### in the England and Wales ranges, with a valid mod-11 check digit.',
    DIGITS + ' ',
    () => {
      const digits: number[] = new Array<number>(9).fill(0);
      return (random) => nhsNumber(random, digits);
    },
  ),
  identifierType(
    'ISBN',
    'A valid ISBN-10 of a real registration group, written as nine digits, a hyphen and the check character (0-9 or X).',
    DIGITS + '-X',
    () => {
      const digits: number[] = new Array<number>(9).fill(0);
      return (random) => isbn(random, digits);
    },
  ),
];
