/**
 * Shared, lazily filled tables of formatted date/time texts, keyed by what determines their
 * contents (format and range). A server compiles the same schema for every request; sharing
 * the tables means a request neither allocates nor refills them. Bounded: the least recently
 * used table is dropped past MAX_TABLES.
 */
const MAX_TABLES = 64;
const tables = new Map<string, string[]>();

export function sharedTextTable(key: string, size: number): string[] {
  let table = tables.get(key);
  if (table) {
    tables.delete(key);
  } else {
    table = new Array<string>(size).fill('');
    if (tables.size >= MAX_TABLES) tables.delete(tables.keys().next().value as string);
  }
  tables.set(key, table);
  return table;
}
