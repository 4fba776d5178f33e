/**
 * The order tables are written and loaded in: every table after the tables it refers to, so a
 * database with foreign keys accepts each row as it arrives. Ties keep the document's order.
 *
 * Cycles (a department's head is an employee, an employee's department a department) are broken
 * by one documented rule: when no remaining table has all its parents placed, the first
 * remaining table in the document's order goes next, and its references to tables not yet
 * placed are deferred: loaded as NULL, then set once every table is in. A reference to the
 * table's own rows needs no deferring: each row refers to an earlier one.
 */
import type { TableModel } from './project-model.js';

export function orderTables(tables: readonly TableModel[]): {
  loadOrder: string[];
  deferred: { table: string; link: string; fields: string[] }[];
} {
  const placed = new Set<string>();
  const loadOrder: string[] = [];
  const deferred: { table: string; link: string; fields: string[] }[] = [];
  const remaining = [...tables];
  const ready = (table: TableModel) => table.links.every((link) => link.self || placed.has(link.table));
  while (remaining.length > 0) {
    let next = remaining.findIndex(ready);
    if (next < 0) {
      next = 0;
      for (const link of remaining[0].links)
        if (!link.self && !placed.has(link.table))
          deferred.push({ table: remaining[0].name, link: link.link, fields: link.fields.map((f) => f.field) });
    }
    const [table] = remaining.splice(next, 1);
    placed.add(table.name);
    loadOrder.push(table.name);
  }
  return { loadOrder, deferred };
}
