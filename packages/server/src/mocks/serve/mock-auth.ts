/**
 * Who may call a mock API: anyone when it is public; otherwise its owner, by key (?key= or
 * X-API-Key) or session cookie (+ X-CSRF-Token on writes), through the server's authenticate().
 * Another user gets the same 404 as a slug that does not exist (the API's existence is not
 * revealed); a request with no credential at all gets 401.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { authenticateWithSession, checkCsrf, requestKey, sessionToken } from '../../http/authenticate.js';
import { HttpError, notFound } from '../../http/http-error.js';
import { findUserById, type User } from '../../users.js';
import type { StoredMockApi } from '../mock-lookup.js';

export const NO_CREDENTIAL = "this mock API is not public: send its owner's API key (?key= or X-API-Key) or sign in as its owner";

export function noSuchMock(where: string): HttpError {
  return notFound(`no mock API at ${where}`);
}

/**
 * The owner (whose plan is charged), once the request may be served. `method` is the effective
 * one: a GET with ?__method=DELETE is a write, so a cookie needs the CSRF token for it too (a
 * link on another site would otherwise delete with the owner's session).
 */
export async function authorizeMockCall(db: Kysely<Tables>, request: FastifyRequest, api: StoredMockApi, where: string, method: string): Promise<User> {
  if (!api.document.public) {
    if (requestKey(request) === undefined && sessionToken(request) === undefined) throw new HttpError(401, NO_CREDENTIAL);
    const { user, session } = await authenticateWithSession(db, request);
    if (session) checkCsrf(request, session, method);
    if (user.id !== api.userId) throw noSuchMock(where);
    return user;
  }
  const owner = await findUserById(db, api.userId);
  // The owner was deleted while the API was read: as if it did not exist.
  if (!owner) throw noSuchMock(where);
  return { id: owner.id, email: owner.email, plan: owner.plan };
}
