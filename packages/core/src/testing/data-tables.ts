/** Test helpers: the column tables of packages/core/data read as plain objects, independently of the types that use them. */
import { readFileSync } from 'node:fs';

export type TableRow = Record<string, string | number>;

/** A `{columns, rows}` file of packages/core/data as objects keyed by its column names. */
export function readTable(file: string): TableRow[] {
  const table = JSON.parse(readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8')) as {
    columns: string[];
    rows: (string | number)[][];
  };
  return table.rows.map((row) => Object.fromEntries(table.columns.map((column, i) => [column, row[i]])));
}

/** The ISO 3166-1 alpha-2 codes Rowloom knows (places-countries.json). */
export function countryCodes(): Set<string> {
  return new Set(readTable('places-countries.json').map((country) => country.code as string));
}

interface PlaceColumns {
  columns: { latitude: number[]; longitude: number[]; country?: number[]; zip?: (string | number)[]; state?: number[] };
  countries?: string[];
  states?: [string, string][];
}

function readPlaces(file: string): PlaceColumns {
  return JSON.parse(readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8')) as PlaceColumns;
}

/** Every place of the place tables (GeoNames towns and US ZIP codes) as [latitude, longitude], by ISO country code. */
export function placeCoordinatesByCountry(): Map<string, [number, number][]> {
  const byCountry = new Map<string, [number, number][]>();
  const add = (country: string, latitude: number, longitude: number) => {
    const list = byCountry.get(country) ?? [];
    list.push([latitude, longitude]);
    byCountry.set(country, list);
  };
  const world = readPlaces('places-world.json');
  world.columns.latitude.forEach((latitude, i) =>
    add(world.countries![world.columns.country![i]], latitude, world.columns.longitude[i]),
  );
  const us = readPlaces('places-us.json');
  us.columns.latitude.forEach((latitude, i) => add('US', latitude, us.columns.longitude[i]));
  return byCountry;
}

/** The state name (such as Massachusetts) of every real US ZIP code, from places-us.json. */
export function stateOfZip(): Map<string, string> {
  const us = readPlaces('places-us.json');
  return new Map(us.columns.zip!.map((zip, i) => [String(zip).padStart(5, '0'), us.states![us.columns.state![i]][1]]));
}
