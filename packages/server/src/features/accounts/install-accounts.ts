/**
 * Accounts in the app: the cookie parser (for every route: any endpoint accepts the cookie), made
 * at the app's root, and the accounts feature (sign-up, sign-in, sessions, password, key, usage)
 * as a Fastify plugin.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { Plans } from '../../users/plans.js';
import { DEFAULT_ACCOUNTS, type AccountsConfig } from './accounts-config.js';
import { accountRoutes } from './account-routes.js';
import { cookieSigningKey, sealingKey } from '../../users/server-secret.js';
import { sessionRoutes } from './session-routes.js';

export interface AccountsFeatureOptions {
  db: Kysely<Tables>;
  accounts?: AccountsConfig;
  plans: Plans;
  publicUrl: string | null;
}

/** The cookie parser, for every route of the app (fastify-plugin: not encapsulated). */
export async function installCookies(
  app: FastifyInstance,
  { db, accounts = DEFAULT_ACCOUNTS }: Pick<AccountsFeatureOptions, 'db' | 'accounts'>,
): Promise<void> {
  // Made (or read) now, so instances starting together settle on one secret before any request.
  await sealingKey(db, accounts.secret);
  // The secret signs the known-device cookie (the session cookie needs no signature: session-cookie.ts).
  await app.register(cookie, { secret: await cookieSigningKey(db, accounts.secret) });
}

/** The accounts feature as a Fastify plugin. */
export async function accountsFeature(app: FastifyInstance, options: AccountsFeatureOptions): Promise<void> {
  const context = { db: options.db, accounts: options.accounts ?? DEFAULT_ACCOUNTS, publicUrl: options.publicUrl };
  sessionRoutes(app, context);
  accountRoutes(app, { ...context, plans: options.plans });
}
