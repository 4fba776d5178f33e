/**
 * Every place a row can be in, as parallel columns over one index space: first the real US ZIP
 * records (data/places-us.json), then the GeoNames cities of the rest of the world
 * (data/places-world.json). A place field's value is one or two array reads at the row's place
 * index. Built once per process (and per worker thread), the first time a schema uses a place
 * field, from the compact columns `npm run build` derives from those files (place-columns.ts,
 * place-pack.ts): only the text columns are expanded here, into arrays of shared strings.
 */
import { derivedData } from '../data/data-files.js';
import type { TextCharacters } from './place-columns.js';
import { readPlacePack } from './place-pack.js';

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
  readonly latitude: Float64Array;
  readonly longitude: Float64Array;
  readonly timeZone: readonly string[];
  /** Relative chance of each place (see scripts/derive-places.mjs for the weighting). */
  readonly weight: Float64Array;
  /** Place indexes by country index, for restricted schemas. */
  readonly placesOfCountry: readonly Int32Array[];
  /** The alias table of the sampler over every place (weighted-sampler.ts), built with the tables. */
  readonly alias: Int32Array;
  /** Every character of the text columns, for CreateContext.declareCharacters. */
  readonly characters: TextCharacters & { timeZone: string };
}

export const placeTables = derivedData((): PlaceTables => {
  const { columns, alias } = readPlacePack();
  const { count, usCount, region, regionName, regionAbbreviation, country } = columns;

  // One string object per town name, shared by its ZIP codes: fewer, closer strings to read.
  const city: string[] = new Array(count);
  const state: (string | null)[] = new Array(count);
  const stateAbbreviation: (string | null)[] = new Array(count);
  const timeZone: string[] = new Array(count);
  for (let i = 0; i < usCount; i++) city[i] = columns.usCities[columns.usCity[i]];
  for (let i = usCount; i < count; i++) city[i] = columns.worldCity[i - usCount];
  for (let i = 0; i < count; i++) {
    const r = region[i];
    state[i] = r < 0 ? null : regionName[r];
    stateAbbreviation[i] = r < 0 ? null : regionAbbreviation[r];
    timeZone[i] = columns.timeZones[columns.timeZone[i]];
  }

  return {
    count,
    usCount,
    zip: columns.zip,
    city,
    state,
    stateAbbreviation,
    country,
    latitude: columns.latitude,
    longitude: columns.longitude,
    timeZone,
    weight: columns.weight,
    placesOfCountry: Array.from(columns.countryStart.subarray(1), (end, c) => columns.byCountry.subarray(columns.countryStart[c], end)),
    alias,
    characters: columns.characters,
  };
});
