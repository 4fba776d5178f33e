import type { ProjectTable } from './project-document.js';
/** One table's rows as text, ready for a database: the engine makes them, loaders and scripts consume them. */
export interface TableText {
  table: ProjectTable;
  /** The column names, in the order of each row's values (the table's fields minus non-column ones). */
  columns: string[];
  /** Rows in batches; a value is its text as a CSV file would hold it (numbers as digits, true/false, dates in the field's format), or null for SQL NULL. */
  batches(): AsyncIterable<(string | null)[][]>;
  /** How many rows there will be (for progress). */
  rowCount: number;
}
/** A reference column that closes a cycle between tables: loaded as NULL, then set after every table is in (docs/relations.md). */
export interface DeferredColumn {
  table: string;
  column: string;
  key: string[];
}
