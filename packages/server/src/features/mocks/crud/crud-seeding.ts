/**
 * Seeding: on first use (and after a reset) a collection is filled with `crud.count` rows of
 * the owner's saved schema, seeded with `crud.seed ?? route.id` so every seeding gives the same
 * records. Rows are made on the server's generation threads, collected (bounded) and parsed
 * here, then stored in one transaction that starts by inserting the collection's row with a
 * conflict-ignore: of two instances seeding at once exactly one inserts it, stores its records
 * and commits; the other's insert waits for that commit (PostgreSQL's unique check; SQLite's
 * write lock), inserts nothing, and its rows are dropped.
 */
import { checkOnThreads, generate, SchemaError } from '@rowloom/core';
import { sourcesForFields } from '../../generation/field-sources.js';
import { findSchema } from '../../schemas/schemas-store.js';
import { MOCK_LIMITS, type CrudSettings, type MockRoute } from '@rowloom/contract';
import type { CrudServices } from './crud-contract.js';
import { keyProblem, keyText, numericKey } from './crud-keys.js';
import { isJsonObject, ownField, recordText, withField } from './crud-records.js';
import { CrudFailure, fail } from './crud-reply.js';
import { collectionExists, type CollectionId, type StoredRecord } from './crud-store.js';

export const DEFAULT_SEED_COUNT = 10;
/** The generated JSON is held whole while it is parsed: past this the seeding is refused. */
export const SEED_MAX_BYTES = 32 * 1024 * 1024;
/** Records per insert statement (5 parameters each, far below either database's limit). */
const INSERT_CHUNK = 200;

export interface SeedTarget {
  id: CollectionId;
  userId: string;
  route: MockRoute;
}

export const keyFieldOf = (route: MockRoute) => route.crud?.key || 'id';
export const seedCountOf = (crud: CrudSettings) =>
  Math.max(0, Math.min(MOCK_LIMITS.crudRecords, Math.floor(crud.count ?? DEFAULT_SEED_COUNT)));

/** Seedings running in this process, by collection: a burst of first requests generates once. */
const running = new Map<string, Promise<number>>();

/** Seeds the collection unless it is there; returns the rows this call generated (0 when it was there). */
export async function ensureSeeded(services: CrudServices, target: SeedTarget): Promise<number> {
  const name = `${target.id.mockApiId}\u0000${target.id.routeId}`;
  for (;;) {
    if (await collectionExists(services.db, target.id)) return 0;
    const other = running.get(name);
    if (!other) break;
    // Another request of this instance is seeding it: wait, then look again (it may have failed).
    await other.catch(() => 0);
  }
  const seeding = seed(services, target);
  running.set(name, seeding);
  try {
    return await seeding;
  } finally {
    if (running.get(name) === seeding) running.delete(name);
  }
}

async function seed(services: CrudServices, target: SeedTarget): Promise<number> {
  const crud = target.route.crud;
  if (!crud)
    throw fail(409, `route ${target.route.path} is a CRUD route without its "crud" settings (schema, count, key)`);
  const rows = await generateRows(services, target.userId, target.route, crud);
  await storeSeed(services, target.id, seedRecords(rows, keyFieldOf(target.route), target.route.path));
  return rows.length;
}

