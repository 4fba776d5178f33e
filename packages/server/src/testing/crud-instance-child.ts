/**
 * Test support: another server instance in its own process (as a scaled-out deployment runs),
 * serving CRUD requests on the same database. Reads one JSON line of setup from stdin (where
 * the database is, which mock API and user), then JSON lines {n, route, call} and answers
 * {n, reply} or {n, error} on stdout. A second instance in the tests' own process would share
 * its thread, which SQLite's busy wait (synchronous in better-sqlite3) would block.
 */
import { createInterface } from 'node:readline';
import { GenerationPool } from '@rowloom/core';
import { DatasetTexts } from '../features/datasets/dataset-texts.js';
import type { Store } from '../db/open-database.js';
import type { TestDatabase } from './server-fixture.js';
import type { MockRoute } from '@rowloom/contract';
import { serveCrud } from '../features/mocks/crud/crud-collection.js';
import { openStoreOn, type Call } from './crud-test-kit.js';

interface Setup {
  database: Pick<TestDatabase, 'dialect' | 'sqliteFile' | 'postgresSchema'>;
  mockApiId: string;
  userId: string;
}

let setup: Setup | null = null;
let store: Store | null = null;
const pool = new GenerationPool({ maxThreads: 1 });
const datasetTexts = new DatasetTexts();
const lines = createInterface({ input: process.stdin });

async function handle(line: string): Promise<void> {
  const message = JSON.parse(line) as { n: number; route: MockRoute; call: Call };
  try {
    const { call } = message;
    const reply = await serveCrud(
      { db: store!.db, pool, datasetTexts },
      {
        mockApiId: setup!.mockApiId,
        userId: setup!.userId,
        route: message.route,
        method: call.method ?? 'GET',
        key: call.key ?? null,
        query: call.query ?? {},
        body: call.body,
      },
    );
    process.stdout.write(JSON.stringify({ n: message.n, reply }) + '\n');
  } catch (error) {
    process.stdout.write(JSON.stringify({ n: message.n, error: String((error as Error).stack ?? error) }) + '\n');
  }
}

lines.on('line', (line) => {
  if (setup === null) {
    setup = JSON.parse(line) as Setup;
    void openStoreOn(setup.database).then((opened) => {
      store = opened;
      process.stdout.write(JSON.stringify({ ready: true }) + '\n');
    });
    return;
  }
  void handle(line);
});
lines.on('close', () => {
  void Promise.all([store?.close(), pool.close()]).then(() => process.exit(0));
});
