/**
 * Every place a row can be in, as parallel columns over one index space: first the real US ZIP
 * records (data/places-us.json), then the GeoNames cities of the rest of the world
 * (data/places-world.json). A place field's value is one or two array reads at the row's place
 * index. Built once per process (and per worker thread), the first time a schema uses a place
 * field, from the compact columns `npm run build` derives from those files (place-columns.ts,
 * place-pack.ts): only the text columns are expanded here, into arrays of shared strings.
 */
import { derivedData } from '../data/data-files.js';
import { cityNames, type TextCharacters } from './place-columns.js';
import { EncodedPool } from '../bytes/encoded-pool.js';
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
  /** `city` encoded as UTF-8 by the build (place-pack.ts), for City's byte form. */
  readonly cityBytes: EncodedPool;
  /** Every character of the text columns, for CreateContext.declareCharacters. */
  readonly characters: TextCharacters & { timeZone: string };
}

/** The columns of strings, made on first read. */
type TextColumn = 'zip' | 'city' | 'state' | 'stateAbbreviation' | 'timeZone';

export const placeTables = derivedData((): PlaceTables => {
  const { columns, alias, cityBytes } = readPlacePack();
  const { count, usCount, region, regionName, regionAbbreviation } = columns;
  const eager: Omit<PlaceTables, TextColumn> = {
    count,
    usCount,
    country: columns.country,
    latitude: columns.latitude,
    longitude: columns.longitude,
    weight: columns.weight,
    placesOfCountry: Array.from(columns.countryStart.subarray(1), (end, c) =>
      columns.byCountry.subarray(columns.countryStart[c], end),
    ),
    alias,
    cityBytes: new EncodedPool(cityBytes.bytes, cityBytes.starts),
    characters: columns.characters,
  };
  const tables = eager as PlaceTables;
  // The text columns are arrays of strings, made when a field first reads them: most schemas
  // read one or two of them, and making all of them cost every thread several ms.
  lazyColumn(tables, 'zip', () =>
    Array.from(columns.zip.subarray(0, usCount), (code) => String(code).padStart(5, '0')),
  );
  lazyColumn(tables, 'city', () => cityNames(columns));
  lazyColumn(tables, 'state', () => Array.from(region, (r) => (r < 0 ? null : regionName[r])));
  lazyColumn(tables, 'stateAbbreviation', () => Array.from(region, (r) => (r < 0 ? null : regionAbbreviation[r])));
  lazyColumn(tables, 'timeZone', () => Array.from(columns.timeZone, (zone) => columns.timeZones[zone]));
  return tables;
});

/**
 * Makes `tables[key]` on first read, then keeps it as a plain data property (the getter replaces
 * itself), so the readers that run per row read a field, not an accessor.
 */
function lazyColumn<K extends TextColumn>(tables: PlaceTables, key: K, make: () => PlaceTables[K]): void {
  Object.defineProperty(tables, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = make();
      Object.defineProperty(tables, key, { value, enumerable: true });
      return value;
    },
  });
}
