/**
 * `npm start`: opens the store (SQLite under ./data, or DATABASE_URL), applies migrations,
 * makes a first user with an unlimited key on an empty database (printing the key once), and
 * serves on PORT.
 */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openStore } from './db/open-database.js';
import { countUsers, createUser } from './users.js';

const config = loadConfig();
const store = await openStore({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
if ((await countUsers(store.db)) === 0) {
  const { key } = await createUser(store.db, 'admin@localhost', 'unlimited');
  process.stdout.write(
    `Created the first user (admin@localhost, plan unlimited). Its API key, shown only now:\n\n    ${key}\n\n` +
      `Try: curl "http://localhost:${config.port}/api/generate.csv?key=${key}&count=5" -d '[{"name":"name","type":"Full Name"}]'\n\n`,
  );
}
const app = await buildApp({ store, config, logLevel: process.env.LOG_LEVEL || 'warn' });
const shutdown = async () => {
  await app.close();
  await store.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
await app.listen({ port: config.port, host: config.host });
process.stdout.write(`Rowloom is serving on http://localhost:${config.port} (${store.dialect === 'sqlite' ? config.sqliteFile : 'PostgreSQL'})\n`);
