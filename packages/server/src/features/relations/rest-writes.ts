/**
 * Writes to a project's REST mock, stored as an overlay over the generated rows (which are never
 * stored): a row written by key stands in for the generated one, a deleted row is a tombstone,
 * a created row gets the next key after the table's rows and earlier creations. Each write is
 * one transaction that first locks the project's row (rest-overlay-store.ts), so writes queue:
 * the overlay limit, the next keys and a PATCH's merge hold however many instances write.
 * Bodies and records are checked as the mock CRUD checks them (mocks/crud).
 *
 * - POST: the body is the row; its key is given by the mock (a key in the body is refused).
 * - PUT replaces the row, PATCH merges into it (RFC 7396); both keep its key, 404 on a row
 *   that is not there (a PUT does not create: POST does).
 * - DELETE: 204, then 404 for the key.
 */
import type { Kysely, Transaction } from 'kysely';
import { MOCK_LIMITS } from '@rowloom/contract';
import type { Tables } from '../../db/tables.js';
import { HttpError, badRequest } from '../../http/http-error.js';
import { mergePatch } from '../mocks/crud/crud-merge-patch.js';
import { ownField, withField, type JsonObject } from '../mocks/crud/crud-records.js';
import { CrudFailure } from '../mocks/crud/crud-reply.js';
import { recordBody, storable } from '../mocks/crud/crud-writes.js';
import type { ReadyProject } from './project-context.js';
import { generatedRow, writtenRow } from './rest-reads.js';
import { countOverlay, findOverlay, lockProject, putOverlay, takeNextKey } from './rest-overlay-store.js';
import { parentKeyOf, type KeyedTable } from './rest-table.js';

/** The most rows a project's mock keeps written (replaced, created and deleted ones together). */
export const OVERLAY_LIMIT = MOCK_LIMITS.crudRecords;

/** The mock CRUD's checks answer with its own failures; here they are HTTP errors. */
function checked<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (error instanceof CrudFailure) throw new HttpError(error.reply.status, error.message);
    throw error;
  }
}

function inProject<T>(db: Kysely<Tables>, projectId: string, work: (trx: Transaction<Tables>) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    await lockProject(trx, projectId);
    return work(trx);
  });
}

/** A write that adds a row to the overlay must find room (inside the project's lock). */
async function checkRoom(trx: Transaction<Tables>, table: KeyedTable, project: string): Promise<void> {
  const count = await countOverlay(trx, table.projectId);
  if (count >= OVERLAY_LIMIT)
    throw new HttpError(
      409,
      `project "${project}" holds ${count} written rows, the most its REST mock keeps; DELETE /api/projects/${encodeURIComponent(project)}/rest forgets them`,
    );
}

const gone = (table: KeyedTable, key: number | string) =>
  new HttpError(404, `table ${table.table} has no row with key ${key}`);

export async function createRow(
  db: Kysely<Tables>,
  project: ReadyProject,
  table: KeyedTable,
  body: unknown,
): Promise<{ key: number; row: JsonObject }> {
  const input = checked(() => recordBody(body, 'POST'));
  const given = ownField(input, table.keyField);
  if (given !== undefined && given !== null)
    throw badRequest(
      `"${table.keyField}" is given by the mock (the next key after the table's rows and earlier creations); leave it out of the POST body`,
    );
  const parentKey = parentKeyOf(table, input);
  return inProject(db, table.projectId, async (trx) => {
    await checkRoom(trx, table, project.document.name);
    const key = await takeNextKey(trx, table, table.count);
    const row = withField(input, table.keyField, key);
    const data = checked(() => storable(row));
    await putOverlay(trx, table, { key: String(key), position: key - 1, parentKey, data });
    return { key, row };
  });
}

/** PUT (replace) or PATCH (merge) of a row that is there (generated or written). */
export async function changeRow(
  db: Kysely<Tables>,
  project: ReadyProject,
  table: KeyedTable,
  key: string,
  body: unknown,
  method: 'PUT' | 'PATCH',
): Promise<JsonObject> {
  const input = checked(() => recordBody(body, method));
  const { number, written } = await writtenRow(db, table, key);
  // A PATCH of a generated row merges into it: made on a thread before the lock is taken.
  const generated =
    method === 'PATCH' && !written && number <= table.count ? await generatedRow(project, table, number) : null;
  return inProject(db, table.projectId, async (trx) => {
    const now = await findOverlay(trx, table, String(number));
    if (now?.data === null || (!now && number > table.count)) throw gone(table, key);
    if (!now) await checkRoom(trx, table, project.document.name);
    const base = now ? (JSON.parse(now.data!) as JsonObject) : generated;
    if (method === 'PATCH' && base === null)
      throw new HttpError(409, `row ${number} of table ${table.table} was reset during the PATCH; send it again`);
    const changed = method === 'PUT' ? input : (mergePatch(base, input) as JsonObject);
    // The key stays the row's, whatever the body says.
    const row = withField(changed, table.keyField, number);
    const parentKey = parentKeyOf(table, row);
    const data = checked(() => storable(row));
    await putOverlay(trx, table, { key: String(number), position: number - 1, parentKey, data });
    return row;
  });
}

export async function deleteRow(
  db: Kysely<Tables>,
  project: ReadyProject,
  table: KeyedTable,
  key: string,
): Promise<void> {
  const { number } = await writtenRow(db, table, key);
  await inProject(db, table.projectId, async (trx) => {
    const now = await findOverlay(trx, table, String(number));
    if (now?.data === null || (!now && number > table.count)) throw gone(table, key);
    if (!now) await checkRoom(trx, table, project.document.name);
    await putOverlay(trx, table, { key: String(number), position: number - 1, parentKey: null, data: null });
  });
}
