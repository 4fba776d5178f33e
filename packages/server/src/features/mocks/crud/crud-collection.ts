/**
 * serveCrud: a request for a CRUD route (see crud-contract.ts). The collection is seeded on
 * first use (crud-seeding.ts), then the method picks the step: list (crud-listing.ts), one
 * record or a write (crud-writes.ts). Answers are JSON; problems are `{"error": ...}` with a 4xx
 * status; `rows` is what seeding generated, for the owner's quota.
 */
import type { CrudReply, CrudRequest, CrudServices } from './crud-contract.js';
import { listRecords } from './crud-listing.js';
import { CrudFailure, errorReply } from './crud-reply.js';
import { ensureSeeded, keyFieldOf } from './crud-seeding.js';
import {
  changeRecord,
  CollectionGone,
  createRecord,
  getRecord,
  removeRecord,
  type CollectionTarget,
} from './crud-writes.js';

export { resetCollections } from './crud-reset.js';

const COLLECTION_METHODS = ['GET', 'HEAD', 'POST'];
const RECORD_METHODS = ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'];
/** A write that finds its collection reset meanwhile seeds it again and retries, this many times. */
const ATTEMPTS = 3;

export async function serveCrud(services: CrudServices, request: CrudRequest): Promise<CrudReply> {
  const allowed = request.key === null ? COLLECTION_METHODS : RECORD_METHODS;
  if (!allowed.includes(request.method)) {
    const what = request.key === null ? `the collection ${request.route.path}` : `a record of ${request.route.path}`;
    return errorReply(405, `${request.method} is not allowed on ${what}; use ${allowed.join(', ')}`, {
      allow: [...allowed, 'OPTIONS'].join(', '),
    });
  }
  const target = targetOf(request);
  let rows = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      rows += await ensureSeeded(services, { id: target.id, userId: request.userId, route: request.route });
      return { ...(await dispatch(services, request, target)), rows };
    } catch (error) {
      if (error instanceof CrudFailure) return { ...error.reply, rows };
      if (!(error instanceof CollectionGone)) throw error;
      if (attempt === ATTEMPTS)
        return {
          ...errorReply(503, `${request.route.path} was reset while this request wrote to it; try again`),
          rows,
        };
    }
  }
}

function targetOf(request: CrudRequest): CollectionTarget {
  // Without the request's URL, relative references: "users/42" (for Location) resolves against
  // ".../users" to ".../users/42", and "?page=2" (for Link) to the same path with that query.
  const lastSegment = request.route.path.split('/').filter(Boolean).pop() ?? '';
  return {
    id: { mockApiId: request.mockApiId, routeId: request.route.id },
    keyField: keyFieldOf(request.route),
    path: request.route.path,
    url: request.url ?? lastSegment,
  };
}

function dispatch(services: CrudServices, request: CrudRequest, target: CollectionTarget): Promise<CrudReply> {
  const { db } = services;
  const key = request.key;
  if (key === null) {
    if (request.method === 'POST') return createRecord(db, target, request.body);
    return listRecords(db, target.id, request.query, request.url ?? '');
  }
  switch (request.method) {
    case 'PUT':
    case 'PATCH':
      return changeRecord(db, target, key, request.body, request.method);
    case 'DELETE':
      return removeRecord(db, target, key);
    default:
      return getRecord(db, target, key);
  }
}
