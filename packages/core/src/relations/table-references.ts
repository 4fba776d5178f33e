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