async function generateRows(
  services: CrudServices,
  userId: string,
  route: MockRoute,
  crud: CrudSettings,
): Promise<unknown[]> {
  const count = seedCountOf(crud);
  const saved = await findSchema(services.db, userId, crud.schema);
  if (!saved)
    throw fail(
      409,
      `the CRUD route ${route.path} is seeded from the saved schema "${crud.schema}", which its owner does not have; save that schema or change crud.schema`,
    );
  if (count === 0) return [];
  const sources = await sourcesForFields(services.db, userId, saved.fields, services.datasetTexts);
  const request = {
    fields: saved.fields,
    ...sources,
    count,
    seed: crud.seed || route.id,
    writer: { format: 'json' as const, array: true },
    pool: services.pool,
  };
  let stream;
  try {
    // What only the datasets' rows show is checked on a thread (they are parsed there, never here).
    await checkOnThreads(request);
    stream = generate(request).stream;
  } catch (error) {
    if (error instanceof SchemaError)
      throw fail(
        409,
        `the saved schema "${crud.schema}" that seeds ${route.path} cannot generate rows: ${error.message}`,
      );
    throw error;
  }
  let text: string;
  try {
    text = await collect(stream, route.path);
  } catch (error) {
    if (error instanceof CrudFailure) throw error;
    // The threads failed (a row too slow or too big for a thread's memory, a pool shutting down).
    throw fail(
      503,
      `seeding ${route.path} from the saved schema "${crud.schema}" failed: ${(error as Error).message}; try again`,
    );
  }
  return parseRows(text, route.path);
}

async function collect(stream: AsyncIterable<Buffer | string> & { destroy(): void }, path: string): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > SEED_MAX_BYTES) {
      stream.destroy();
      throw fail(
        409,
        `seeding ${path} made more than ${SEED_MAX_BYTES / 1024 / 1024} MiB of JSON; seed fewer rows (crud.count) or smaller ones`,
      );
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseRows(text: string, path: string): unknown[] {
  const rows = JSON.parse(text) as unknown;
  if (!Array.isArray(rows)) throw fail(409, `seeding ${path} did not give a JSON array`);
  return rows;
}

export interface Seed {
  records: StoredRecord[];
  nextId: number;
}

/**
 * Rows keep their own key; a row whose key is missing, not a scalar, not storable or a
 * duplicate of an earlier row's gets the next numeric id (past the largest numeric key).
 */
export function seedRecords(rows: unknown[], keyField: string, path: string): Seed {
  const seen = new Set<string>();
  const keys: (string | null)[] = [];
  let nextId = 1;
  for (const row of rows) {
    const text = isJsonObject(row) ? keyText(ownField(row, keyField)) : null;
    const usable = text !== null && keyProblem(text) === null && !seen.has(text);
    keys.push(usable ? text : null);
    if (!usable) continue;
    seen.add(text);
    const numeric = numericKey(text);
    if (numeric !== null && numeric >= nextId) nextId = numeric + 1;
  }
  const records = rows.map((row, index): StoredRecord => {
    let record = isJsonObject(row) ? row : { value: row };
    let key = keys[index];
    if (key === null) {
      record = withField(record, keyField, nextId);
      key = String(nextId++);
    }
    const stored = recordText(record);
    if ('problem' in stored) throw fail(409, `seeding ${path}: row ${index + 1} ${stored.problem}`);
    return { key, position: index, data: stored.text };
  });
  return { records, nextId };
}

/** True when this call stored the seed; false when another request (or instance) had already. */
async function storeSeed(services: CrudServices, id: CollectionId, seed: Seed): Promise<boolean> {
  return services.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('mock_collections')
      .values({
        mock_api_id: id.mockApiId,
        route_id: id.routeId,
        next_position: seed.records.length,
        next_id: seed.nextId,
      })
      .onConflict((oc) => oc.columns(['mock_api_id', 'route_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    // Records left without their collection row (a reset that deleted the records before the
    // row, while a write was committing) would collide with the seeded keys: they go first.
    await trx
      .deleteFrom('mock_records')
      .where('mock_api_id', '=', id.mockApiId)
      .where('route_id', '=', id.routeId)
      .execute();
    for (let start = 0; start < seed.records.length; start += INSERT_CHUNK) {
      const chunk = seed.records.slice(start, start + INSERT_CHUNK);
      await trx
        .insertInto('mock_records')
        .values(
          chunk.map((record) => ({
            mock_api_id: id.mockApiId,
            route_id: id.routeId,
            record_key: record.key,
            position: record.position,
            data: record.data,
          })),
        )
        .execute();
    }
    return true;
  });
}
