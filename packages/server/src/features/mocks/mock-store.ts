/**
 * Mock APIs in the database (table mock_apis): per user, by name. Names are unique per user,
 * slugs and host names on the whole server (409 naming which), and a user holds at most
 * MOCK_LIMITS.mockApisPerUser. The document is stored as validated; its project is stored as a
 * reference, so a renamed or deleted project shows through.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { HttpError } from '../../http/http-error.js';
import { MOCK_LIMITS, type MockApiDocument, type MockApiSummary } from '@rowloom/contract';
import { resetCollections } from './crud/crud-reset.js';
import { resetStates } from './mock-states-store.js';

export interface MockApiRecord {
  id: string;
  document: MockApiDocument;
  updatedAt: string;
}

/** A summary as stored; the route adds where it is served. */
export type StoredMockApiSummary = Omit<MockApiSummary, 'url'>;

function withProject(db: Kysely<Tables>, userId: string) {
  return db
    .selectFrom('mock_apis')
    .leftJoin('projects', 'projects.id', 'mock_apis.project_id')
    .select(['mock_apis.id', 'mock_apis.document', 'mock_apis.updated_at', 'projects.name as project'])
    .where('mock_apis.user_id', '=', userId);
}

function record(row: { id: string; document: string; updated_at: string; project: string | null }): MockApiRecord {
  const document = JSON.parse(row.document) as MockApiDocument;
  return { id: row.id, document: { ...document, project: row.project }, updatedAt: row.updated_at };
}

export async function listMockApis(db: Kysely<Tables>, userId: string): Promise<StoredMockApiSummary[]> {
  const rows = await withProject(db, userId).orderBy('mock_apis.name').execute();
  return rows.map((row) => {
    const { document, updatedAt } = record(row);
    return {
      name: document.name,
      slug: document.slug,
      host: document.host ?? null,
      public: document.public ?? false,
      project: document.project ?? null,
      description: document.description ?? '',
      routes: document.routes.length,
      updatedAt,
    };
  });
}

export async function findMockApi(
  db: Kysely<Tables>,
  userId: string,
  name: string,
): Promise<MockApiRecord | undefined> {
  const row = await withProject(db, userId).where('mock_apis.name', '=', name).executeTakeFirst();
  return row && record(row);
}

/** Why storing `document` (as `ownId`, when replacing) would clash: 409 naming the name, slug or host. */
async function checkClashes(
  db: Kysely<Tables>,
  userId: string,
  document: MockApiDocument,
  ownId: string | null,
): Promise<void> {
  const others = (query: ReturnType<typeof selectIds>) => (ownId === null ? query : query.where('id', '!=', ownId));
  const selectIds = () => db.selectFrom('mock_apis').select('id');
  if (await others(selectIds().where('user_id', '=', userId).where('name', '=', document.name)).executeTakeFirst()) {
    throw new HttpError(
      409,
      `name: you already have a mock API named "${document.name}"; choose another name, or PUT /api/mocks/${encodeURIComponent(document.name)} to replace it`,
      { field: 'name' },
    );
  }
  if (await others(selectIds().where('slug', '=', document.slug)).executeTakeFirst()) {
    throw new HttpError(
      409,
      `slug: "${document.slug}" is taken by another mock API on this server; choose another "slug"`,
      { field: 'slug' },
    );
  }
  if (document.host && (await others(selectIds().where('host', '=', document.host)).executeTakeFirst())) {
    throw new HttpError(
      409,
      `host: "${document.host}" is taken by another mock API on this server; choose another "host"`,
      { field: 'host' },
    );
  }
}

/** A unique constraint failing between our check and the write (two saves at once). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code === '23505' || code.startsWith('SQLITE_CONSTRAINT');
}

function columns(document: MockApiDocument, projectId: string | null, updatedAt: string) {
  return {
    name: document.name,
    slug: document.slug,
    host: document.host ?? null,
    project_id: projectId,
    document: JSON.stringify({ ...document, project: null }),
    updated_at: updatedAt,
  };
}

/** Retries the clash check when the database refused a write our check passed: the answer names the clash. */
async function clashesOr<T>(
  db: Kysely<Tables>,
  userId: string,
  document: MockApiDocument,
  ownId: string | null,
  write: () => Promise<T>,
): Promise<T> {
  await checkClashes(db, userId, document, ownId);
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await checkClashes(db, userId, document, ownId);
    throw new HttpError(409, 'another mock API took this name, slug or host at the same moment; try again', {});
  }
}

export async function createMockApi(
  db: Kysely<Tables>,
  userId: string,
  document: MockApiDocument,
  projectId: string | null,
): Promise<MockApiRecord> {
  const count = await db
    .selectFrom('mock_apis')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count.count) >= MOCK_LIMITS.mockApisPerUser) {
    throw new HttpError(
      403,
      `you have ${Number(count.count)} mock APIs, the most one account may hold; delete one first (DELETE /api/mocks/<name>)`,
      { limit: 'mockApisPerUser', allowed: MOCK_LIMITS.mockApisPerUser },
    );
  }
  const id = randomUUID();
  const updatedAt = new Date().toISOString();
  await clashesOr(db, userId, document, null, () =>
    db
      .insertInto('mock_apis')
      .values({ id, user_id: userId, ...columns(document, projectId, updatedAt) })
      .execute(),
  );
  return { id, document, updatedAt };
}

/** Replaces the stored document (the name may change). */
export async function replaceMockApi(
  db: Kysely<Tables>,
  userId: string,
  id: string,
  document: MockApiDocument,
  projectId: string | null,
): Promise<MockApiRecord> {
  const updatedAt = new Date().toISOString();
  await clashesOr(db, userId, document, id, () =>
    db
      .updateTable('mock_apis')
      .set(columns(document, projectId, updatedAt))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute(),
  );
  return { id, document, updatedAt };
}

/** Deletes the API with its records, counters and request log. */
export async function deleteMockApi(db: Kysely<Tables>, userId: string, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const table of ['mock_records', 'mock_collections', 'mock_counters', 'mock_requests'] as const) {
      await tx.deleteFrom(table).where('mock_api_id', '=', id).execute();
    }
    await tx.deleteFrom('mock_apis').where('id', '=', id).where('user_id', '=', userId).execute();
  });
}

/**
 * Forgets an API's CRUD collections (reseeded on their next request) and request counters, or
 * one route's: crud/crud-reset.ts, which also keeps the order that is safe against a write
 * committing meanwhile.
 */
/** CRUD collections and counters (all, or one route's); resetting the whole API also puts its state machines back to "Started". */
export async function resetMockApi(db: Kysely<Tables>, id: string, routeId?: string): Promise<void> {
  await resetCollections(db, id, routeId);
  if (routeId === undefined) await resetStates(db, id);
}
