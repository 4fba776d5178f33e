/** Test helpers: the column tables of packages/core/data read as plain objects, independently of the types that use them. */
import { readFileSync } from 'node:fs';

export type TableRow = Record<string, string | number>;

/** A `{columns, rows}` file of packages/core/data as objects keyed by its column names. */
export function readTable(file: string): TableRow[] {
  const table = JSON.parse(readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8')) as { columns: string[]; rows: (string | number)[][] };
  return table.rows.map((row) => Object.fromEntries(table.columns.map((column, i) => [column, row[i]])));
}

/** The ISO 3166-1 alpha-2 codes Rowloom knows (places-countries.json). */
export function countryCodes(): Set<string> {
  return new Set(readTable('places-countries.json').map((country) => country.code as string));
}
