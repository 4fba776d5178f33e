/**
 * What the REST mock needs to know of one table of a project to read and write its rows by key:
 * its Row Number key column (row i has key i + 1; created rows continue after the last), its
 * generated row count, and its reference with children, whose value says which parent's list a
 * written row is in.
 */
import { keyColumn, readProject, tableOf, type LinkModel } from '@rowloom/core';
import { badRequest } from '../../http/http-error.js';
import { keyProblem, keyText } from '../mocks/crud/crud-keys.js';
import { describeJson, ownField, type JsonObject } from '../mocks/crud/crud-records.js';
import type { ReadyProject } from './project-context.js';
import { checkTable } from './output-routes.js';
import type { OverlayTable } from './rest-overlay-store.js';

export interface RestTable extends OverlayTable {
  /** The Row Number column that keys the rows; null when the table is keyed otherwise. */
  keyField: string | null;
  /** Generated rows: keys 1..count. */
  count: number;
  /** The reference with children: its fields hold the parent's key. */
  driving: LinkModel | null;
}

export type KeyedTable = RestTable & { keyField: string };

/** The table, checked to be one of the project's (else 400, naming them). */
export function restTable(project: ReadyProject, table: string): RestTable {
  checkTable(project, table);
  const model = tableOf(readProject(project.document), table)!;
  return {
    projectId: project.projectId,
    table,
    keyField: keyColumn(model),
    count: project.counts[table],
    driving: model.driving,
  };
}

/** The table, when its rows can be read or written by key (a Row Number key), else 400 saying so. */
export function withKey(table: RestTable): KeyedTable {
  if (table.keyField === null)
    throw badRequest(
      `table ${table.table} is not keyed by a Row Number, so its rows cannot be read or written by key; list them (GET .../rest/${table.table}), or make its primary key a Row Number field`,
    );
  return table as KeyedTable;
}

/** A row's key from the URL as the overlay stores it ("007" is 7), or null when no row could have it. */
export function canonicalKey(key: string): number | null {
  if (!/^\d{1,15}$/.test(key)) return null;
  const number = Number(key);
  return number >= 1 ? number : null;
}

/**
 * The parent a row belongs to by the table's reference with children, as text (several fields:
 * a JSON array of their texts); null when the table has none or the row leaves it out. A value
 * that cannot be a key is refused, naming the field.
 */
export function parentKeyOf(table: RestTable, record: JsonObject): string | null {
  if (!table.driving) return null;
  const values = table.driving.fields.map(({ field }) => {
    const value = ownField(record, field);
    if (value === undefined || value === null) return null;
    const text = typeof value === 'string' || typeof value === 'number' ? keyText(value) : null;
    if (text === null)
      throw badRequest(
        `"${field}" references table ${table.driving!.table}: it must be a key (a number or a string), not ${describeJson(value)}`,
      );
    const problem = keyProblem(text);
    if (problem) throw badRequest(`"${field}" references table ${table.driving!.table}: its key ${problem}`);
    return text;
  });
  return linkKey(values);
}

/** The text a link's values are compared by: one value as it is, several as a JSON array; null when one is missing. */
export function linkKey(values: (string | null)[]): string | null {
  if (values.some((value) => value === null)) return null;
  return values.length === 1 ? values[0] : JSON.stringify(values);
}
