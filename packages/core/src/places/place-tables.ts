/**
 * Every place a row can be in, as parallel columns over one index space: first the real US ZIP
 * records (data/places-us.json), then the GeoNames cities of the rest of the world
 * (data/places-world.json). A place field's value is one or two array reads at the row's place
 * index. Built once per process (and per worker thread), the first time a schema uses a place
 * field; the files are stored column by column so that parsing them builds no per-row arrays.
 */
import { derivedData, readDataFile } from '../data/data-files.js';
import { placeCountries } from './place-countries.js';

/** Every distinct character of a text column, computed by the derivation script. */
interface TextCharacters {
  city: string;
  state: string;
  abbreviation: string;
}

interface UsTable {
  /** The weight of the United States as a whole (spread evenly over its ZIP codes). */
  weight: number;
  states: [abbreviation: string, name: string][];
  timeZones: string[];
  /** Distinct town names, which the city column refers to by index. */
  cities: string[];
  characters: TextCharacters;
  columns: { zip: string[]; city: number[]; state: number[]; latitude: number[]; longitude: number[]; timeZone: number[] };
}

interface WorldTable {
  countries: string[];
  regions: [name: string, abbreviation: string | null][];
  timeZones: string[];
  characters: TextCharacters;
  /** region -1: GeoNames names no region for the city. */
  columns: { city: string[]; country: number[]; region: number[]; latitude: number[]; longitude: number[]; weight: number[]; timeZone: number[] };
}

export interface PlaceTables {
  readonly count: number;
  /** Places below this index are US ZIP records; the rest are world cities. */
  readonly usCount: number;
  /** The real ZIP codes of the US places (index < usCount). */
  readonly zip: readonly string[];
  readonly city: readonly string[];
  /** Admin-1 region (US state, province...) and its abbreviation; null where unknown. */
  readonly state: readonly (string | null)[];
  readonly stateAbbreviation: readonly (string | null)[];
  /** Index into placeCountries(). */
  readonly country: Uint16Array;
  readonly latitude: readonly number[];
  readonly longitude: readonly number[];
  readonly timeZone: readonly string[];
  /** Relative chance of each place (see scripts/derive-places.mjs for the weighting). */
  readonly weight: Float64Array;
  /** Place indexes by country index, for restricted schemas. */
  readonly placesOfCountry: readonly Int32Array[];
  /** Every character of the text columns, for CreateContext.declareCharacters. */
  readonly characters: TextCharacters & { timeZone: string };
}

export const placeTables = derivedData((): PlaceTables => {
  const us = readDataFile<UsTable>('places-us.json');
  const world = readDataFile<WorldTable>('places-world.json');
  const countries = placeCountries();
  const usColumns = us.columns;
  const worldColumns = world.columns;
  const usCount = usColumns.zip.length;
  const count = usCount + worldColumns.city.length;

  // One string object per town name, shared by its ZIP codes: fewer, closer strings to read.
  const city: string[] = new Array(count);
  const state: (string | null)[] = new Array(count);
  const stateAbbreviation: (string | null)[] = new Array(count);
  const country = new Uint16Array(count);
  const timeZone: string[] = new Array(count);
  const weight = new Float64Array(count);

  const unitedStates = countries.indexOfCode.get('US')!;
  const usWeight = us.weight / usCount;
  for (let i = 0; i < usCount; i++) {
    const [abbreviation, name] = us.states[usColumns.state[i]];
    city[i] = us.cities[usColumns.city[i]];
    state[i] = name;
    stateAbbreviation[i] = abbreviation;
    country[i] = unitedStates;
    timeZone[i] = us.timeZones[usColumns.timeZone[i]];
    weight[i] = usWeight;
  }
  const worldCountry = world.countries.map((code) => {
    const index = countries.indexOfCode.get(code);
    if (index === undefined) throw new Error(`places-world.json: unknown country ${code}`);
    return index;
  });
  for (let j = 0, i = usCount; i < count; i++, j++) {
    const region = worldColumns.region[j];
    city[i] = worldColumns.city[j];
    state[i] = region < 0 ? null : world.regions[region][0];
    stateAbbreviation[i] = region < 0 ? null : world.regions[region][1];
    country[i] = worldCountry[worldColumns.country[j]];
    timeZone[i] = world.timeZones[worldColumns.timeZone[j]];
    weight[i] = worldColumns.weight[j];
  }

  const sizes = new Int32Array(countries.code.length);
  for (let i = 0; i < count; i++) sizes[country[i]]++;
  const placesOfCountry = Array.from(sizes, (size) => new Int32Array(size));
  sizes.fill(0);
  for (let i = 0; i < count; i++) placesOfCountry[country[i]][sizes[country[i]]++] = i;

  return {
    count,
    usCount,
    zip: usColumns.zip,
    city,
    state,
    stateAbbreviation,
    country,
    latitude: usColumns.latitude.concat(worldColumns.latitude),
    longitude: usColumns.longitude.concat(worldColumns.longitude),
    timeZone,
    weight,
    placesOfCountry,
    characters: {
      city: us.characters.city + world.characters.city,
      state: us.characters.state + world.characters.state,
      abbreviation: us.characters.abbreviation + world.characters.abbreviation,
      timeZone: [...us.timeZones, ...world.timeZones].join(''),
    },
  };
});
