/**
 * The signed-in user's own things: PUT /api/account/password, GET/POST /api/key (show and
 * regenerate), GET /api/usage. Cookie or key, like every endpoint.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables.js';
import { authenticate, authenticateWithSession } from '../http/authenticate.js';
import { HttpError } from '../http/http-error.js';
import type { Plans } from '../plans.js';
import { usageDay } from '../quota.js';
import { findUserById, regenerateKey, setPasswordHash, showKey } from '../users.js';
import { accountBody, givenPassword } from './account-input.js';
import { CHANGE_PASSWORD, REGENERATE_KEY, SHOW_KEY, USAGE } from './account-openapi.js';
import { checkPassword, hashPassword, MAX_PASSWORD_LENGTH, passwordProblem } from './passwords.js';
import { emailBucket, forgiveAttempt } from './rate-limit.js';
import { ACCOUNT_BODY_LIMIT, limitAttempts, type AccountContext } from './session-routes.js';
import { deleteUserSessions } from './sessions.js';

export const KEY_NOT_SHOWABLE = 'this API key was made before keys could be shown again (or under another ROWLOOM_SECRET), so it cannot be shown; regenerate it (POST /api/key) to get one you can see';

export function accountRoutes(app: FastifyInstance, context: AccountContext & { plans: Plans }): void {
  const { db, accounts, plans } = context;

  app.put('/api/account/password', { schema: CHANGE_PASSWORD, bodyLimit: ACCOUNT_BODY_LIMIT }, async (request) => {
    const { user, session } = await authenticateWithSession(db, request);
    const body = accountBody(request.body);
    const current = givenPassword(body, 'current', MAX_PASSWORD_LENGTH);
    const problem = passwordProblem(body.password, 'password');
    if (problem) throw new HttpError(400, problem);
    // Guessing the current password through a stolen session is limited like signing in.
    const bucket = emailBucket(user.email, { attempts: accounts.signInLimit.perEmail, windowMs: accounts.signInLimit.windowMs });
    await limitAttempts(db, [bucket], 'password');
    const stored = await findUserById(db, user.id);
    if (!stored?.passwordHash) throw new HttpError(400, 'this account has no password yet; the administrator can set one with: rowloom users reset-password <email>');
    if (!(await checkPassword(stored.passwordHash, current))) throw new HttpError(400, '"current" is not your current password');
    await forgiveAttempt(db, [bucket]);
    await setPasswordHash(db, user.id, await hashPassword(body.password as string));
    // Whoever else was signed in with the old password is signed out; this browser stays.
    await deleteUserSessions(db, user.id, session?.id);
    return { success: true };
  });

  app.get('/api/key', { schema: SHOW_KEY }, async (request, reply) => {
    const user = await authenticate(db, request);
    const key = await showKey(db, user.id, accounts.secret);
    if (key === null) throw new HttpError(409, KEY_NOT_SHOWABLE);
    void reply.header('cache-control', 'no-store');
    return { key };
  });

  app.post('/api/key', { schema: REGENERATE_KEY }, async (request, reply) => {
    const user = await authenticate(db, request);
    void reply.header('cache-control', 'no-store');
    return { key: await regenerateKey(db, user.id, accounts.secret) };
  });

  app.get('/api/usage', { schema: USAGE }, async (request) => {
    const user = await authenticate(db, request);
    const day = usageDay(new Date());
    const row = await db.selectFrom('usage').select(['requests', 'records']).where('user_id', '=', user.id).where('day', '=', day).executeTakeFirst();
    const limits = plans[user.plan] ?? plans.free;
    return {
      day,
      requests: Number(row?.requests ?? 0),
      records: Number(row?.records ?? 0),
      plan: {
        name: user.plan,
        recordsPerRequest: limits.recordsPerRequest,
        recordsPerJob: limits.recordsPerJob ?? null,
        requestsPerDay: limits.requestsPerDay,
        recordsPerDay: limits.recordsPerDay,
        datasets: limits.datasets ?? null,
        datasetBytes: limits.datasetBytes ?? null,
      },
    };
  });
}
