/**
 * How the preview follows a reference to its parent row. A Row Number key is the parent's row
 * index plus one, so the parent row is fetched at offset id - 1. Any other key (a UUID, a code,
 * a composite key) can only be looked for: the parent table's first rows are fetched and
 * filtered here, and the page says so.
 */
import type { ModelTable, TableReference } from '@rowloom/contract';

/** Rows searched for a parent whose key is not a row number. */
export const SEARCH_ROWS = 100;

export type ParentLookup =
  | { kind: 'row'; table: string; offset: number; match: Record<string, unknown> }
  | { kind: 'search'; table: string; limit: number; match: Record<string, unknown> }
  | { kind: 'none'; reason: string };

/** The parent columns and the values this row holds for them. */
export function parentKey(reference: TableReference, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(reference.columns.map((column, i) => [column, row[reference.fields[i] ?? '']]));
}

function isRowNumberKey(reference: TableReference, parent: ModelTable | undefined): boolean {
  if (!parent || reference.columns.length !== 1) return false;
  return parent.columns.some((c) => c.name === reference.columns[0] && c.type === 'Row Number');
}

export function parentLookup(
  reference: TableReference,
  row: Record<string, unknown>,
  parent: ModelTable | undefined,
): ParentLookup {
  const match = parentKey(reference, row);
  const values = Object.values(match);
  if (values.some((v) => v === null || v === undefined || v === ''))
    return { kind: 'none', reason: 'This row has no parent (the reference is empty).' };
  if (isRowNumberKey(reference, parent)) {
    const id = Number(values[0]);
    if (Number.isInteger(id) && id >= 1) return { kind: 'row', table: reference.table, offset: id - 1, match };
  }
  return { kind: 'search', table: reference.table, limit: SEARCH_ROWS, match };
}

/** Whether a parent row holds the key (compared as text: JSON may give 8 where the key is "8"). */
export function matchesKey(parentRow: Record<string, unknown>, match: Record<string, unknown>): boolean {
  return Object.entries(match).every(([column, value]) => String(parentRow[column]) === String(value));
}

/** A cell's text in the preview. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
