/**
 * `rowloom users add <email> [--plan free|silver|gold|unlimited]` prints the new key as its last
 * line; `rowloom users list` lists the users. Both use the same store as the server.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openStore } from '../db/open-database.js';
import { PLAN_NAMES } from '../plans.js';
import { createUser, listUsers } from '../users.js';

const USAGE = 'usage: rowloom users add <email> [--plan free|silver|gold|unlimited] | rowloom users list';

export async function usersCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { plan: { type: 'string' } } });
  const [action, email] = positionals;
  const config = loadConfig();
  if (action === 'add') {
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`give the new user's email address; ${USAGE}`);
    const plan = values.plan ?? 'free';
    if (!(PLAN_NAMES as readonly string[]).includes(plan) && !(plan in config.plans)) throw new Error(`--plan must be one of ${Object.keys(config.plans).join(', ')}, got "${plan}"`);
    const store = await openStore({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
    try {
      const { key } = await createUser(store.db, email, plan).catch((error: Error) => {
        throw /unique|duplicate/i.test(error.message) ? new Error(`a user with the email ${email} exists already`) : error;
      });
      process.stdout.write(`Created ${email} on the ${plan} plan. API key:\n${key}\n`);
    } finally {
      await store.close();
    }
    return 0;
  }
  if (action === 'list') {
    const store = await openStore({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
    try {
      for (const user of await listUsers(store.db)) process.stdout.write(`${user.email}\t${user.plan}\t${user.created_at}\n`);
    } finally {
      await store.close();
    }
    return 0;
  }
  throw new Error(USAGE);
}
