/**
 * Postal codes for places outside the US: one pattern per country (data/postal-patterns.json,
 * rewritten from postcode-validator's regular expressions by scripts/derive-places.mjs), run by
 * Rowloom's own pattern generator. The code has the country's format; it is not the city's real
 * code. Countries without a pattern (many have no postal codes) get null. US places carry their
 * real ZIP code instead (place-tables.ts).
 */
import { derivedData, readDataFile } from '../data/data-files.js';
import type { CounterRandom } from '../random/counter-random.js';
import { compilePattern, type PatternGenerator } from '../regex/compile.js';
import { parsePattern } from '../regex/parser.js';
import type { RowState } from '../types/define-type.js';
import { placeCountries } from './place-countries.js';

interface PostalPatterns {
  /** Every character a pattern can produce (computed by the derivation script). */
  characters: string;
  rows: [country: string, pattern: string][];
}

export interface PostalCodes {
  /** Every character a generated code can contain. */
  readonly characters: string;
  /** A postal code of the country (by index), or null when it has none. */
  generate(countryIndex: number, random: CounterRandom, row: RowState): string | null;
}

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
  const compile = (countryIndex: number): PatternGenerator | null => {
    const pattern = patterns[countryIndex];
    const generator =
      pattern === null
        ? null
        : compilePattern(parsePattern(pattern), (name) => {
            throw new Error(`the postal pattern of ${countries.code[countryIndex]} names a field (${name})`);
          });
    generators[countryIndex] = generator;
    return generator;
  };
  return {
    characters: data.characters,
    generate(countryIndex, random, row) {
      let generator = generators[countryIndex];
      if (generator === undefined) generator = compile(countryIndex);
      return generator === null ? null : generator(random, row);
    },
  };
});
