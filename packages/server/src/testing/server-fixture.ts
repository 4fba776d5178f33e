/**
 * A real server for tests: the app on an ephemeral loopback port, over a real SQLite file or a
 * fresh PostgreSQL schema; `close()` removes the file or drops the schema.
 */
import type { ProxyHosts } from '../features/mocks/proxy-hosts.js';
import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { GenerationPool } from '@rowloom/core';
import pg from 'pg';
import { DEFAULT_ACCOUNTS, type AccountsConfig } from '../features/accounts/accounts-config.js';
import type { SignupPolicy } from '../features/accounts/signup-policy.js';
import { buildApp } from '../app.js';
import { DEFAULT_DOWNLOADS, defaultConcurrency, type ConcurrencyConfig, type DownloadsConfig } from '../config.js';
import type { ArtifactStore, JobRunner } from '../jobs/job-contract.js';
import { DirectoryStore } from '../jobs/store/fs-store.js';
import { openStore, type Store } from '../db/open-database.js';
import { DEFAULT_PLANS, type Plans } from '../users/plans.js';
import { createUser } from '../users/users-store.js';
import { POSTGRES_URL, type DialectName } from './databases.js';
import type { LoadTarget } from '../features/loads/load-targets.js';

export interface TestServer {
  url: string;
  store: Store;
  app: FastifyInstance;
  /** Makes a user on the plan and returns its key. */
  userKey(plan?: string): Promise<string>;
  /**
   * Signs up through POST /api/session/signup (a fresh address and password when not given):
   * `cookie` goes in a Cookie header, `csrfToken` in X-CSRF-Token on writes. Throws unless 200.
   */
  signUp(email?: string, password?: string): Promise<SignedUp>;
  close(): Promise<void>;
}

export interface SignedUp {
  /** "rowloom_session=...", ready for a Cookie request header. */
  cookie: string;
  csrfToken: string;
  email: string;
  password: string;
}

export interface TestServerOptions {
  plans?: Plans;
  /** ROWLOOM_MOCK_PROXY_HOSTS (default none). */
  mockProxyHosts?: ProxyHosts;
  bodyLimitBytes?: number;
  timeLimitMs?: number;
  ownsDatabase?: boolean;
  logLevel?: string;
  logStream?: { write(line: string): void };
  /** Sign-up policy; open by default in tests. */
  signup?: Partial<SignupPolicy>;
  /** The rest of the accounts configuration (rate limits, secret); tests default to a generous per-address limit. */
  accounts?: Partial<AccountsConfig>;
  publicUrl?: string;
  /** ROWLOOM_MOCK_HOST_SUFFIX: mock APIs may have host names under it. */
  mockHostSuffix?: string;
  /** ROWLOOM_PUBLIC_MOCK_RATE; tests default to none (they call public mocks in tight loops). */
  publicMockRate?: number;
  /** ROWLOOM_MOCK_ORIGIN: /mock/... is served there, the app redirects to it. */
  mockOrigin?: string;
  /** Reverse proxies in front (X-Forwarded-For hops to trust). */
  trustProxy?: number;
  /** Background jobs' settings (retention...); their files go to a directory beside the test database. */
  downloads?: Partial<DownloadsConfig>;
  /** How the server shares its threads (the defaults, with these changed). */
  concurrency?: Partial<ConcurrencyConfig>;
  /** ROWLOOM_METRICS_TOKEN. */
  metricsToken?: string;
  /** ROWLOOM_COMPRESSION (default on). */
  compression?: boolean;
  /** ROWLOOM_LOAD_TARGETS: databases projects may be loaded into (default none). */
  loadTargets?: LoadTarget[];
  /** The generation threads (the server closes them); default: the app's own, from `concurrency`. */
  pool?: GenerationPool;
  /** The job queue (a BullMQ runner); default: in-process, whatever REDIS_URL says. */
  jobRunner?: (store: ArtifactStore) => JobRunner;
}

/** The test client is one address for every test: only the per-email limit keeps its production value. */
const TEST_ACCOUNTS: AccountsConfig = {
  ...DEFAULT_ACCOUNTS,
  signInLimit: { ...DEFAULT_ACCOUNTS.signInLimit, perIp: 10_000 },
};

async function signUpThrough(
  url: string,
  email = `user-${randomBytes(5).toString('hex')}@example.com`,
  password = randomBytes(12).toString('base64url'),
): Promise<SignedUp> {
  const response = await fetch(`${url}/api/session/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`sign-up of ${email} answered ${response.status}: ${text}`);
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('rowloom_session='));
  if (!setCookie) throw new Error('sign-up set no rowloom_session cookie');
  return {
    cookie: setCookie.split(';', 1)[0],
    csrfToken: (JSON.parse(text) as { csrfToken: string }).csrfToken,
    email,
    password,
  };
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

export async function startTestServer(database: TestDatabase, options: TestServerOptions = {}): Promise<TestServer> {
  const store = await openStore({
    databaseUrl: database.dialect === 'postgres' ? POSTGRES_URL : null,
    sqliteFile: database.sqliteFile,
    postgresSchema: database.postgresSchema,
  });
  const accounts: AccountsConfig = {
    ...TEST_ACCOUNTS,
    ...options.accounts,
    signup: { ...TEST_ACCOUNTS.signup, ...options.accounts?.signup, ...options.signup },
  };
  const config = {
    plans: options.plans ?? DEFAULT_PLANS,
    bodyLimitBytes: options.bodyLimitBytes ?? 10 * 1024 * 1024,
    timeLimitMs: options.timeLimitMs ?? null,
    accounts,
    publicUrl: options.publicUrl ?? null,
    mockHostSuffix: options.mockHostSuffix ?? null,
    mockOrigin: options.mockOrigin ?? null,
    publicMockRate: options.publicMockRate ?? 0,
    trustProxy: options.trustProxy ?? 0,
    metricsToken: options.metricsToken ?? null,
    compression: options.compression ?? true,
    loadTargets: options.loadTargets ?? [],
    mockProxyHosts: options.mockProxyHosts ?? [],
    ...(options.concurrency ? { concurrency: { ...defaultConcurrency(), ...options.concurrency } } : {}),
  };
  const artifacts = new DirectoryStore(join(dirname(database.sqliteFile), 'downloads'));
  const jobs = { store: artifacts, runner: options.jobRunner?.(artifacts) ?? ('in-process' as const) };
  const app = await buildApp({
    store,
    config: { ...config, downloads: { ...DEFAULT_DOWNLOADS, ...options.downloads } },
    logLevel: options.logLevel,
    logStream: options.logStream,
    jobs,
    pool: options.pool,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    store,
    app,
    userKey: async (plan = 'unlimited') =>
      (await createUser(store.db, `user-${randomBytes(5).toString('hex')}@example.com`, plan)).key,
    signUp: (email, password) => signUpThrough(url, email, password),
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
export function serverForSuite(
  dialect: DialectName,
  options: TestServerOptions = {},
): { server: TestServer; key: string } {
  const suite = { server: undefined as unknown as TestServer, key: '' };
  before(async () => {
    suite.server = await startTestServer(newTestDatabase(dialect), options);
    suite.key = await suite.server.userKey('unlimited');
  });
  after(() => suite.server.close());
  return suite;
}
