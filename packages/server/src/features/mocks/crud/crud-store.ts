/**
 * The database side of one collection: its mock_collections row (next position, next numeric
 * id) and its mock_records rows. Writes run in a transaction that first touches the collection
 * row, so they queue behind each other (PostgreSQL locks the row; SQLite takes its write lock
 * at once, which a transaction that read first could not always get: SQLITE_BUSY).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Tables } from '../../../db/tables.js';

export type Db = Kysely<Tables> | Transaction<Tables>;

/** Which collection: a mock API's CRUD route. */
export interface CollectionId {
  mockApiId: string;
  routeId: string;
}

export interface CollectionRow {
  nextPosition: number;
  nextId: number;
}

export interface StoredRecord {
  key: string;
  position: number;
  data: string;
}

export async function collectionExists(db: Db, id: CollectionId): Promise<boolean> {
  const row = await db
    .selectFrom('mock_collections')
    .select('route_id')
    .where('mock_api_id', '=', id.mockApiId)
    .where('route_id', '=', id.routeId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the next position (and locks the row until the transaction ends); undefined when the
 * collection is not there (a reset removed it).
 */
export async function takePosition(trx: Transaction<Tables>, id: CollectionId): Promise<CollectionRow | undefined> {
  const row = await trx
    .updateTable('mock_collections')
    .set((eb) => ({ next_position: eb('next_position', '+', 1) }))
    .where('mock_api_id', '=', id.mockApiId)
    .where('route_id', '=', id.routeId)
    .returning(['next_position', 'next_id'])
    .executeTakeFirst();
  return row && { nextPosition: Number(row.next_position) - 1, nextId: Number(row.next_id) };
}

/** Locks the collection row for a write that takes no position; false when it is not there. */
export async function lockCollection(trx: Transaction<Tables>, id: CollectionId): Promise<boolean> {
  const result = await trx
    .updateTable('mock_collections')
    .set((eb) => ({ next_position: eb.ref('next_position') }))
    .where('mock_api_id', '=', id.mockApiId)
    .where('route_id', '=', id.routeId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setNextId(trx: Transaction<Tables>, id: CollectionId, nextId: number): Promise<void> {
  await trx
    .updateTable('mock_collections')
    .set({ next_id: nextId })
    .where('mock_api_id', '=', id.mockApiId)
    .where('route_id', '=', id.routeId)
    .execute();
}

export async function countRecords(db: Db, id: CollectionId): Promise<number> {
  const row = await db
    .selectFrom('mock_records')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('mock_api_id', '=', id.mockApiId)
    .where('route_id', '=', id.routeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findRecord(db: Db, id: CollectionId, key: string): Promise<StoredRecord | undefined> {
  const row = await db
    .selectFrom('mock_records')
    .select(['record_key', 'position', 'data'])
    .where('mock_api_id', '=', id.mockApiId)
    .where('route_id', '=', id.routeId)
    .where('record_key', '=', key)
    .executeTakeFirst();
  return row && { key: row.record_key, position: Number(row.position), data: row.data };
}

export async function insertRecord(db: Db, id: CollectionId, record: StoredRecord): Promise<void> {
  await db
    .insertInto('mock_records')
    .values({
      mock_api_id: id.mockApiId,
      route_id: id.routeId,
      record_key: record.key,
      position: record.position,
      data: record.data,
    })
    .execute();
}

export async function updateRecordData(db: Db, id: CollectionId, key: string, data: string): Promise<void> {
  await db
    .updateTable('mock_records')
    .set({ data })
    .where('mock_api_id', '=', id.mockApiId)
    .where('route_id', '=', id.routeId)
    .where('record_key', '=', key)
    .execute();
}

export async function deleteRecord(db: Db, id: CollectionId, key: string): Promise<boolean> {
  const result = await db
    .deleteFrom('mock_records')
    .where('mock_api_id', '=', id.mockApiId)
    .where('route_id', '=', id.routeId)
    .where('record_key', '=', key)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
