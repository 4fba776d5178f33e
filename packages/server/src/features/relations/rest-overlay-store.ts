/**
 * The database side of writes to a project's REST mock (migration 0012): project_rest_rows holds
 * the rows written, by key, over the generated rows (data null: deleted), project_rest_tables the
 * key each table's next POST gets. Writes run in a transaction that first touches the project's
 * row, as the mock CRUD's do its collection's (mocks/crud/crud-store.ts): writes to one project
 * queue, so its overlay limit and next keys hold however many instances write at once.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { Db } from '../mocks/crud/crud-store.js';

/** Which table of which project. */
export interface OverlayTable {
  projectId: string;
  table: string;
}

export interface OverlayRow {
  key: string;
  position: number;
  parentKey: string | null;
  /** The row's JSON text; null when it was deleted. */
  data: string | null;
}

/** What a list needs of each written row: not its data, which only the rows of the page need. */
export type OverlayShape = Omit<OverlayRow, 'data'> & { live: boolean };

/** Locks the project's row until the transaction ends (the first statement: SQLite takes its write lock at once). */
export async function lockProject(trx: Transaction<Tables>, projectId: string): Promise<void> {
  await trx
    .updateTable('projects')
    .set((eb) => ({ model: eb.ref('model') }))
    .where('id', '=', projectId)
    .execute();
}

export async function countOverlay(db: Db, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('project_rest_rows')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findOverlay(db: Db, where: OverlayTable, key: string): Promise<OverlayRow | undefined> {
  const row = await db
    .selectFrom('project_rest_rows')
    .select(['record_key', 'position', 'parent_key', 'data'])
    .where('project_id', '=', where.projectId)
    .where('table_name', '=', where.table)
    .where('record_key', '=', key)
    .executeTakeFirst();
  return row && { key: row.record_key, position: Number(row.position), parentKey: row.parent_key, data: row.data };
}

/** Every written row of the table, in position order, without data (at most the overlay limit). */
export async function overlayShape(db: Db, where: OverlayTable): Promise<OverlayShape[]> {
  const rows = await db
    .selectFrom('project_rest_rows')
    .select((eb) => [
      'record_key',
      'position',
      'parent_key',
      eb.case().when('data', 'is', null).then(0).else(1).end().as('live'),
    ])
    .where('project_id', '=', where.projectId)
    .where('table_name', '=', where.table)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    key: row.record_key,
    position: Number(row.position),
    parentKey: row.parent_key,
    live: Number(row.live) === 1,
  }));
}

/** The JSON of the written rows at these positions (a page's: at most a page of them). */
export async function overlayData(db: Db, where: OverlayTable, positions: number[]): Promise<Map<number, string>> {
  if (positions.length === 0) return new Map();
  const rows = await db
    .selectFrom('project_rest_rows')
    .select(['position', 'data'])
    .where('project_id', '=', where.projectId)
    .where('table_name', '=', where.table)
    .where('position', 'in', positions)
    .where('data', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [Number(row.position), row.data!]));
}

/** Stores the row (a replacement, a creation or a tombstone), over what the key held before. */
export async function putOverlay(db: Db, where: OverlayTable, row: OverlayRow): Promise<void> {
  await db
    .insertInto('project_rest_rows')
    .values({
      project_id: where.projectId,
      table_name: where.table,
      record_key: row.key,
      position: row.position,
      parent_key: row.parentKey,
      data: row.data,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['project_id', 'table_name', 'record_key'])
        .doUpdateSet({ position: row.position, parent_key: row.parentKey, data: row.data }),
    )
    .execute();
}

/**
 * The key the table's next POST gets (at least `after` + 1, the generated rows' last key + 1),
 * moving the table's counter past it. Inside the project's lock.
 */
export async function takeNextKey(trx: Transaction<Tables>, where: OverlayTable, after: number): Promise<number> {
  const row = await trx
    .selectFrom('project_rest_tables')
    .select('next_key')
    .where('project_id', '=', where.projectId)
    .where('table_name', '=', where.table)
    .executeTakeFirst();
  const key = Math.max(after + 1, row ? Number(row.next_key) : 0);
  await trx
    .insertInto('project_rest_tables')
    .values({ project_id: where.projectId, table_name: where.table, next_key: key + 1 })
    .onConflict((conflict) => conflict.columns(['project_id', 'table_name']).doUpdateSet({ next_key: key + 1 }))
    .execute();
  return key;
}

/** Forgets every write to the project's mock (its tables' next keys too). */
export async function resetOverlay(db: Kysely<Tables>, projectId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockProject(trx, projectId);
    await trx.deleteFrom('project_rest_rows').where('project_id', '=', projectId).execute();
    await trx.deleteFrom('project_rest_tables').where('project_id', '=', projectId).execute();
  });
}
