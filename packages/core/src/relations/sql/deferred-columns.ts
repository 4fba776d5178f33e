import type { ProjectModel } from '../project-model.js';
import type { DeferredColumn } from '../table-text.js';

/**
 * The project's deferred references (read-project.ts: those that close a cycle) as the columns
 * a load sets afterwards, each found by its table's primary key. A table without one gets an
 * empty key, which the load refuses with the table's name.
 */
export function deferredColumns(model: ProjectModel): DeferredColumn[] {
  return model.deferred.flatMap((reference) => {
    const key = model.tables.find((t) => t.name === reference.table)?.source.primary_key ?? [];
    return reference.fields.map((column) => ({ table: reference.table, column, key }));
  });
}
