/**
 * GET/POST/DELETE /api/session and POST /api/session/signup: signing in and out of the web page.
 * Each sign-in makes a new session (a token planted beforehand is never adopted: no session
 * fixation), ends the one the browser had, and marks the browser as a known device of the
 * account (device-cookie.ts, sign-in-limit.ts).
 */
import type { SessionUser, SignedOutAnswer } from '@rowloom/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { checkCsrf, currentSession, sessionToken } from '../../http/authenticate.js';
import { HttpError } from '../../http/http-error.js';
import { createUser, findUserByEmail, isAdmin, type User } from '../../users/users-store.js';
import { queryBoolean, type Query } from '../../http/query.js';
import type { AccountsConfig } from './accounts-config.js';
import { emailField } from './account-input.js';
import type { Credentials } from '@rowloom/contract';
import { GET_SESSION, SIGN_IN, SIGN_OUT, SIGN_UP } from './account-openapi.js';
import { knownDevice, setDeviceCookie } from './device-cookie.js';
import { checkPassword, guessabilityProblem, hashPassword, passwordProblem } from './passwords.js';
import { forgiveAttempt, limitAttempts } from './rate-limit.js';
import { checkSameOrigin } from './same-origin.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';
import { admitSignIn } from './sign-in-limit.js';
import { createSession, deleteExpiredSessions, deleteSession } from '../../users/sessions.js';
import { signupRefusal } from './signup-policy.js';

export const WRONG_CREDENTIALS = 'wrong email or password';
/** Sign-in bodies are tiny; anything bigger is refused before it is read whole. */
export const ACCOUNT_BODY_LIMIT = 16 * 1024;

export interface AccountContext {
  db: Kysely<Tables>;
  accounts: AccountsConfig;
  publicUrl: string | null;
}

/** The user as the page sees them: with whether they are an admin, so it need not probe the admin routes. */
export async function sessionUser(db: Kysely<Tables>, user: User): Promise<SessionUser> {
  return { email: user.email, plan: user.plan, admin: await isAdmin(db, user.id) };
}

/** Starts a new session for the user (whose password hash is `passwordHash`): ends the browser's previous one, sets the cookies. */
async function signIn(
  context: AccountContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  passwordHash: string,
) {
  const previous = sessionToken(request);
  if (previous) await deleteSession(context.db, previous);
  if (Math.random() < 0.05) await deleteExpiredSessions(context.db);
  const session = await createSession(context.db, user.id);
  setSessionCookie(reply, session.token, context.publicUrl);
  setDeviceCookie(reply, { id: user.id, passwordHash }, context.publicUrl);
  void reply.header('cache-control', 'no-store');
  return { user: await sessionUser(context.db, user), csrfToken: session.csrfToken };
}

export function sessionRoutes(app: FastifyInstance, context: AccountContext): void {
  const { db, accounts, publicUrl } = context;
  const limit = accounts.signInLimit;

  app.get('/api/session', { schema: GET_SESSION }, async (request, reply) => {
    const optional = queryBoolean(request.query as Query, ['optional'], false);
    const session = await currentSession(db, request);
    void reply.header('cache-control', 'no-store');
    if (!session) {
      // A cookie of a session that ended is of no more use to the browser.
      if (sessionToken(request)) clearSessionCookie(reply, publicUrl);
      // The page shows the sign-up form only where sign-up is possible. The page asks with
      // optional=true: being signed out is an answer there, not a failed request.
      if (optional) return { signedIn: false, signup: accounts.signup.mode } satisfies SignedOutAnswer;
      throw new HttpError(401, 'not signed in', { signup: accounts.signup.mode });
    }
    // The page asks on every load: renewing the cookie here keeps a used session from expiring.
    setSessionCookie(reply, sessionToken(request)!, publicUrl);
    return { user: await sessionUser(db, session.user), csrfToken: session.csrfToken };
  });

  // Another site's page is refused before its body is looked at.
  const sameOrigin = async (request: FastifyRequest) => checkSameOrigin(request, publicUrl);
  const options = { bodyLimit: ACCOUNT_BODY_LIMIT, preValidation: sameOrigin };

  app.post<{ Body: Credentials }>('/api/session', { schema: SIGN_IN, ...options }, async (request, reply) => {
    const email = emailField(request.body.email, false);
    const { password } = request.body;
    // Looked up for every email, known or not: the known-device check needs the account.
    const user = await findUserByEmail(db, email);
    const buckets = await admitSignIn(db, limit, { email, ip: request.ip, device: knownDevice(request, user) });
    // Unknown email and wrong password: one answer, after the same work.
    if (!(await checkPassword(user?.passwordHash, password)) || !user?.passwordHash)
      throw new HttpError(401, WRONG_CREDENTIALS);
    await forgiveAttempt(db, buckets);
    return signIn(context, request, reply, user, user.passwordHash);
  });

  app.post<{ Body: Credentials }>('/api/session/signup', { schema: SIGN_UP, ...options }, async (request, reply) => {
    const email = emailField(request.body.email, true);
    const { password } = request.body;
    const problem = passwordProblem(password, 'password');
    if (problem) throw new HttpError(400, problem);
    const refusal = signupRefusal(accounts.signup, email);
    if (refusal) throw new HttpError(403, refusal);
    await limitAttempts(
      db,
      [{ name: `signup-ip:${request.ip}`, limit: { attempts: limit.perIp, windowMs: limit.windowMs } }],
      'sign-up',
    );
    const taken = `an account with the email ${email} exists already; sign in instead`;
    if (await findUserByEmail(db, email)) throw new HttpError(409, taken);
    const weak = await guessabilityProblem(password, 'password', email);
    if (weak) throw new HttpError(400, weak);
    const passwordHash = await hashPassword(password);
    const { user } = await createUser(db, email, accounts.signup.plan, { passwordHash, secret: accounts.secret }).catch(
      (error: Error) => {
        // Two sign-ups for one address at once: the database's unique email decides.
        throw /unique|duplicate/i.test(error.message) ? new HttpError(409, taken) : error;
      },
    );
    return signIn(context, request, reply, user, passwordHash);
  });

  app.delete('/api/session', { schema: SIGN_OUT }, async (request, reply) => {
    const session = await currentSession(db, request);
    if (session) {
      checkCsrf(request, session);
      await deleteSession(db, sessionToken(request)!);
    }
    clearSessionCookie(reply, publicUrl);
    return { success: true };
  });
}
