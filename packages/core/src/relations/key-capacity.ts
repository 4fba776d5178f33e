/**
 * Whether a table's keys can be unique at its row count: the number of distinct values each key
 * column's type can give (a Custom List of three values gives three, a Unique Key its range, a
 * Row Number any number), multiplied over a composite key, against the rows asked for. A
 * project says so before generating, instead of a database refusing the load.
 */
import { findType } from '../types/registry.js';
import { resolveParams } from '../schema/params.js';
import { uniqueKeySpace } from '../types/unique-key-type.js';
import { MAX_CHILDREN_PER_PARENT } from '../types/reference-params.js';
import type { TableModel } from './project-model.js';

/** Distinct values of a field: Infinity when unbounded, null when not known. */
export function distinctValues(
  field: Record<string, unknown>,
  counts: Readonly<Record<string, number>>,
): number | null {
  const type = findType(String(field.type));
  if (!type) return null;
  const { name: _name, type: _type, ...raw } = field;
  const params = resolveParams(type.params, raw, () => {});
  switch (type.name) {
    case 'Row Number':
    case 'GUID':
      return Infinity;
    case 'Unique Key':
      return uniqueKeySpace(params);
    case 'Boolean':
      return 2;
    case 'Custom List':
      return Array.isArray(params.values) ? new Set(params.values.map(String)).size : null;
    case 'Number':
      return params.decimals === 0 ? Math.floor(params.max as number) - Math.ceil(params.min as number) + 1 : null;
    case 'Reference':
      return counts[String(params.table)] ?? null;
    case 'Child Number':
      return MAX_CHILDREN_PER_PARENT;
    default:
      return null;
  }
}

/** The problems of a table whose primary key or unique sets cannot hold its rows. */
export function keyCapacityProblems(table: TableModel, counts: Readonly<Record<string, number>>): string[] {
  const rows = counts[table.name];
  const sets = [...(table.source.primary_key ? [table.source.primary_key] : []), ...(table.source.unique ?? [])];
  const fields = new Map((table.source.fields as Record<string, unknown>[]).map((f) => [String(f.name), f]));
  const problems: string[] = [];
  for (const columns of sets) {
    const sizes = columns.map((column) => (fields.has(column) ? distinctValues(fields.get(column)!, counts) : null));
    if (sizes.some((size) => size === null)) continue;
    const space = sizes.reduce((product: number, size) => product * size!, 1);
    if (rows > space)
      problems.push(
        `table ${table.name}: ${rows} rows, but its key (${columns.join(', ')}) has at most ${space} distinct values; raise the key's range or lower the count`,
      );
  }
  return problems;
}
