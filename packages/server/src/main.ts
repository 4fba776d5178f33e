/**
 * `npm start`: opens the store (SQLite under ./data, or DATABASE_URL), applies migrations,
 * makes a first user (admin@localhost, unlimited) on an empty database, printing once its
 * password for the web page and its API key, and serves on PORT. A problem at start is one line on stderr and an exit status (startup.ts).
 * SIGTERM/SIGINT drain: requests in flight finish, new connections are refused; a second
 * signal stops at once.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { InstallationMismatchError } from './jobs/engine/installation.js';
import { loadConfig, type Config } from './config.js';
import { openStore, type Store } from './db/open-database.js';
import { ConfigError, databaseProblem, exitWith, listenProblem, START_EXIT } from './startup.js';
import { hashPassword, randomPassword } from './features/accounts/passwords.js';
import { countUsers, createUser } from './users/users-store.js';

function configuration(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError)
      exitWith({
        message: `${error.message}; fix the environment variable and start again`,
        exitCode: START_EXIT.configuration,
      });
    throw error;
  }
}

async function open(config: Config): Promise<Store> {
  try {
    return await openStore({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  } catch (error) {
    exitWith(databaseProblem(error, config.databaseUrl, config.sqliteFile));
  }
}

/** Counts requests in flight, for the shutdown message. */
function countRequests(app: FastifyInstance): () => number {
  let inFlight = 0;
  app.server.on('request', (_request, response) => {
    inFlight++;
    response.once('close', () => inFlight--);
  });
  return () => inFlight;
}

function drainOnSignals(app: FastifyInstance, store: Store, inFlight: () => number): void {
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      process.stdout.write(`Rowloom: ${signal} again: stopping now, cutting off ${inFlight()} request(s)\n`);
      process.exit(START_EXIT.forced);
    }
    draining = true;
    const n = inFlight();
    process.stdout.write(
      `Rowloom: ${signal}: draining ${n} request${n === 1 ? '' : 's'} in flight before stopping; send ${signal} again to stop at once\n`,
    );
    void app
      .close()
      .then(() => store.close())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

const config = configuration();
const store = await open(config);
const app = await buildApp({ store, config, logLevel: process.env.LOG_LEVEL || 'warn' }).catch(
  async (error: unknown) => {
    if (!(error instanceof InstallationMismatchError)) throw error;
    await store.close();
    exitWith({ message: `${error.message}; this server does not start`, exitCode: START_EXIT.configuration });
  },
);
const inFlight = countRequests(app);
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  await store.close();
  exitWith(listenProblem(error, config.host, config.port));
}
drainOnSignals(app, store, inFlight);
const address = app.server.address();
const port = address && typeof address === 'object' ? address.port : config.port;
// Only once listening: a start that fails must not use up the one showing of the key.
if ((await countUsers(store.db)) === 0) {
  const password = randomPassword();
  const { key } = await createUser(store.db, 'admin@localhost', 'unlimited', {
    passwordHash: await hashPassword(password),
    secret: config.accounts.secret,
    admin: true,
  });
  process.stdout.write(
    `Created the first user (admin@localhost, plan unlimited), shown only now:\n\n` +
      `    Open http://localhost:${port}/ and sign in as admin@localhost with the password\n\n        ${password}\n\n` +
      `    (change it on the account page; \`rowloom users reset-password admin@localhost\` makes a new one)\n\n` +
      `    API key (the account page shows it again):\n\n        ${key}\n\n` +
      `Try: curl "http://localhost:${port}/api/generate.csv?key=${key}&count=5" -d '[{"name":"name","type":"Full Name"}]'\n\n`,
  );
}
process.stdout.write(
  `Rowloom is serving on http://localhost:${port} (${store.dialect === 'sqlite' ? config.sqliteFile : 'PostgreSQL'})\n`,
);
