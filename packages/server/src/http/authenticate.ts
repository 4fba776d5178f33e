/** The API key comes as the `key` query parameter or the X-API-Key header (spec section 5). */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables.js';
import { findUserByKey, type User } from '../users.js';
import { HttpError } from './http-error.js';
import { queryText, type Query } from './query.js';

/** Exactly this text: client libraries compare it to recognise a bad key. */
export const INVALID_KEY = 'Invalid API Key';

export async function authenticate(db: Kysely<Tables>, request: FastifyRequest): Promise<User> {
  const fromQuery = queryText(request.query as Query, 'key');
  const header = request.headers['x-api-key'];
  const key = fromQuery ?? (Array.isArray(header) ? header[0] : header);
  const user = key ? await findUserByKey(db, key.trim()) : undefined;
  if (!user) throw new HttpError(401, INVALID_KEY);
  return user;
}
