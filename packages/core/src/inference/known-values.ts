/**
 * Core's own tables as look-ups for inference: the first and last names the person types draw
 * from, and the cities, regions and countries of the place tables. Built on first use (a column
 * of text that no pattern claimed), once per process.
 */
import { EN } from '../data/faker-en.js';
import { derivedData } from '../data/data-files.js';
import { readPlacePack } from '../places/place-pack.js';
import { placeCountries } from '../places/place-countries.js';

export interface KnownValues {
  firstNames: ReadonlySet<string>;
  lastNames: ReadonlySet<string>;
  cities: ReadonlySet<string>;
  states: ReadonlySet<string>;
  stateCodes: ReadonlySet<string>;
  /** Country names and aliases, lower case. */
  countries: ReadonlySet<string>;
  /** ISO alpha-2 codes, upper case. */
  countryCodes: ReadonlySet<string>;
}

const lower = (values: Iterable<string | null>) => {
  const set = new Set<string>();
  for (const value of values) if (value) set.add(value.toLowerCase());
  return set;
};

export const knownValues = derivedData((): KnownValues => {
  const person = EN.person!;
  const { columns } = readPlacePack();
  const countries = placeCountries();
  return {
    firstNames: lower([...person.first_name!.female!, ...person.first_name!.male!]),
    lastNames: lower(person.last_name!.generic!),
    cities: lower([...columns.usCities, ...columns.worldCity]),
    states: lower(columns.regionName),
    stateCodes: new Set(columns.regionAbbreviation.filter((code): code is string => code !== null)),
    countries: new Set([...countries.byKey.keys()].filter((key) => key.length > 2)),
    countryCodes: new Set(countries.code),
  };
});

/** Titles as the Title type writes them. */
export const TITLES: ReadonlySet<string> = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'rev', 'honorable', 'prof']);
