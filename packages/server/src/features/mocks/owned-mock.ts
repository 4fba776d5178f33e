/**
 * The caller's mock API named in the path (`:name`, URL-decoded by the router): the one lookup
 * every /api/mocks/:name endpoint starts with. Another user's API answers 404, exactly as one
 * that does not exist.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { userOf } from '../../http/auth-hook.js';
import { notFound } from '../../http/http-error.js';
import { storableText } from '../../http/query.js';
import type { User } from '../../users/users-store.js';
import { findMockApi, type MockApiRecord } from './mock-store.js';

export async function ownedMock(
  db: Kysely<Tables>,
  request: FastifyRequest,
): Promise<{ user: User; stored: MockApiRecord }> {
  const user = userOf(request);
  const name = storableText((request.params as { name: string }).name, 'the mock API name');
  const stored = await findMockApi(db, user.id, name);
  if (!stored) throw notFound(`no mock API named "${name.slice(0, 100)}"; GET /api/mocks lists yours`);
  return { user, stored };
}
