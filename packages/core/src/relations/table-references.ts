/**
 * A table's references as foreign keys: its Reference fields grouped by parent table and link
 * (fields with the same `table` and `link` read one parent row, so they form one composite
 * key). CREATE TABLE's foreign keys and the server's verify read this.
 */
import type { ProjectTable } from './project-document.js';

export interface TableReference {
  /** The parent table. */
  table: string;
  link: string;
  /** This table's columns, in field order. */
  columns: string[];
  /** The parent's columns, one per column above. */
  parentColumns: string[];
}

interface ReferenceField {
  name: string;
  type: 'Reference';
  table: string;
  column: string;
  link?: string;
}

function isReference(field: unknown): field is ReferenceField {
  if (typeof field !== 'object' || field === null) return false;
  const f = field as Record<string, unknown>;
  return (
    f.type === 'Reference' && typeof f.name === 'string' && typeof f.table === 'string' && typeof f.column === 'string'
  );
}

export function tableReferences(table: ProjectTable): TableReference[] {
  const byLink = new Map<string, TableReference>();
  for (const field of table.fields) {
    if (!isReference(field)) continue;
    const link = field.link || field.table;
    const id = JSON.stringify([field.table, link]);
    let reference = byLink.get(id);
    if (!reference) {
      reference = { table: field.table, link, columns: [], parentColumns: [] };
      byLink.set(id, reference);
    }
    reference.columns.push(field.name);
    reference.parentColumns.push(field.column);
  }
  return [...byLink.values()];
}

/**
 * The column sets that must be unique in `table`: its primary key, its `unique` sets, and every
 * set of its columns another table's reference points at (a foreign key needs a unique parent
 * key; the engine makes referenced keys unique, so the database may be told so).
 */
export function uniqueSets(table: ProjectTable, tables: ProjectTable[]): string[][] {
  const sets: string[][] = [];
  const seen = new Set<string>();
  const add = (columns: string[]) => {
    const id = JSON.stringify([...columns].sort());
    if (columns.length === 0 || seen.has(id)) return;
    seen.add(id);
    sets.push(columns);
  };
  if (table.primary_key) add(table.primary_key);
  for (const set of table.unique ?? []) add(set);
  for (const other of tables)
    for (const reference of tableReferences(other)) if (reference.table === table.name) add(reference.parentColumns);
  return sets;
}
