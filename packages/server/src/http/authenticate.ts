/**
 * Who is asking: the API key (the `key` query parameter or the X-API-Key header, spec section 5)
 * or the session cookie the web page signs in with. A key wins when both come. A
 * cookie-authenticated write (anything but GET/HEAD/OPTIONS) must carry the session's CSRF token
 * in X-CSRF-Token: another site can make a browser send the cookie, but cannot read the token.
 * The cookie is not accepted at all on requests another site's page made (fetch-metadata.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { findSession, SESSION_COOKIE, sameSecret, type Session } from '../users/sessions.js';
import type { Tables } from '../db/tables.js';
import { findUserByKey, type User } from '../users/users-store.js';
import { foreignSite } from './fetch-metadata.js';
import { HttpError } from './http-error.js';
import { queryText, type Query } from './query.js';

/** Exactly this text: client libraries compare it to recognise a bad key. */
export const INVALID_KEY = 'Invalid API Key';
export const NOT_SIGNED_IN = 'not signed in: send an API key (?key= or X-API-Key) or sign in (POST /api/session)';
export const CSRF_MISSING =
  "this request is authenticated by the session cookie, so it must carry the session's CSRF token in the X-CSRF-Token header (GET /api/session gives it)";
export const FOREIGN_COOKIE =
  "the session cookie is not accepted on a request another site's page made (Sec-Fetch-Site: %s); call from Rowloom's own page, or send an API key (?key= or X-API-Key)";

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The key the request names, if any (query first, then header). */
export function requestKey(request: FastifyRequest): string | undefined {
  const fromQuery = queryText(request.query as Query, 'key');
  const header = request.headers['x-api-key'];
  const key = (fromQuery ?? (Array.isArray(header) ? header[0] : header))?.trim();
  return key ? key : undefined;
}

function cookieToken(request: FastifyRequest): string | undefined {
  const token = (request.cookies as Record<string, string | undefined> | undefined)?.[SESSION_COOKIE];
  return token ? token : undefined;
}

/** The session cookie's token, if the request has one and another site's page did not make it. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return foreignSite(request) === null ? cookieToken(request) : undefined;
}

/** The live session of the cookie, without the CSRF check (for the session routes themselves). */
export async function currentSession(db: Kysely<Tables>, request: FastifyRequest): Promise<Session | undefined> {
  const token = sessionToken(request);
  return token ? findSession(db, token) : undefined;
}

/** GET, HEAD and OPTIONS: what a link, an image or a script tag on any page can make a browser send. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** Refuses a cookie-authenticated request without the session's CSRF token, whatever its method (`message`: why it needs one). */
export function requireCsrf(request: FastifyRequest, session: Session, message: string = CSRF_MISSING): void {
  const header = request.headers['x-csrf-token'];
  const given = Array.isArray(header) ? header[0] : header;
  if (!given || !sameSecret(given, session.csrfToken)) throw new HttpError(403, message);
}

/** Refuses a cookie-authenticated write without the session's CSRF token (`method`: the effective one, when a request can override its own). */
export function checkCsrf(request: FastifyRequest, session: Session, method: string = request.method): void {
  if (!isSafeMethod(method)) requireCsrf(request, session);
}

export async function authenticate(db: Kysely<Tables>, request: FastifyRequest): Promise<User> {
  return (await authenticateWithSession(db, request)).user;
}

/** The user, and the session when the cookie (not a key) authenticated the request. */
export async function authenticateWithSession(
  db: Kysely<Tables>,
  request: FastifyRequest,
): Promise<{ user: User; session?: Session }> {
  const key = requestKey(request);
  if (key !== undefined) {
    const user = await findUserByKey(db, key);
    if (!user) throw new HttpError(401, INVALID_KEY);
    return { user };
  }
  const site = foreignSite(request);
  if (site !== null && cookieToken(request)) throw new HttpError(403, FOREIGN_COOKIE.replace('%s', site));
  const session = await currentSession(db, request);
  // Without any credential the answer stays the one client libraries know.
  if (!session) throw new HttpError(401, sessionToken(request) ? NOT_SIGNED_IN : INVALID_KEY);
  checkCsrf(request, session);
  return { user: session.user, session };
}
