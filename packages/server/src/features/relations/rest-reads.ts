/**
 * Reads of a project's REST mock with its writes laid over the generated rows: one row by key
 * (the written one first), a page of a table, a page of a parent's children. A list reads the
 * written rows' positions (never their data: at most the overlay limit of small rows), the
 * rows thread makes the page's generated rows only, and the page's written rows are read last.
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { notFound } from '../../http/http-error.js';
import { keyText } from '../mocks/crud/crud-keys.js';
import type { JsonObject } from '../mocks/crud/crud-records.js';
import type { ReadyProject } from './project-context.js';
import { rowsOffThread } from './project-rows-thread.js';
import type { PageRow, RowsQuery } from './project-rows-worker.js';
import { rowsInput } from './output-routes.js';
import type { OverlayEntry } from './rest-overlay-page.js';
import { findOverlay, overlayData, overlayShape, type OverlayRow } from './rest-overlay-store.js';
import { canonicalKey, linkKey, restTable, withKey, type RestTable } from './rest-table.js';

export interface Page {
  offset: number;
  limit: number;
}

const noRow = (table: string, key: string, deleted = false) =>
  notFound(
    `table ${table} has no row with key ${key}` +
      (deleted ? " (it was deleted; DELETE the project's /rest forgets every write)" : ''),
  );

/** The row's written state (undefined: never written), with the key checked; 404 for a key no row can have. */
export async function writtenRow(
  db: Kysely<Tables>,
  table: RestTable,
  key: string,
): Promise<{ number: number; written: OverlayRow | undefined }> {
  const number = canonicalKey(key);
  if (number === null) throw noRow(table.table, key);
  return { number, written: await findOverlay(db, table, String(number)) };
}

/** The generated row with key `number` (1..count). */
export async function generatedRow(project: ReadyProject, table: RestTable, number: number): Promise<JsonObject> {
  const reply = await rowsOffThread(rowsInput(project, { kind: 'one', table: table.table, key: String(number) }));
  return reply.rows[0] as JsonObject;
}

/** One row by key: the written one (404 once deleted), else the generated one. */
export async function readRow(
  db: Kysely<Tables>,
  project: ReadyProject,
  table: RestTable,
  key: string,
): Promise<JsonObject> {
  const { number, written } = await writtenRow(db, withKey(table), key);
  if (written) {
    if (written.data === null) throw noRow(table.table, String(number), true);
    return JSON.parse(written.data) as JsonObject;
  }
  if (number > table.count) throw noRow(table.table, key);
  return generatedRow(project, table, number);
}

/** A page of the table's rows: generated ones with the written ones over them, then the created ones. */
export async function listRows(db: Kysely<Tables>, project: ReadyProject, table: RestTable, page: Page) {
  const written = (await overlayShape(db, table)).map((row) => ({ position: row.position, shown: row.live }));
  return pageOf(db, project, table, { kind: 'list', table: table.table, ...page, written });
}

/**
 * A page of a parent's rows in `child`: its generated children, less the written ones that
 * were deleted or now name another parent, with the written rows that name it (a created row
 * or a moved one) in position order.
 */
export async function listChildren(
  db: Kysely<Tables>,
  project: ReadyProject,
  parentName: string,
  key: string,
  child: RestTable,
  page: Page,
) {
  const parent = withKey(restTable(project, parentName));
  const { number, written } = await writtenRow(db, parent, key);
  if (written?.data === null) throw noRow(parent.table, String(number), true);
  const linked = child.driving?.table === parent.table ? await parentLink(db, project, parent, number, child) : null;
  const entries: OverlayEntry[] = (await overlayShape(db, child)).map((row) => ({
    position: row.position,
    shown: row.live && linked !== null && row.parentKey === linked,
  }));
  const created = written !== undefined && number > parent.count;
  return pageOf(db, project, child, {
    kind: 'children',
    table: parent.table,
    key: String(number),
    child: child.table,
    created,
    ...page,
    written: entries,
  });
}

/**
 * What a child's reference with children holds for this parent: its key, when the reference
 * reads the key column (as it nearly always does), else the parent's columns the reference reads.
 */
async function parentLink(
  db: Kysely<Tables>,
  project: ReadyProject,
  parent: RestTable,
  number: number,
  child: RestTable,
): Promise<string | null> {
  const fields = child.driving!.fields;
  if (fields.length === 1 && fields[0].column === parent.keyField) return String(number);
  const row = await readRow(db, project, parent, String(number));
  return linkKey(fields.map(({ column }) => keyText(row[column])));
}

async function pageOf(
  db: Kysely<Tables>,
  project: ReadyProject,
  listed: RestTable,
  query: RowsQuery,
): Promise<{ total: number; rows: JsonObject[] }> {
  const reply = await rowsOffThread(rowsInput(project, query));
  const positions = reply.rows.filter((row): row is number => typeof row === 'number');
  const data = await overlayData(db, listed, positions);
  // A row deleted between the two reads is left out.
  const rows = reply.rows.flatMap((row: PageRow) => {
    if (typeof row !== 'number') return [row];
    const text = data.get(row);
    return text === undefined ? [] : [JSON.parse(text) as JsonObject];
  });
  return { total: reply.total, rows };
}
