/**
 * The place family: City, State, State (abbrev), Country, Country Code, Postal Code, Latitude,
 * Longitude, Time Zone, Currency, Currency Code and Language of one row all describe one place,
 * drawn once per row (src/places/). In the United States the place is a real ZIP record, so ZIP,
 * town, state and coordinates belong together; elsewhere it is a GeoNames city with its region,
 * coordinates and time zone, and a postal code in the country's format.
 *
 * Weighting: a city weighs the square root of its population, and the United States as a whole
 * weighs what its GeoNames cities would (about 11% of rows), spread evenly over its ZIP codes.
 * Rows therefore come from all over the world, led by India, the US, China and Brazil, without a
 * few megacities filling them.
 */
import { lookUpCountries, placeCountries, type PlaceCountries } from '../places/place-countries.js';
import { placeCharacters, type PlaceCharacters } from '../places/place-characters.js';
import { placeFamily, placeRestrictions } from '../places/place-family.js';
import { placeTables, type PlaceTables } from '../places/place-tables.js';
import { postalCodes } from '../places/postal-codes.js';
import type { Value } from '../kernel/values.js';
import { charactersOf, DIGITS } from '../kernel/characters.js';
import {
  defineType,
  type CreateContext,
  type OutputKind,
  type ParamSpec,
  type ResolvedParams,
  type TypeDefinition,
  type ValueGenerator,
} from '../kernel/define-type.js';
import { withBytes } from '../bytes/byte-forms.js';
import { EncodedPool, writePooled } from '../bytes/encoded-pool.js';

/** Coordinates are plain decimal numbers with 4 decimals. */
const COORDINATE_CHARACTERS = '-.0123456789';

const WHERE =
  "the row's place (a real US ZIP record, or a GeoNames city elsewhere, weighted by the square root of population)";

const ONLY_US_PLACES: ParamSpec = {
  name: 'onlyUSPlaces',
  kind: 'boolean',
  default: false,
  description: 'true restricts the places of the whole row (City, Postal Code, Country...) to the United States',
};

const COUNTRIES: ParamSpec = {
  name: 'countries',
  kind: 'string[]',
  default: [],
  description:
    'Countries to restrict generated locations to, by name ("Germany"), common alias ("UK") or ISO code ("DE"); ' +
    'restricts the places of the whole row. Empty: the whole world',
};

/** How a field reads its value from the row's place index. */
type Read = (place: number) => Value;

/**
 * How a field reads the tables, and the characters it can produce. The characters come from the
 * small files (declared when the schema is compiled); the reader is made on the field's first
 * value, so a thread that only compiles the schema never loads the tables.
 */
interface PlaceReader {
  characters: (small: PlaceCharacters, countries: PlaceCountries) => string;
  read: (tables: PlaceTables, countries: PlaceCountries) => Read;
  /** A column of text that is never null, encoded once: the field then has a byte form (bytes/byte-forms.ts). */
  pool?: (tables: PlaceTables) => EncodedPool;
}

/** A reader of a column of the place's country (name, code, currency, language). */
function countryReader(column: (countries: PlaceCountries) => readonly (string | null)[]): PlaceReader {
  return {
    characters: (_small, countries) => charactersOf(column(countries).filter((v) => v !== null)),
    read: (tables, countries) => {
      const values = column(countries);
      const country = tables.country;
      return (place) => values[country[place]];
    },
  };
}

/** A reader of one of the tables' text columns, whose characters the small file lists. */
function textReader(
  column: (tables: PlaceTables) => readonly (string | null)[],
  characters: (small: PlaceCharacters) => string,
): PlaceReader {
  return {
    characters: (small) => charactersOf(characters(small)),
    read: (tables) => {
      const values = column(tables);
      return (place) => values[place];
    },
  };
}

/** City: a text column with a value for every place, which the build also stores encoded. */
function cityReader(): PlaceReader {
  return {
    ...textReader(
      (t) => t.city,
      (c) => c.city,
    ),
    pool: (tables) => tables.cityBytes,
  };
}

/** A reader of coordinates (plain decimal numbers). */
function coordinateReader(column: (tables: PlaceTables) => ArrayLike<number>): PlaceReader {
  return {
    characters: () => COORDINATE_CHARACTERS,
    read: (tables) => {
      const values = column(tables);
      return (place) => values[place];
    },
  };
}

/** Applies the field's restriction (if any) to the schema's places; problems go to the parameter. */
type Restrict = (params: ResolvedParams, context: CreateContext) => void;

const restrictToUs: Restrict = (params, context) => {
  if (params.onlyUSPlaces !== true) return;
  const problem = placeRestrictions(context).narrow(['US'], `"${context.fieldName}" (onlyUSPlaces)`);
  if (problem) context.problem('onlyUSPlaces', problem);
};

const restrictToCountries: Restrict = (params, context) => {
  const names = (params.countries as string[] | undefined) ?? [];
  if (names.every((name) => name.trim() === '')) return;
  const { codes, unknown } = lookUpCountries(names);
  if (unknown.length > 0) {
    context.problem(
      'countries',
      `${unknown.length === 1 ? 'is not a country' : 'are not countries'}: ${unknown.join(', ')}; ` +
        'use country names such as "United States" or "Germany", or ISO codes such as "US" or "DE"',
    );
    return;
  }
  const problem = placeRestrictions(context).narrow(codes, `"${context.fieldName}" (countries)`);
  if (problem) context.problem('countries', problem);
};

