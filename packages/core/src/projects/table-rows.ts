/**
 * Rows of a project's table as plain objects, by position, by key or as a parent's children:
 * what a preview shows and what a project's REST mock answers. The rows are the files' rows
 * (same seed, same index), made on demand, never stored.
 */
import { generateObjects } from '../engine/sample.js';
import { tableSeed } from '../relations/project-counts.js';
import { ProjectCounts } from '../relations/project-counts.js';
import type { ProjectModel, TableModel } from '../relations/project-model.js';
import type { ProjectPlan } from './project-plan.js';

/** What rows of a project are made from: a plan's model, seed, counts and inputs. */
export type RowsSource = Pick<ProjectPlan, 'model' | 'seed' | 'counts' | 'now' | 'datasets' | 'scenarios'>;

/** Rows [start, start + count) of `table`, clipped to the table. */
export function tableObjects(
  source: RowsSource,
  table: string,
  start: number,
  count: number,
): Record<string, unknown>[] {
  const total = source.counts[table];
  const first = Math.max(0, Math.min(start, total));
  const rows = Math.max(0, Math.min(count, total - first));
  return tableObjectsAt(
    source,
    table,
    Array.from({ length: rows }, (_, i) => first + i),
  );
}

/** The rows of `table` at these indexes (each within the table), in this order, from one compiled plan. */
export function tableObjectsAt(
  source: RowsSource,
  table: string,
  indexes: readonly number[],
): Record<string, unknown>[] {
  if (indexes.length === 0) return [];
  const total = source.counts[table];
  const outside = indexes.find((index) => !(Number.isInteger(index) && index >= 0 && index < total));
  if (outside !== undefined) throw new RangeError(`table ${table} has no row ${outside} (it has ${total} rows)`);
  const model = tableModel(source.model, table);
  return generateObjects(model.source.fields, {
    indexes,
    rowCount: total,
    seed: tableSeed(source.seed, table),
    now: source.now ?? undefined,
    datasets: source.datasets,
    scenarios: source.scenarios,
    relations: { model: source.model, seed: source.seed, table, counts: source.counts },
  });
}

/**
 * The row index whose key is `key`, for a table whose single-column primary key (or first
 * column) is a Row Number: row i has key i + 1. Null when no row has that key or the key is no
 * Row Number (such keys are found by position only).
 */
export function rowOfKey(source: RowsSource, table: string, key: string): number | null {
  const column = keyColumn(tableModel(source.model, table));
  if (column === null || !/^\d{1,15}$/.test(key)) return null;
  const index = Number(key) - 1;
  return index >= 0 && index < source.counts[table] ? index : null;
}

/** The Row Number column that keys the table, or null. */
export function keyColumn(table: TableModel): string | null {
  const fields = table.source.fields as { name?: unknown; type?: unknown }[];
  const key = table.source.primary_key;
  const name = key && key.length === 1 ? key[0] : String(fields[0]?.name);
  const field = fields.find((f) => f.name === name);
  return field?.type === 'Row Number' ? name : null;
}

/**
 * The rows of `child` that belong to row `parentIndex` of the table its reference with children
 * points at: a contiguous range, found without reading any other row. Null when `child` is not
 * driven by that table.
 */
export function childRange(
  source: RowsSource,
  child: string,
  parentTable: string,
  parentIndex: number,
): { start: number; count: number } | null {
  const model = tableModel(source.model, child);
  if (model.driving?.table !== parentTable) return null;
  const driven = new ProjectCounts(source.model, source.seed, source.counts, source.scenarios).driven(child)!;
  return { start: driven.firstRow(parentIndex), count: driven.children(parentIndex) };
}

function tableModel(model: ProjectModel, name: string): TableModel {
  const table = model.tables.find((t) => t.name === name);
  if (!table) throw new RangeError(`no table is named ${name} (tables: ${model.tables.map((t) => t.name).join(', ')})`);
  return table;
}
