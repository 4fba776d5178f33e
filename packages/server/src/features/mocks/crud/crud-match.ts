/**
 * Testing one record against the list filters and q, and ordering records by _sort. Values are
 * compared in their text form (42 and "42" are equal); gt/gte/lt/lte compare as numbers when
 * both sides are numbers, else as text (so ISO dates order correctly); _like and q are
 * case-insensitive "contains" (not regular expressions: a pattern cannot make a request slow).
 */
import type { Filter, ListQuery, SortKey } from './crud-query.js';

/** The value at a dotted path (array items by index); undefined when any step is missing. */
export function valueAt(record: unknown, path: string[]): unknown {
  let current = record;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** A scalar's text form; null for what has none (missing, object, array). */
function textOf(value: unknown): string | null {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

const NUMBER = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** < 0, 0, > 0: numerically when both are numbers, else by text. */
function compareTexts(a: string, b: string): number {
  if (NUMBER.test(a) && NUMBER.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

function passes(record: unknown, filter: Filter): boolean {
  const text = textOf(valueAt(record, filter.path));
  if (filter.operator === 'ne') return text !== filter.value;
  if (text === null) return false;
  switch (filter.operator) {
    case 'eq':
      return text === filter.value;
    case 'like':
      return text.toLowerCase().includes(filter.value.toLowerCase());
    case 'gt':
      return compareTexts(text, filter.value) > 0;
    case 'gte':
      return compareTexts(text, filter.value) >= 0;
    case 'lt':
      return compareTexts(text, filter.value) < 0;
    case 'lte':
      return compareTexts(text, filter.value) <= 0;
  }
}

/** Whether any string or number anywhere in the value contains `q` (already lower-cased). */
function contains(value: unknown, q: string): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string' || typeof current === 'number') {
      if (String(current).toLowerCase().includes(q)) return true;
    } else if (current !== null && typeof current === 'object') {
      for (const item of Object.values(current as object)) stack.push(item);
    }
  }
  return false;
}

export function matches(record: unknown, query: ListQuery): boolean {
  for (const filter of query.filters) if (!passes(record, filter)) return false;
  return query.q === null || contains(record, query.q);
}

/** What a record is sorted by: its values' text (cut, so the kept keys stay small), missing ones as null. */
const SORT_TEXT_CHARS = 256;
export type SortValues = (string | null)[];

export function sortValues(record: unknown, sort: SortKey[]): SortValues {
  return sort.map((key) => {
    const value = valueAt(record, key.path);
    return value === null ? null : (textOf(value)?.slice(0, SORT_TEXT_CHARS) ?? null);
  });
}

/** Records without the field (or null there) go last whatever the direction; ties keep collection order (a stable sort). */
export function compareSortValues(a: SortValues, b: SortValues, sort: SortKey[]): number {
  for (let i = 0; i < sort.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    const order = compareTexts(x, y);
    if (order !== 0) return sort[i].descending ? -order : order;
  }
  return 0;
}
