/**
 * A real server for tests: the app on an ephemeral loopback port, over a real SQLite file or a
 * fresh PostgreSQL schema; `close()` removes the file or drops the schema.
 */
import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { openStore, type Store } from '../db/open-database.js';
import { DEFAULT_PLANS, type Plans } from '../plans.js';
import { createUser } from '../users.js';
import { POSTGRES_URL, type DialectName } from './databases.js';

export interface TestServer {
  url: string;
  store: Store;
  app: FastifyInstance;
  /** Makes a user on the plan and returns its key. */
  userKey(plan?: string): Promise<string>;
  close(): Promise<void>;
}

/** Where a test database lives; pass the same location to a second server to share it. */
export interface TestDatabase {
  dialect: DialectName;
  sqliteFile: string;
  postgresSchema: string;
  drop(): Promise<void>;
}

export function newTestDatabase(dialect: DialectName): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'rowloom-test-'));
  const postgresSchema = `rowloom_test_${randomBytes(6).toString('hex')}`;
  return {
    dialect,
    sqliteFile: join(dir, 'rowloom.sqlite'),
    postgresSchema,
    async drop() {
      rmSync(dir, { recursive: true, force: true });
      if (dialect === 'postgres') {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        try {
          await client.query(`drop schema if exists "${postgresSchema}" cascade`);
        } finally {
          await client.end();
        }
      }
    },
  };
}

export async function startTestServer(database: TestDatabase, options: { plans?: Plans; bodyLimitBytes?: number; timeLimitMs?: number; ownsDatabase?: boolean; logLevel?: string; logStream?: { write(line: string): void } } = {}): Promise<TestServer> {
  const store = await openStore({
    databaseUrl: database.dialect === 'postgres' ? POSTGRES_URL : null,
    sqliteFile: database.sqliteFile,
    postgresSchema: database.postgresSchema,
  });
  const app = await buildApp({ store, config: { plans: options.plans ?? DEFAULT_PLANS, bodyLimitBytes: options.bodyLimitBytes ?? 10 * 1024 * 1024, timeLimitMs: options.timeLimitMs ?? null }, logLevel: options.logLevel, logStream: options.logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    store,
    app,
    userKey: async (plan = 'unlimited') => (await createUser(store.db, `user-${randomBytes(5).toString('hex')}@example.com`, plan)).key,
    async close() {
      await app.close();
      await store.close();
      if (options.ownsDatabase !== false) await database.drop();
    },
  };
}

/**
 * For a describe() block: a test server on `dialect`, started before its tests with an unlimited
 * user's key, and closed after them. Tests read `suite.server` and `suite.key`.
 */
export function serverForSuite(dialect: DialectName): { server: TestServer; key: string } {
  const suite = { server: undefined as unknown as TestServer, key: '' };
  before(async () => {
    suite.server = await startTestServer(newTestDatabase(dialect));
    suite.key = await suite.server.userKey('unlimited');
  });
  after(() => suite.server.close());
  return suite;
}