interface PlaceTypeSpec {
  name: string;
  category: string;
  description: string;
  output?: OutputKind;
  params?: ParamSpec[];
  exampleParams?: Record<string, unknown>;
  restrict?: Restrict;
  reader: PlaceReader;
}

function placeType(spec: PlaceTypeSpec): TypeDefinition {
  return defineType({
    name: spec.name,
    category: spec.category,
    description: spec.description,
    params: spec.params ?? [],
    output: spec.output ?? 'string',
    smallValues: true,
    family: 'place',
    exampleParams: spec.exampleParams,
    create: (params, context) => {
      const family = placeFamily(context);
      spec.restrict?.(params, context);
      context.declareCharacters(spec.reader.characters(placeCharacters(), placeCountries()));
      let read: Read | null = null;
      const generate: ValueGenerator = (_random, row) => {
        const place = row.family(family);
        // The tables load on the first value (the family's draw has loaded them by then anyway).
        if (read === null) read = spec.reader.read(placeTables(), placeCountries());
        return read(place);
      };
      const poolOf = spec.reader.pool;
      if (poolOf === undefined) return generate;
      let pool: EncodedPool | null = null;
      return withBytes(generate, (_random, row, out) => {
        const place = row.family(family);
        if (pool === null) pool = poolOf(placeTables());
        writePooled(out, pool, place);
      });
    },
  });
}

export const placeTypes: TypeDefinition[] = [
  placeType({
    name: 'City',
    category: 'Location',
    description: `A real town or city, from ${WHERE}: the United States make up about 11% of rows.`,
    reader: cityReader(),
  }),
  placeType({
    name: 'State',
    category: 'Location',
    description: `The state, province or region of ${WHERE}, e.g. "New York" or "Bavaria"; a city-state is its own region.`,
    params: [ONLY_US_PLACES],
    restrict: restrictToUs,
    reader: textReader(
      (t) => t.state,
      (c) => c.state,
    ),
  }),
  placeType({
    name: 'State (abbrev)',
    category: 'Location',
    description:
      "The abbreviation of the row's state or region: US, Canadian, Australian and Brazilian postal abbreviations (NY, ON, NSW, SP), " +
      'ISO 3166-2 codes of a few more countries (GB, CH, BE...), elsewhere the country and GeoNames region code (DE-02, the form of ISO 3166-2).',
    params: [ONLY_US_PLACES],
    exampleParams: { onlyUSPlaces: true },
    restrict: restrictToUs,
    reader: textReader(
      (t) => t.stateAbbreviation,
      (c) => c.abbreviation,
    ),
  }),
  placeType({
    name: 'Country',
    category: 'Location',
    description: `The country of ${WHERE}, by its common English name, e.g. "United States", "Germany".`,
    params: [COUNTRIES],
    restrict: restrictToCountries,
    reader: countryReader((c) => c.name),
  }),
  placeType({
    name: 'Country Code',
    category: 'Location',
    description: "The ISO 3166-1 alpha-2 code of the row's country, e.g. US, DE.",
    reader: countryReader((c) => c.code),
  }),
  defineType({
    name: 'Postal Code',
    category: 'Location',
    family: 'place',
    description:
      "The postal code of the row's place: the real ZIP code in the United States, elsewhere a code in the country's format " +
      "(not the city's own code). A schema with a Postal Code draws its places from countries with postal codes, " +
      'unless its Country `countries` names only countries without them (then it is blank).',
    params: [],
    output: 'string',
    smallValues: true,
    create: (_params, context) => {
      const family = placeFamily(context);
      const postal = postalCodes();
      // The row's place is then in a country with postal codes, unless the schema asks for others only.
      placeRestrictions(context).prefer(postal.countries);
      context.declareCharacters(charactersOf(DIGITS, postal.characters));
      // The tables load on the first value, not when the schema is compiled (see PlaceReader).
      let tables: PlaceTables | null = null;
      return (random, row) => {
        const place = row.family(family);
        tables ??= placeTables();
        return place < tables.usCount
          ? tables.zip[place]
          : postal.generate(tables.country[place], tables.stateAbbreviation[place], random, row);
      };
    },
  }),
  placeType({
    name: 'Latitude',
    category: 'Location',
    description: "The latitude of the row's place in decimal degrees (4 decimals), e.g. 40.7484.",
    output: 'number',
    reader: coordinateReader((t) => t.latitude),
  }),
  placeType({
    name: 'Longitude',
    category: 'Location',
    description: "The longitude of the row's place in decimal degrees (4 decimals), e.g. -73.9967.",
    output: 'number',
    reader: coordinateReader((t) => t.longitude),
  }),
  placeType({
    name: 'Time Zone',
    category: 'Location',
    description: "The IANA time zone of the row's place, e.g. America/New_York.",
    reader: textReader(
      (t) => t.timeZone,
      (c) => c.timeZone,
    ),
  }),
  placeType({
    name: 'Currency',
    category: 'Commerce',
    description: 'The ISO 4217 name of the currency of the row\'s country, e.g. "US Dollar", "Euro".',
    reader: countryReader((c) => c.currencyName),
  }),
  placeType({
    name: 'Currency Code',
    category: 'Commerce',
    description: "The ISO 4217 code of the currency of the row's country, e.g. USD, EUR.",
    reader: countryReader((c) => c.currencyCode),
  }),
  placeType({
    name: 'Language',
    category: 'Location',
    description: 'The first official language of the row\'s country, by its English name, e.g. "English", "German".',
    reader: countryReader((c) => c.language),
  }),
];
