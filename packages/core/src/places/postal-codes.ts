/**
 * Postal codes for places outside the US: one pattern per country (data/postal-patterns.json,
 * rewritten from postcode-validator's regular expressions by scripts/derive-places.mjs), run by
 * Rowloom's own pattern generator. The code has the country's format; it is not the city's real
 * code. Countries without a pattern (many have no postal codes) get null; a schema with a Postal
 * Code therefore prefers the places of countries with postal codes (place-family.ts). US places carry their
 * real ZIP code instead (place-tables.ts). In Canada the first letter also follows the province
 * (facts of Canada Post's forward sortation areas, written here), so a Quebec city gets G, H or J.
 */
import { derivedData, readDataFile } from '../data/data-files.js';
import type { CounterRandom } from '../random/counter-random.js';
import { compilePattern, type PatternGenerator } from '../regex/compile.js';
import { parsePattern } from '../regex/parser.js';
import type { RowState } from '../kernel/define-type.js';
import { placeCountries } from './place-countries.js';

interface PostalPatterns {
  /** Every character a pattern can produce (computed by the derivation script). */
  characters: string;
  rows: [country: string, pattern: string][];
}

export interface PostalCodes {
  /** Every character a generated code can contain. */
  readonly characters: string;
  /** ISO codes of the countries with postal codes (the US included). */
  readonly countries: readonly string[];
  /** A postal code of the country (by index) and region (its abbreviation, if known), or null when the country has none. */
  generate(countryIndex: number, region: string | null, random: CounterRandom, row: RowState): string | null;
}

/** Letters Canada Post uses in the later positions of a postal code (no D, F, I, O, Q or U). */
const CANADIAN_LETTER = '[ABCEGHJKLMNPRSTVWXYZ]';

/** The first letter of Canadian postal codes by province and territory. */
const CANADIAN_FIRST_LETTERS: Readonly<Record<string, string>> = {
  NL: 'A',
  NS: 'B',
  PE: 'C',
  NB: 'E',
  QC: '[GHJ]',
  ON: '[KLMNP]',
  MB: 'R',
  SK: 'S',
  AB: 'T',
  BC: 'V',
  NT: 'X',
  NU: 'X',
  YT: 'Y',
};

/** Patterns that depend on the region as well as the country, keyed "CC:REGION". */
const REGIONAL_PATTERNS: ReadonlyMap<string, string> = new Map(
  Object.entries(CANADIAN_FIRST_LETTERS).map(([province, first]) => [
    `CA:${province}`,
    `${first}[0-9]${CANADIAN_LETTER} [0-9]${CANADIAN_LETTER}[0-9]`,
  ]),
);

export const postalCodes = derivedData((): PostalCodes => {
  const data = readDataFile<PostalPatterns>('postal-patterns.json');
  const countries = placeCountries();
  const patterns: (string | null)[] = new Array(countries.code.length).fill(null);
  for (const [code, pattern] of data.rows) {
    const index = countries.indexOfCode.get(code);
    if (index !== undefined) patterns[index] = pattern;
  }
  // Compiled on first use: a schema restricted to a few countries compiles a few patterns.
  const generators: (PatternGenerator | null | undefined)[] = new Array(patterns.length).fill(undefined);
  const compileText = (pattern: string, where: string): PatternGenerator =>
    compilePattern(parsePattern(pattern), (name) => {
      throw new Error(`the postal pattern of ${where} names a field (${name})`);
    });
  const compile = (countryIndex: number): PatternGenerator | null => {
    const pattern = patterns[countryIndex];
    const generator = pattern === null ? null : compileText(pattern, countries.code[countryIndex]);
    generators[countryIndex] = generator;
    return generator;
  };
  const regional = new Map<string, PatternGenerator>();
  const regionalGenerator = (countryIndex: number, region: string): PatternGenerator | undefined => {
    const key = `${countries.code[countryIndex]}:${region}`;
    let generator = regional.get(key);
    if (generator === undefined) {
      const pattern = REGIONAL_PATTERNS.get(key);
      if (pattern === undefined) return undefined;
      generator = compileText(pattern, key);
      regional.set(key, generator);
    }
    return generator;
  };
  return {
    characters: data.characters,
    countries: [...new Set(['US', ...data.rows.map(([code]) => code)])],
    generate(countryIndex, region, random, row) {
      const byRegion = region === null ? undefined : regionalGenerator(countryIndex, region);
      if (byRegion !== undefined) return byRegion(random, row);
      let generator = generators[countryIndex];
      if (generator === undefined) generator = compile(countryIndex);
      return generator === null ? null : generator(random, row);
    },
  };
});
