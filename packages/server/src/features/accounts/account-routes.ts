/**
 * The signed-in user's own things: PUT /api/account/password, GET/POST /api/key (show and
 * regenerate), GET /api/usage. Cookie or key, like every endpoint. A password change ends every
 * session of the user, the one it came with included, and gives that browser a new one.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { userOf } from '../../http/auth-hook.js';
import { HttpError } from '../../http/http-error.js';
import type { Plans } from '../../users/plans.js';
import { usageDay } from '../../users/quota.js';
import { findUserById, regenerateKey, setPasswordHash, showKey, type User } from '../../users/users-store.js';
import type { PasswordChange } from '@rowloom/contract';
import { CHANGE_PASSWORD, REGENERATE_KEY, SHOW_KEY, USAGE } from './account-openapi.js';
import { setDeviceCookie } from './device-cookie.js';
import { checkPassword, guessabilityProblem, hashPassword, passwordProblem } from './passwords.js';
import { forgiveAttempt, limitAttempts } from './rate-limit.js';
import { setSessionCookie } from './session-cookie.js';
import { ACCOUNT_BODY_LIMIT, sessionUser, type AccountContext } from './session-routes.js';
import { createSession, deleteUserSessions } from '../../users/sessions.js';

export const KEY_NOT_SHOWABLE =
  'this API key was made before keys could be shown again (or under another ROWLOOM_SECRET), so it cannot be shown; regenerate it (POST /api/key) to get one you can see';

export function accountRoutes(app: FastifyInstance, context: AccountContext & { plans: Plans }): void {
  const { db, accounts, plans, publicUrl } = context;

  /** The browser that changed the password gets a new session (and its CSRF token) and stays a known device; every other session ends. */
  async function renewSessions(reply: FastifyReply, user: User, passwordHash: string, cookie: boolean) {
    if (!cookie) {
      await deleteUserSessions(db, user.id);
      return { success: true };
    }
    const fresh = await createSession(db, user.id);
    await deleteUserSessions(db, user.id, fresh.id);
    setSessionCookie(reply, fresh.token, publicUrl);
    setDeviceCookie(reply, { id: user.id, passwordHash }, publicUrl);
    void reply.header('cache-control', 'no-store');
    return { success: true, user: await sessionUser(db, user), csrfToken: fresh.csrfToken };
  }

  app.put<{ Body: PasswordChange }>(
    '/api/account/password',
    // Authenticated before the body is checked: a stranger learns nothing from a 400.
    { schema: CHANGE_PASSWORD, bodyLimit: ACCOUNT_BODY_LIMIT, preValidation: app.authenticate },
    async (request, reply) => {
      const user = userOf(request);
      const session = request.session ?? undefined;
      const { current, password } = request.body;
      const problem = passwordProblem(password, 'password');
      if (problem) throw new HttpError(400, problem);
      // Guessing the current password through a stolen session or key is limited like signing in
      // from one client (in a bucket of its own: it cannot lock the owner's sign-in).
      const { perEmailPerClient: attempts, windowMs } = accounts.signInLimit;
      const bucket = { name: `password-change:${user.id}`, limit: { attempts, windowMs } };
      await limitAttempts(db, [bucket], 'password');
      const stored = await findUserById(db, user.id);
      if (!stored?.passwordHash)
        throw new HttpError(
          400,
          'this account has no password yet; the administrator can set one with: rowloom users reset-password <email>',
        );
      if (!(await checkPassword(stored.passwordHash, current)))
        throw new HttpError(400, '"current" is not your current password');
      await forgiveAttempt(db, [bucket]);
      const weak = await guessabilityProblem(password, 'password', user.email);
      if (weak) throw new HttpError(400, weak);
      const passwordHash = await hashPassword(password);
      await setPasswordHash(db, user.id, passwordHash);
      return renewSessions(reply, user, passwordHash, session !== undefined);
    },
  );

  app.get('/api/key', { schema: SHOW_KEY, preHandler: app.authenticate }, async (request, reply) => {
    const user = userOf(request);
    const key = await showKey(db, user.id, accounts.secret);
    if (key === null) throw new HttpError(409, KEY_NOT_SHOWABLE);
    void reply.header('cache-control', 'no-store');
    return { key };
  });

  app.post('/api/key', { schema: REGENERATE_KEY, preHandler: app.authenticate }, async (request, reply) => {
    const user = userOf(request);
    void reply.header('cache-control', 'no-store');
    return { key: await regenerateKey(db, user.id, accounts.secret) };
  });

  app.get('/api/usage', { schema: USAGE, preHandler: app.authenticate }, async (request) => {
    const user = userOf(request);
    const day = usageDay(new Date());
    const row = await db
      .selectFrom('usage')
      .select(['requests', 'records'])
      .where('user_id', '=', user.id)
      .where('day', '=', day)
      .executeTakeFirst();
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
