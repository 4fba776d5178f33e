/**
 * The place tables in their compact form: the two data files (data/places-us.json, the real US
 * ZIP records; data/places-world.json, the GeoNames cities of the rest of the world) joined into
 * one index space, every text column as indexes into a list of distinct texts, every number
 * column as a typed array. `npm run build` computes this once (scripts/pack-places.mjs) and
 * stores it with the unrestricted sampler's alias table in dist/tables/places.v8, which a
 * process reads in a few ms instead of parsing 2.6 MB of JSON (place-pack.ts).
 */
import type { PlaceCountries } from './place-countries.js';

/** Every distinct character of a text column, computed by the derivation script. */
export interface TextCharacters {
  city: string;
  state: string;
  abbreviation: string;
}

export interface UsTable {
  /** The weight of the United States as a whole (spread evenly over its ZIP codes). */
  weight: number;
  states: [abbreviation: string, name: string][];
  timeZones: string[];
  /** Distinct town names, which the city column refers to by index. */
  cities: string[];
  characters: TextCharacters;
  columns: {
    zip: string[];
    city: number[];
    state: number[];
    latitude: number[];
    longitude: number[];
    timeZone: number[];
  };
}

export interface WorldTable {
  countries: string[];
  regions: [name: string, abbreviation: string | null][];
  timeZones: string[];
  characters: TextCharacters;
  /** region -1: GeoNames names no region for the city. */
  columns: {
    city: string[];
    country: number[];
    region: number[];
    latitude: number[];
    longitude: number[];
    weight: number[];
    timeZone: number[];
  };
}

export interface PlaceColumns {
  count: number;
  /** Places below this index are US ZIP records; the rest are world cities. */
  usCount: number;
  /** The ZIP code of each US place, as a number (every one is five digits). */
  zip: Int32Array;
  /** Town names: US places refer to `usCities` by `usCity`; world places have their own. */
  usCities: string[];
  usCity: Int32Array;
  worldCity: string[];
  /** Admin-1 regions (US states first) and their abbreviations; `region` -1: none. */
  regionName: string[];
  regionAbbreviation: (string | null)[];
  region: Int32Array;
  timeZones: string[];
  timeZone: Int32Array;
  /** Index into placeCountries(). */
  country: Uint16Array;
  latitude: Float64Array;
  longitude: Float64Array;
  /** Relative chance of each place (see scripts/derive-places.mjs for the weighting). */
  weight: Float64Array;
  /**
   * Place indexes grouped by country index, in place order within each: those of country c are
   * byCountry[countryStart[c] .. countryStart[c + 1]) (every country of placeCountries()).
   */
  byCountry: Int32Array;
  countryStart: Int32Array;
  characters: TextCharacters & { timeZone: string };
}

/** Joins the two files' columns (the work every process used to do on first use). */
export function derivePlaceColumns(us: UsTable, world: WorldTable, countries: PlaceCountries): PlaceColumns {
  const usCount = us.columns.zip.length;
  const count = usCount + world.columns.city.length;
  const region = new Int32Array(count);
  const timeZone = new Int32Array(count);
  const country = new Uint16Array(count);
  const weight = new Float64Array(count);

  const unitedStates = countries.indexOfCode.get('US')!;
  const usWeight = us.weight / usCount;
  for (let i = 0; i < usCount; i++) {
    region[i] = us.columns.state[i];
    timeZone[i] = us.columns.timeZone[i];
    country[i] = unitedStates;
    weight[i] = usWeight;
  }
  const worldCountry = world.countries.map((code) => {
    const index = countries.indexOfCode.get(code);
    if (index === undefined) throw new Error(`places-world.json: unknown country ${code}`);
    return index;
  });
  const states = us.states.length;
  const usZones = us.timeZones.length;
  for (let j = 0, i = usCount; i < count; i++, j++) {
    const r = world.columns.region[j];
    region[i] = r < 0 ? -1 : states + r;
    timeZone[i] = usZones + world.columns.timeZone[j];
    country[i] = worldCountry[world.columns.country[j]];
    weight[i] = world.columns.weight[j];
  }
  return {
    count,
    usCount,
    zip: Int32Array.from(us.columns.zip, (code) => {
      if (!/^\d{5}$/.test(code)) throw new Error(`places-us.json: ZIP code ${code} is not five digits`);
      return Number(code);
    }),
    usCities: us.cities,
    usCity: Int32Array.from(us.columns.city),
    worldCity: world.columns.city,
    regionName: [...us.states.map(([, name]) => name), ...world.regions.map(([name]) => name)],
    regionAbbreviation: [
      ...us.states.map(([abbreviation]) => abbreviation),
      ...world.regions.map(([, abbreviation]) => abbreviation),
    ],
    region,
    timeZones: [...us.timeZones, ...world.timeZones],
    timeZone,
    country,
    latitude: Float64Array.from(us.columns.latitude.concat(world.columns.latitude)),
    longitude: Float64Array.from(us.columns.longitude.concat(world.columns.longitude)),
    weight,
    ...groupByCountry(country, countries.code.length),
    characters: {
      city: us.characters.city + world.characters.city,
      state: us.characters.state + world.characters.state,
      abbreviation: us.characters.abbreviation + world.characters.abbreviation,
      timeZone: [...us.timeZones, ...world.timeZones].join(''),
    },
  };
}

/** Place indexes by country (see PlaceColumns.byCountry), by counting sort. */
function groupByCountry(country: Uint16Array, countries: number): { byCountry: Int32Array; countryStart: Int32Array } {
  const countryStart = new Int32Array(countries + 1);
  for (let i = 0; i < country.length; i++) countryStart[country[i] + 1]++;
  for (let c = 0; c < countries; c++) countryStart[c + 1] += countryStart[c];
  const next = countryStart.slice(0, countries);
  const byCountry = new Int32Array(country.length);
  for (let i = 0; i < country.length; i++) byCountry[next[country[i]]++] = i;
  return { byCountry, countryStart };
}

/** Every place's town name, in place order: US places' by their town index, world places' own. */
export function cityNames(columns: PlaceColumns): string[] {
  // One string object per town name, shared by its ZIP codes: fewer, closer strings to read.
  const city: string[] = new Array(columns.count);
  for (let i = 0; i < columns.usCount; i++) city[i] = columns.usCities[columns.usCity[i]];
  for (let i = columns.usCount; i < columns.count; i++) city[i] = columns.worldCity[i - columns.usCount];
  return city;
}
