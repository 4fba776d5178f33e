/** Accounts in the app: the cookie parser (for every route: any endpoint accepts the cookie) and the account routes. */
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { Plans } from '../../users/plans.js';
import { DEFAULT_ACCOUNTS, type AccountsConfig } from './accounts-config.js';
import { accountRoutes } from './account-routes.js';
import { cookieSigningKey, sealingKey } from '../../users/server-secret.js';
import { sessionRoutes } from './session-routes.js';

export async function installAccounts(app: FastifyInstance, db: Kysely<Tables>, options: { accounts?: AccountsConfig; plans: Plans; publicUrl: string | null }): Promise<void> {
  const accounts = options.accounts ?? DEFAULT_ACCOUNTS;
  // Made (or read) now, so instances starting together settle on one secret before any request.
  await sealingKey(db, accounts.secret);
  // The secret signs the known-device cookie (the session cookie needs no signature: session-cookie.ts).
  await app.register(cookie, { secret: await cookieSigningKey(db, accounts.secret) });
  const context = { db, accounts, publicUrl: options.publicUrl };
  sessionRoutes(app, context);
  accountRoutes(app, { ...context, plans: options.plans });
}
