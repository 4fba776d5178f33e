/**
 * Who may call a mock API: anyone when it is public; otherwise its owner, by key (?key= or
 * X-API-Key) or session cookie through the server's authenticate(). Every call is charged to the
 * owner's plan and logged, so with the cookie even a GET needs X-CSRF-Token: a link or an image
 * on another page must not spend the owner's plan.
 * Another user gets the same 404 as a slug that does not exist (the API's existence is not
 * revealed); a request with no credential at all gets 401.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../../db/tables.js';
import { authenticateWithSession, requestKey, requireCsrf, sessionToken } from '../../../http/authenticate.js';
import { HttpError, notFound } from '../../../http/http-error.js';
import { findUserById, type User } from '../../../users/users-store.js';
import type { StoredMockApi } from '../mock-lookup.js';

export const NO_CREDENTIAL =
  "this mock API is not public: send its owner's API key (?key= or X-API-Key) or sign in as its owner";
export const MOCK_CSRF_MISSING =
  "a call to a private mock API is charged to its owner's plan, so with the session cookie it needs the session's X-CSRF-Token header whatever its method (GET /api/session gives it); or send the owner's API key (?key= or X-API-Key)";

export function noSuchMock(where: string): HttpError {
  return notFound(`no mock API at ${where}`);
}

/** The owner (whose plan is charged), once the request may be served. */
export async function authorizeMockCall(
  db: Kysely<Tables>,
  request: FastifyRequest,
  api: StoredMockApi,
  where: string,
): Promise<User> {
  if (!api.document.public) {
    if (requestKey(request) === undefined && sessionToken(request) === undefined)
      throw new HttpError(401, NO_CREDENTIAL);
    const { user, session } = await authenticateWithSession(db, request);
    // Another user learns no more than for a slug that does not exist.
    if (user.id !== api.userId) throw noSuchMock(where);
    if (session) requireCsrf(request, session, MOCK_CSRF_MISSING);
    return user;
  }
  const owner = await findUserById(db, api.userId);
  // The owner was deleted while the API was read: as if it did not exist.
  if (!owner) throw noSuchMock(where);
  return { id: owner.id, email: owner.email, plan: owner.plan };
}
