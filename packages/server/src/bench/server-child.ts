/**
 * Child process of the server benchmark: the real app (same buildApp and store as main.ts) on
 * SQLite in a temporary directory, with one user on the unlimited plan. Prints one JSON line,
 * {url, key}, once it listens; stops and removes its directory when its stdin closes (so it
 * never outlives the benchmark) or on SIGTERM/SIGINT.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { openStore } from '../db/open-database.js';
import { DEFAULT_PLANS } from '../plans.js';
import { createUser } from '../users.js';

export interface ServerChildReady {
  url: string;
  key: string;
}

const dir = mkdtempSync(join(tmpdir(), 'rowloom-server-bench-'));
const store = await openStore({ databaseUrl: null, sqliteFile: join(dir, 'rowloom.sqlite') });
const { key } = await createUser(store.db, 'bench@example.com', 'unlimited');
const app = await buildApp({ store, config: { plans: DEFAULT_PLANS, bodyLimitBytes: 10 * 1024 * 1024, timeLimitMs: null } });
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

const ready: ServerChildReady = { url: `http://127.0.0.1:${address.port}`, key };
process.stdout.write(`${JSON.stringify(ready)}\n`);
