/**
 * The countries a place can be in (data/places-countries.json, derived from countries-list and
 * currency-codes by scripts/derive-places.mjs): names, the currency and language the place
 * fields report, how many places each has, and the name lookup the `countries` parameter uses.
 * Small (250 rows), so schemas read it when they are compiled.
 */
import { derivedData, readDataFile } from '../data/data-files.js';
import { closestMatch } from '../kernel/suggest.js';

type CountryRow = [
  code: string,
  name: string,
  aliases: string[],
  currencyCode: string | null,
  currencyName: string | null,
  language: string | null,
  places: number,
];

export interface PlaceCountries {
  /** Parallel columns by country index. */
  readonly code: readonly string[];
  readonly name: readonly string[];
  readonly currencyCode: readonly (string | null)[];
  readonly currencyName: readonly (string | null)[];
  readonly language: readonly (string | null)[];
  /** How many places of the tables lie in the country (0 for uninhabited ones, e.g. Bouvet Island). */
  readonly places: readonly number[];
  /** Country index by lower-case name, alias or ISO alpha-2 code. */
  readonly byKey: ReadonlyMap<string, number>;
  readonly indexOfCode: ReadonlyMap<string, number>;
}

export const placeCountries = derivedData((): PlaceCountries => {
  const rows = readDataFile<{ rows: CountryRow[] }>('places-countries.json').rows;
  const byKey = new Map<string, number>();
  rows.forEach(([code, name, aliases], i) => {
    for (const key of [code, name, ...aliases]) if (!byKey.has(key.toLowerCase())) byKey.set(key.toLowerCase(), i);
  });
  return {
    code: rows.map((r) => r[0]),
    name: rows.map((r) => r[1]),
    currencyCode: rows.map((r) => r[3]),
    currencyName: rows.map((r) => r[4]),
    language: rows.map((r) => r[5]),
    places: rows.map((r) => r[6]),
    byKey,
    indexOfCode: new Map(rows.map((r, i) => [r[0], i])),
  };
});

export interface CountryLookup {
  /** ISO alpha-2 codes of the countries found, without repeats. */
  codes: string[];
  /** One message per name that is not a country, with a suggestion where one is close. */
  unknown: string[];
}

/** Resolves names as users write them: country name, common alias or alpha-2 code, any case. */
export function lookUpCountries(names: readonly string[]): CountryLookup {
  const countries = placeCountries();
  const codes = new Set<string>();
  const unknown: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === '') continue;
    const index = countries.byKey.get(name.toLowerCase());
    if (index !== undefined) {
      codes.add(countries.code[index]);
      continue;
    }
    const suggestion = closestMatch(name, countries.name);
    unknown.push(`"${name}"` + (suggestion ? ` (did you mean "${suggestion}"?)` : ''));
  }
  return { codes: [...codes], unknown };
}
