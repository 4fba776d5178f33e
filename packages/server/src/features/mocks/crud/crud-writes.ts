/**
 * POST, PUT, PATCH and DELETE on a collection, and GET of one record. Each write is one
 * transaction that starts by touching the collection's row (crud-store.ts), so writes to one
 * collection queue: the full-collection check, the key's uniqueness and the next numeric id
 * hold however many instances write at once.
 *
 * - POST: the body (a JSON object) is the record; without a key it gets the next numeric id;
 *   a key already there is 409; a full collection (MOCK_LIMITS.crudRecords) is 409.
 * - PUT replaces the whole record, PATCH merges (RFC 7396); both keep the key (and its JSON
 *   type) from the stored record, whatever the body says, and 404 on an unknown key (a PUT does
 *   not create: json-server's behaviour; POST creates).
 * - DELETE: 204, or 404.
 */
import type { Transaction } from 'kysely';
import type { Tables } from '../../../db/tables.js';
import { MOCK_LIMITS } from '@rowloom/contract';
import type { CrudReply } from './crud-contract.js';
import { keyProblem, keyText, numericKey, shownKey } from './crud-keys.js';
import { mergePatch } from './crud-merge-patch.js';
import { describeJson, isJsonObject, ownField, recordText, withField, type JsonObject } from './crud-records.js';
import { CrudFailure, errorReply, fail } from './crud-reply.js';
import {
  countRecords,
  deleteRecord,
  findRecord,
  insertRecord,
  lockCollection,
  setNextId,
  takePosition,
  updateRecordData,
  type CollectionId,
  type Db,
} from './crud-store.js';

/** Where the writes go and how they are named in replies. */
export interface CollectionTarget {
  id: CollectionId;
  keyField: string;
  /** The route's path (/users), for messages. */
  path: string;
  /** The collection's URL without query, or a relative reference (see crud-collection.ts). */
  url: string;
}

/** The collection's row is gone (a reset between seeding and this write): the caller seeds again. */
export class CollectionGone extends Error {
  constructor() {
    super('the collection was reset during the request');
  }
}

const notFoundReply = (target: CollectionTarget, key: string) =>
  errorReply(404, `no record with ${target.keyField} ${shownKey(key)} in ${target.path}`);

/** The body as a record (a JSON object), else a 400 failure (also the project REST mock's check). */
export function recordBody(body: unknown, method: string): JsonObject {
  if (!isJsonObject(body))
    throw fail(400, `the ${method} body must be a JSON object (the record), not ${describeJson(body)}`);
  return body;
}

/** The record's stored text, else a 400 (too deep) or 413 (too big) failure. */
export function storable(record: JsonObject): string {
  const stored = recordText(record);
  if ('problem' in stored) throw fail(stored.status, `the record ${stored.problem}`);
  return stored.text;
}

/** The key a POST body gives, as text, or null when it gives none. */
function givenKey(body: JsonObject, keyField: string): string | null {
  const value = ownField(body, keyField);
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' || typeof value === 'number' ? keyText(value) : null;
  if (text === null)
    throw fail(
      400,
      `"${keyField}" must be a string or a number (or left out to get the next number), not ${describeJson(value)}`,
    );
  const problem = keyProblem(text);
  if (problem) throw fail(400, `"${keyField}" ${problem}`);
  return text;
}

export async function getRecord(db: Db, target: CollectionTarget, key: string): Promise<CrudReply> {
  const found = keyProblem(key) === null ? await findRecord(db, target.id, key) : undefined;
  if (!found) return notFoundReply(target, key);
  return { status: 200, body: JSON.parse(found.data) as unknown, rows: 0 };
}

export async function createRecord(db: Db, target: CollectionTarget, body: unknown): Promise<CrudReply> {
  const input = recordBody(body, 'POST');
  let key = givenKey(input, target.keyField);
  const record = await inTransaction(db, async (trx) => {
    const collection = await takePosition(trx, target.id);
    if (!collection) throw new CollectionGone();
    const count = await countRecords(trx, target.id);
    if (count >= MOCK_LIMITS.crudRecords)
      throw fail(
        409,
        `${target.path} is full: it holds ${count} records, the most a collection may hold; DELETE some, or reset the mock API`,
      );
    let record = input;
    if (key === null) {
      key = String(collection.nextId);
      record = withField(input, target.keyField, collection.nextId);
      await setNextId(trx, target.id, collection.nextId + 1);
    } else {
      if (await findRecord(trx, target.id, key))
        throw fail(
          409,
          `a record with ${target.keyField} ${shownKey(key)} is already in ${target.path}; PUT or PATCH ${target.path}/${shownKey(key)} changes it`,
        );
      const numeric = numericKey(key);
      if (numeric !== null && numeric >= collection.nextId) await setNextId(trx, target.id, numeric + 1);
    }
    await insertRecord(trx, target.id, { key, position: collection.nextPosition, data: storable(record) });
    return record;
  });
  return { status: 201, body: record, headers: { location: `${target.url}/${encodeURIComponent(key!)}` }, rows: 0 };
}

/** PUT (replace) or PATCH (merge) of an existing record. */
export async function changeRecord(
  db: Db,
  target: CollectionTarget,
  key: string,
  body: unknown,
  method: 'PUT' | 'PATCH',
): Promise<CrudReply> {
  const input = recordBody(body, method);
  if (keyProblem(key) !== null) return notFoundReply(target, key);
  const record = await inTransaction(db, async (trx) => {
    if (!(await lockCollection(trx, target.id))) throw new CollectionGone();
    const found = await findRecord(trx, target.id, key);
    if (!found) throw new CrudFailure(notFoundReply(target, key));
    const stored = JSON.parse(found.data) as JsonObject;
    const changed = method === 'PUT' ? input : (mergePatch(stored, input) as JsonObject);
    // The key stays what it was, with its JSON type (a number stays a number).
    const record = withField(changed, target.keyField, ownField(stored, target.keyField) ?? key);
    await updateRecordData(trx, target.id, key, storable(record));
    return record;
  });
  return { status: 200, body: record, rows: 0 };
}

export async function removeRecord(db: Db, target: CollectionTarget, key: string): Promise<CrudReply> {
  const deleted = keyProblem(key) === null && (await deleteRecord(db, target.id, key));
  return deleted ? { status: 204, body: null, rows: 0 } : notFoundReply(target, key);
}

/** A transaction on the store's database (or the one already open). */
function inTransaction<T>(db: Db, work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Tables>);
  return db.transaction().execute(work);
}
