/**
 * The index behind from_dataset: key text -> the first dataset row with that key, built once per
 * dataset and key columns when a schema compiles, so each row's join is one map lookup.
 */

export interface JoinIndex {
  /** Joins the texts of a composite key (a character no uploaded cell can hold unnoticed). */
  readonly separator: string;
  /** The cell of `column` in the first row whose key is `key`; nil when no row has it. */
  lookup(key: string, column: number): string | null;
}

const SEPARATOR = '\u0000';

export function buildJoinIndex(rows: readonly (readonly string[])[], keyColumns: readonly number[]): JoinIndex {
  const rowByKey = new Map<string, readonly string[]>();
  for (const row of rows) {
    const key = keyColumns.length === 1 ? row[keyColumns[0]] : keyColumns.map((c) => row[c]).join(SEPARATOR);
    // The first row with a key wins, as a lookup in a spreadsheet would.
    if (!rowByKey.has(key)) rowByKey.set(key, row);
  }
  return {
    separator: SEPARATOR,
    lookup: (key, column) => rowByKey.get(key)?.[column] ?? null,
  };
}
