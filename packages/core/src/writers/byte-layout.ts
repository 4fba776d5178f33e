/** The commonest row layout: columns between a start and an end, a separator between two. */
import type { ByteLayout, LayoutColumn } from './writer.js';

/** Null for a row without columns, which each format writes its own way. */
export function separatedLayout(
  start: string,
  separator: string,
  end: string,
  columns: readonly LayoutColumn[],
): ByteLayout | null {
  if (columns.length === 0) return null;
  return {
    firstRowPrefix: '',
    laterRowPrefix: '',
    pieces: [start, ...new Array<string>(columns.length - 1).fill(separator), end],
    columns,
  };
}
