/**
 * For the CRUD collection tests: a real store (SQLite file or PostgreSQL schema), a real
 * generation pool, a user with saved schemas and a mock API row, and a way to send requests to
 * serveCrud. Not a test file itself.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { GenerationPool } from '@rowloom/core';
import { DatasetTexts } from '../features/datasets/dataset-texts.js';
import { openStore, type Store } from '../db/open-database.js';
import { POSTGRES_URL, type DialectName } from './databases.js';
import { newTestDatabase, type TestDatabase } from './server-fixture.js';
import { saveSchema } from '../features/schemas/schemas-store.js';
import { createUser } from '../users/users-store.js';
import type { CrudSettings, MockRoute } from '@rowloom/contract';
import { serveCrud } from '../features/mocks/crud/crud-collection.js';
import type { CrudReply } from '../features/mocks/crud/crud-contract.js';

export const PEOPLE = [
  { name: 'id', type: 'Row Number' },
  { name: 'first_name', type: 'First Name' },
  { name: 'age', type: 'Number', min: 18, max: 90, decimals: 0 },
  { name: 'role', type: 'Custom List', values: ['admin', 'editor', 'viewer'] },
  { name: 'address.city', type: 'City' },
];

export interface Kit {
  database: TestDatabase;
  store: Store;
  pool: GenerationPool;
  datasetTexts: DatasetTexts;
  userId: string;
  mockApiId: string;
  /** Another server instance in its own process, on the same database. */
  startInstance(): Promise<Instance>;
  close(): Promise<void>;
}

export function openStoreOn(database: Pick<TestDatabase, 'dialect' | 'sqliteFile' | 'postgresSchema'>): Promise<Store> {
  return openStore({
    databaseUrl: database.dialect === 'postgres' ? POSTGRES_URL : null,
    sqliteFile: database.sqliteFile,
    postgresSchema: database.postgresSchema,
  });
}

export async function openKit(dialect: DialectName): Promise<Kit> {
  const database = newTestDatabase(dialect);
  const store = await openStoreOn(database);
  const pool = new GenerationPool({ maxThreads: 1 });
  const { user } = await createUser(store.db, `crud-${randomBytes(4).toString('hex')}@example.com`, 'unlimited');
  await saveSchema(store.db, user.id, 'people', PEOPLE, 10);
  await saveSchema(store.db, user.id, 'tiny', [{ name: 'id', type: 'Row Number' }], 10);
  await saveSchema(store.db, user.id, 'nameless', [{ name: 'name', type: 'First Name' }], 10);
  const mockApiId = randomUUID();
  await store.db
    .insertInto('mock_apis')
    .values({
      id: mockApiId,
      user_id: user.id,
      name: 'shop',
      slug: `shop-${randomBytes(4).toString('hex')}`,
      host: null,
      project_id: null,
      document: '{}',
      updated_at: new Date().toISOString(),
    })
    .execute();
  const instances: Instance[] = [];
  return {
    database,
    store,
    pool,
    datasetTexts: new DatasetTexts(),
    userId: user.id,
    mockApiId,
    async startInstance() {
      const instance = await startInstance(database, mockApiId, user.id);
      instances.push(instance);
      return instance;
    },
    async close() {
      await pool.close();
      for (const instance of instances) await instance.close();
      await store.close();
      await database.drop();
    },
  };
}

export function crudRoute(id: string, crud: Partial<CrudSettings> = {}, path = '/users'): MockRoute {
  return { id, method: 'ANY', path, kind: 'crud', responses: [], crud: { schema: 'people', count: 25, ...crud } };
}

export interface Call {
  method?: string;
  key?: string | null;
  query?: Record<string, string>;
  body?: unknown;
  url?: string;
  /** Served by this other instance instead of the test's own. */
  via?: Instance;
}

/** A request to serveCrud, as the runtime would send it. */
export function serve(kit: Kit, route: MockRoute, call: Call = {}): Promise<CrudReply> {
  if (call.via) return call.via.serve(route, { ...call, via: undefined });
  return serveCrud(
    { db: kit.store.db, pool: kit.pool, datasetTexts: kit.datasetTexts },
    {
      mockApiId: kit.mockApiId,
      userId: kit.userId,
      route,
      method: call.method ?? 'GET',
      key: call.key ?? null,
      query: call.query ?? {},
      body: call.body,
      ...(call.url !== undefined ? { url: call.url } : {}),
    },
  );
}

export type Person = { id: number; first_name: string; age: number; role: string; address: { city: string } };

export async function list(kit: Kit, route: MockRoute, query: Record<string, string> = {}): Promise<Person[]> {
  const reply = await serve(kit, route, { query });
  if (reply.status !== 200) throw new Error(`list answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body as Person[];
}

/** Another server instance: a child process serving CRUD requests on the same database. */
export interface Instance {
  serve(route: MockRoute, call: Call): Promise<CrudReply>;
  close(): Promise<void>;
}

async function startInstance(database: TestDatabase, mockApiId: string, userId: string): Promise<Instance> {
  const script = fileURLToPath(new URL('./crud-instance-child.js', import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map<number, { resolve(reply: CrudReply): void; reject(error: Error): void }>();
  let ready: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as { ready?: boolean; n: number; reply?: CrudReply; error?: string };
    if (message.ready) return ready();
    const pending = waiting.get(message.n);
    waiting.delete(message.n);
    if (message.reply) pending?.resolve(message.reply);
    else pending?.reject(new Error(`the other instance failed: ${message.error}`));
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.stdin.write(
    JSON.stringify({
      database: { dialect: database.dialect, sqliteFile: database.sqliteFile, postgresSchema: database.postgresSchema },
      mockApiId,
      userId,
    }) + '\n',
  );
  await started;
  let next = 0;
  return {
    serve(route, call) {
      const n = next++;
      return new Promise((resolve, reject) => {
        waiting.set(n, { resolve, reject });
        child.stdin.write(JSON.stringify({ n, route, call }) + '\n');
      });
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
