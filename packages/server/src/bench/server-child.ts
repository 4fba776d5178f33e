/**
 * Child process of the server benchmark and soak test: the real app (same buildApp and store as
 * main.ts) on SQLite in a temporary directory, with two users on the unlimited plan, configured
 * from the environment like main.ts (time limit, concurrency, public mocks' rate). Prints one JSON line,
 * {url, key, otherKey}, once it listens; stops and removes its directory when its stdin closes (so it
 * never outlives the benchmark) or on SIGTERM/SIGINT.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openStore } from '../db/open-database.js';
import { DEFAULT_PLANS } from '../users/plans.js';
import { createUser } from '../users/users-store.js';

export interface ServerChildReady {
  url: string;
  key: string;
  /** A second user's key (the soak test's probe is another client than the load). */
  otherKey: string;
}

const dir = mkdtempSync(join(tmpdir(), 'rowloom-server-bench-'));
const store = await openStore({ databaseUrl: null, sqliteFile: join(dir, 'rowloom.sqlite') });
const { key } = await createUser(store.db, 'bench@example.com', 'unlimited');
const { key: otherKey } = await createUser(store.db, 'probe@example.com', 'unlimited');
const { timeLimitMs, concurrency, publicMockRate } = loadConfig(process.env);
const app = await buildApp({
  store,
  config: { plans: DEFAULT_PLANS, bodyLimitBytes: 10 * 1024 * 1024, timeLimitMs, concurrency, publicMockRate },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('the server has no TCP address');

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  try {
    await app.close();
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}
process.stdin.on('end', () => void stop());
process.stdin.resume();
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

const ready: ServerChildReady = { url: `http://127.0.0.1:${address.port}`, key, otherKey };
process.stdout.write(`${JSON.stringify(ready)}\n`);
