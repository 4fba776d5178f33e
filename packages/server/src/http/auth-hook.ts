/**
 * Authentication as a hook. A feature declares which of its routes need a user: the whole plugin
 * (`app.addHook('preHandler', app.authenticate)`) or one route (`{ preHandler: app.authenticate }`).
 * The hook applies authenticate.ts's rules (API key in ?key= or X-API-Key, else the session cookie
 * with its CSRF token on writes, never the cookie of another site's page) and leaves the caller in
 * request.user, and in request.session when the cookie authenticated the request.
 * preHandler, not onRequest: the body is read and parsed first, as it was when each handler
 * called authenticate() on its first line, so errors keep their order (413 before 401). A feature
 * whose schemas Fastify validates (validation.ts) uses preValidation: after the body is read,
 * before it is checked, so a caller without a key gets its 401 before any 400.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables.js';
import type { Session } from '../users/sessions.js';
import type { User } from '../users/users-store.js';
import { authenticateWithSession } from './authenticate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The preHandler that authenticates the caller (auth-hook.ts). */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The caller, on a route that declares app.authenticate; null elsewhere. */
    user: User | null;
    /** The session, when the session cookie (not a key) authenticated the request. */
    session: Session | null;
  }
}

export function installAuthentication(app: FastifyInstance, db: Kysely<Tables>): void {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const { user, session } = await authenticateWithSession(db, request);
    request.user = user;
    request.session = session ?? null;
  });
}

/** The caller a route's authentication hook found; a route that reads it without declaring the hook is a bug. */
export function userOf(request: FastifyRequest): User {
  if (!request.user)
    throw new Error(
      `${request.method} ${request.routeOptions.url ?? request.url} reads the caller but declares no authentication (app.authenticate)`,
    );
  return request.user;
}
