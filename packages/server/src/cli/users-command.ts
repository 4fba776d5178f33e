/**
 * `rowloom users ...`, on the same store as the server:
 *   add <email> [--plan P] [--admin]  a new key-only user (--admin: may list and cancel everyone's jobs); prints the key as its last line
 *   list                        the users
 *   reset-password <email>      a new random password, printed as the last line; ends the user's sessions
 *   remove <email>              deletes the user and everything they own (keys, sessions, schemas, datasets...)
 * Exit status: 0 done, 1 no user with that email, 2 a usage or other error.
 */
import { parseArgs } from 'node:util';
import { hashPassword, randomPassword } from '../features/accounts/passwords.js';
import { deleteUserSessions } from '../users/sessions.js';
import { loadConfig, type Config } from '../config.js';
import { openStore, type Store } from '../db/open-database.js';
import { PLAN_NAMES } from '../users/plans.js';
import { createUser, findUserByEmail, listUsers, removeUser, setPasswordHash } from '../users/users-store.js';

const USAGE =
  'usage: rowloom users add <email> [--plan free|silver|gold|unlimited] [--admin] | rowloom users list | rowloom users reset-password <email> | rowloom users remove <email>';

export const USERS_EXIT = { done: 0, unknownUser: 1, usage: 2 } as const;

async function withStore<T>(config: Config, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

function unknownUser(email: string): number {
  process.stderr.write(`rowloom: no user with the email ${email}; \`rowloom users list\` shows them\n`);
  return USERS_EXIT.unknownUser;
}

async function add(
  config: Config,
  email: string | undefined,
  planOption: string | undefined,
  admin: boolean,
): Promise<number> {
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`give the new user's email address; ${USAGE}`);
  const plan = planOption ?? 'free';
  if (!(PLAN_NAMES as readonly string[]).includes(plan) && !(plan in config.plans))
    throw new Error(`--plan must be one of ${Object.keys(config.plans).join(', ')}, got "${plan}"`);
  return withStore(config, async (store) => {
    if (await findUserByEmail(store.db, email)) throw new Error(`a user with the email ${email} exists already`);
    const { key } = await createUser(store.db, email, plan, { secret: config.accounts.secret, admin }).catch(
      (error: Error) => {
        throw /unique|duplicate/i.test(error.message)
          ? new Error(`a user with the email ${email} exists already`)
          : error;
      },
    );
    process.stdout.write(`Created ${email}${admin ? ' (admin)' : ''} on the ${plan} plan. API key:\n${key}\n`);
    return USERS_EXIT.done;
  });
}

async function resetPassword(config: Config, email: string): Promise<number> {
  return withStore(config, async (store) => {
    const user = await findUserByEmail(store.db, email);
    if (!user) return unknownUser(email);
    const password = randomPassword();
    await setPasswordHash(store.db, user.id, await hashPassword(password));
    await deleteUserSessions(store.db, user.id);
    process.stdout.write(
      `New password for ${user.email} (its sessions have ended; it can be changed on the account page):\n${password}\n`,
    );
    return USERS_EXIT.done;
  });
}

async function remove(config: Config, email: string): Promise<number> {
  return withStore(config, async (store) => {
    const user = await findUserByEmail(store.db, email);
    if (!user) return unknownUser(email);
    await removeUser(store.db, user.id);
    process.stdout.write(
      `Removed ${user.email} and everything it owned (keys, sessions, schemas, datasets, projects, usage).\n`,
    );
    return USERS_EXIT.done;
  });
}

export async function usersCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { plan: { type: 'string' }, admin: { type: 'boolean' } },
  });
  const [action, email] = positionals;
  const config = loadConfig();
  if (action === 'add') return add(config, email, values.plan, values.admin === true);
  if (action === 'list') {
    return withStore(config, async (store) => {
      for (const user of await listUsers(store.db))
        process.stdout.write(`${user.email}\t${user.plan}\t${user.created_at}\n`);
      return USERS_EXIT.done;
    });
  }
  if (action === 'reset-password' || action === 'remove') {
    if (!email) throw new Error(`give the user's email address; ${USAGE}`);
    return action === 'remove' ? remove(config, email) : resetPassword(config, email);
  }
  throw new Error(USAGE);
}
