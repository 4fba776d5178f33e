/**
 * Configuration from the environment, with the defaults a fresh install runs on:
 *   PORT (3000), HOST (0.0.0.0), DATABASE_URL (unset: SQLite at $DATA_DIR/rowloom.sqlite),
 *   DATA_DIR (./data), BODY_LIMIT_BYTES (10 MiB: files), JSON_BODY_LIMIT_BYTES (1 MiB), ROWLOOM_PLANS (JSON overriding plan limits),
 *   ROWLOOM_TIME_LIMIT_SECONDS (600; 0 for none: the longest one generate request may run),
 *   PUBLIC_URL (unset: each request's own scheme and host; the address image URLs point at),
 *   ROWLOOM_MOCK_HOST_SUFFIX (unset: mock APIs have no host names of their own; mocks.example.com:
 *   a mock API may answer at users.mocks.example.com), ROWLOOM_MOCK_ORIGIN (unset: /mock/<slug>
 *   is served on the app's origin; https://mocks.example.net: there instead, see
 *   mock-origin-config.ts), ROWLOOM_PUBLIC_MOCK_RATE (20 requests a second per public mock API
 *   and instance; 0: none), ROWLOOM_MOCK_PROXY_HOSTS (unset: no mock API proxies; a.example.com,
 *   .example.net, 127.0.0.1 or *: the back ends a mock API's `proxy` may name), ROWLOOM_COMPRESSION (on: answers compressed for clients that ask;
 *   off: never, for a reverse proxy that compresses), and the limits that keep one request from holding the server (see
 *   ConcurrencyConfig).
 * Accounts (docs/accounts.md): ROWLOOM_SIGNUP (open | domains | invite; default open),
 *   ROWLOOM_SIGNUP_DOMAINS (a,b for "domains"), ROWLOOM_SIGNUP_PLAN (free), ROWLOOM_SECRET (seals
 *   API keys and signs the known-device cookie; unset: a random one kept in the database),
 *   ROWLOOM_SIGNIN_ATTEMPTS (10 failed sign-ins per email from one address or known browser per
 *   15 minutes), ROWLOOM_SIGNIN_ATTEMPTS_PER_IP (30 per client address),
 *   ROWLOOM_SIGNIN_ATTEMPTS_PER_EMAIL (100 per email from browsers it does not know),
 *   ROWLOOM_TRUST_PROXY (0: reverse proxies in front, whose X-Forwarded-For entries are believed).
 * Background jobs (docs/downloads-api.md, docs/jobs.md): ROWLOOM_DOWNLOAD_RETENTION_HOURS (24: how
 *   long a finished file is kept), ROWLOOM_MAX_JOB_RECORDS (10 billion: the most rows one job may
 *   ask for), ROWLOOM_MAX_JOBS_PER_USER (10 queued or running at once; 0: no cap),
 *   ROWLOOM_SHARD_ROWS (250,000 rows per shard), ROWLOOM_RECONCILE_SECONDS (30: how often jobs are
 *   held against the queue), ROWLOOM_METRICS_TOKEN (unset: GET /metrics for admins only).
 * Loads (docs/relations.md): ROWLOOM_LOAD_TARGETS (unset: none; JSON naming the databases a
 *   project may be loaded into from the page, see features/loads/load-targets.ts).
 */
import { proxyHostsFrom, type ProxyHosts } from './features/mocks/proxy-hosts.js';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_INLINE_POLICY } from '@rowloom/core';
import type { AccountsConfig } from './features/accounts/accounts-config.js';
import type { SignupMode } from './features/accounts/signup-policy.js';
import { mockOriginConfigFrom } from './mock-origin-config.js';
import { loadTargetsFrom, type LoadTarget } from './features/loads/load-targets.js';
import { DEFAULT_PLANS, parsePlanOverrides, type Plans } from './users/plans.js';
import { DEFAULT_PUBLIC_MOCK_RATE } from './features/mocks/serve/public-budget.js';
import { ConfigError } from './startup.js';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  sqliteFile: string;
  bodyLimitBytes: number;
  /** JSON_BODY_LIMIT_BYTES: the largest JSON body (fields, documents, a mock client's request); files may be up to bodyLimitBytes. */
  jsonBodyLimitBytes: number;
  plans: Plans;
  /** The longest a generate request may run before it is cut off; null for no limit. */
  timeLimitMs: number | null;
  /** Where clients reach this server (no trailing slash), for Avatar and Dummy Image URLs; null: the request's own. */
  publicUrl: string | null;
  /** ROWLOOM_MOCK_HOST_SUFFIX: mock APIs may have host names under it (users.<suffix>); null: off. */
  mockHostSuffix: string | null;
  /** ROWLOOM_PUBLIC_MOCK_RATE: requests a second one public mock API answers on this instance (0: no limit). */
  publicMockRate: number;
  /** ROWLOOM_MOCK_PROXY_HOSTS: the back ends mock APIs may proxy to (default none). */
  mockProxyHosts: ProxyHosts;
  /** ROWLOOM_MOCK_ORIGIN: the origin /mock/<slug>/... is served from (the app redirects there); null: the app's own. */
  mockOrigin: string | null;
  /**
   * ROWLOOM_TRUST_PROXY: how many reverse proxies stand in front (0, the default: none). With 1,
   * the client address is taken from X-Forwarded-For's last entry, so the per-address sign-in
   * limit counts clients rather than the proxy. Never set it without a proxy: clients could
   * then claim any address.
   */
  trustProxy: number;
  /** ROWLOOM_METRICS_TOKEN: GET /metrics also answers `Authorization: Bearer <it>` (besides an admin's key); null: admins only. */
  metricsToken: string | null;
  /** ROWLOOM_COMPRESSION: answers are compressed for clients that ask (on, the default); off when a reverse proxy does it. */
  compression: boolean;
  concurrency: ConcurrencyConfig;
  accounts: AccountsConfig;
  downloads: DownloadsConfig;
  /** ROWLOOM_LOAD_TARGETS: the databases projects may be loaded into from the server (none by default). */
  loadTargets?: LoadTarget[];
}

/** The downloads API's settings (the queue and the store are the job engine's). */
export interface DownloadsConfig {
  /** ROWLOOM_DOWNLOAD_RETENTION_HOURS: a finished file is removed this long after it is made. */
  retentionMs: number;
  /** ROWLOOM_MAX_JOB_RECORDS: the most rows one job may ask for, whatever the plan. */
  maxJobRecords: number;
  /** How often the retention sweep runs (every minute; tests make it shorter). */
  sweepEveryMs?: number;
  /** ROWLOOM_SHARD_ROWS: rows per shard (default DEFAULT_SHARD_ROWS); tests make it smaller to see several shards. */
  shardRows?: number;
  /** ROWLOOM_MAX_JOBS_PER_USER: jobs one user may have queued or running at once (null: no cap). */
  maxActiveJobs?: number | null;
  /** ROWLOOM_RECONCILE_SECONDS: how often unfinished jobs are held against the queue and the store (default 30 s). */
  reconcileEveryMs?: number;
  /** A queued job the queue does not know is left alone this long (default 60 s: its server may be queuing it). */
  reconcileGraceMs?: number;
  /** A running job that made no rows for this long shows as waiting (default 5 s). */
  stallMs?: number;
}

export const DEFAULT_MAX_JOBS_PER_USER = 10;
export const DEFAULT_DOWNLOADS: DownloadsConfig = {
  retentionMs: 24 * 3_600_000,
  maxJobRecords: 10_000_000_000,
  maxActiveJobs: DEFAULT_MAX_JOBS_PER_USER,
};

function downloadsFrom(env: NodeJS.ProcessEnv): DownloadsConfig {
  const hours = env.ROWLOOM_DOWNLOAD_RETENTION_HOURS?.trim();
  let retentionMs = DEFAULT_DOWNLOADS.retentionMs;
  if (hours) {
    // Fractions are allowed (0.25 = 15 minutes), for tests and small disks.
    const n = Number(hours);
    if (!Number.isFinite(n) || n <= 0 || n > 24 * 365)
      throw new ConfigError(
        `ROWLOOM_DOWNLOAD_RETENTION_HOURS must be a number of hours above 0 (such as 24 or 0.5), got "${hours}"`,
      );
    retentionMs = Math.round(n * 3_600_000);
  }
  const maxJobRecords = integerFrom(env, 'ROWLOOM_MAX_JOB_RECORDS', DEFAULT_DOWNLOADS.maxJobRecords);
  if (maxJobRecords === 0) throw new ConfigError('ROWLOOM_MAX_JOB_RECORDS must be at least 1, got "0"');
  // 0: no cap (a server with one trusted user).
  const maxActiveJobs = integerFrom(env, 'ROWLOOM_MAX_JOBS_PER_USER', DEFAULT_MAX_JOBS_PER_USER) || null;
  const shardRows = env.ROWLOOM_SHARD_ROWS ? integerFrom(env, 'ROWLOOM_SHARD_ROWS', 0) || undefined : undefined;
  const reconcile = env.ROWLOOM_RECONCILE_SECONDS?.trim();
  let reconcileEveryMs: number | undefined;
  if (reconcile) {
    const n = Number(reconcile);
    if (!Number.isFinite(n) || n < 0.1 || n > 3600)
      throw new ConfigError(
        `ROWLOOM_RECONCILE_SECONDS must be a number of seconds from 0.1 to 3600 (such as 30), got "${reconcile}"`,
      );
    reconcileEveryMs = Math.round(n * 1000);
  }
  return { retentionMs, maxJobRecords, maxActiveJobs, shardRows, reconcileEveryMs };
}

/** How the server shares its threads and memory between requests (docs/configuration.md: Fair sharing). */
export interface ConcurrencyConfig {
  /** ROWLOOM_MAX_WORKERS: generation threads, shared by every request (default: cores + 1, one being the express lane). */
  maxWorkers: number;
  /** ROWLOOM_WORKER_MEMORY_MB: heap limit of each generation thread. */
  workerMemoryMb: number;
  /** ROWLOOM_MAX_CONCURRENT_GENERATIONS: generate requests streaming at once (they take turns on the threads). */
  maxGenerations: number;
  /** ROWLOOM_MAX_CONCURRENT_IMAGES: image renderings in progress at once (on one thread of their own). */
  maxImageRenders: number;
  /** ROWLOOM_MAX_CONCURRENT_UPLOADS: dataset uploads read at once (each on a thread of its own, one per key). */
  maxUploads: number;
  /** ROWLOOM_QUEUE_SECONDS: how long a request past those caps waits for a place before a 503. */
  queueWaitMs: number;
  /** ROWLOOM_STALL_SECONDS: a response whose client reads nothing for this long is closed. */
  stallMs: number;
  /**
   * ROWLOOM_INLINE_ROWS: requests of at most this many small rows start on the thread that
   * answers requests, for a short slice (core engine/inline-rows.ts); 0: every row is made on the
   * generation threads (for machines with many cores, where that thread is the bottleneck).
   */
  inlineRows: number;
}

export function defaultConcurrency(): ConcurrencyConfig {
  return {
    maxWorkers: availableParallelism() + 1,
    workerMemoryMb: 512,
    maxGenerations: 32,
    maxImageRenders: 8,
    maxUploads: 2,
    queueWaitMs: 5000,
    stallMs: 30_000,
    inlineRows: DEFAULT_INLINE_POLICY.maxRows,
  };
}

/** 1 MiB: a thousand fields with long Custom Lists fit; parsing it takes the main thread a few ms. */
export const DEFAULT_JSON_BODY_LIMIT = 1024 * 1024;

/** Ten minutes: 500 million CSV rows at engine speed; far beyond any plan-limited request. */
export const DEFAULT_TIME_LIMIT_SECONDS = 600;

function integerFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0) throw new ConfigError(`${name} must be a whole number, got "${text}"`);
  return n;
}

function portFrom(env: NodeJS.ProcessEnv): number {
  const port = integerFrom(env, 'PORT', 3000);
  if (port > 65535) throw new ConfigError(`PORT must be a port number from 0 to 65535, got "${env.PORT}"`);
  return port;
}

function publicUrlFrom(env: NodeJS.ProcessEnv): string | null {
  const text = env.PUBLIC_URL;
  if (text === undefined || text.trim() === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(text.trim());
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new ConfigError(
      `PUBLIC_URL must be an http or https address such as https://rowloom.example.com, got "${text}"`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

function plansFrom(json: string): Plans {
  try {
    return parsePlanOverrides(json);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

const SIGNUP_MODES: readonly SignupMode[] = ['open', 'domains', 'invite'];
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

function accountsFrom(env: NodeJS.ProcessEnv, plans: Plans): AccountsConfig {
  const mode = (env.ROWLOOM_SIGNUP || 'open').trim().toLowerCase();
  if (!(SIGNUP_MODES as readonly string[]).includes(mode))
    throw new ConfigError(`ROWLOOM_SIGNUP must be one of ${SIGNUP_MODES.join(', ')}, got "${env.ROWLOOM_SIGNUP}"`);
  const domains = (env.ROWLOOM_SIGNUP_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const badDomain = domains.find((d) => !DOMAIN.test(d));
  if (badDomain !== undefined)
    throw new ConfigError(
      `ROWLOOM_SIGNUP_DOMAINS must be domains separated by commas, such as example.com,example.org; "${badDomain}" is not one`,
    );
  if (mode === 'domains' && domains.length === 0)
    throw new ConfigError('ROWLOOM_SIGNUP=domains needs ROWLOOM_SIGNUP_DOMAINS, such as example.com,example.org');
  const plan = env.ROWLOOM_SIGNUP_PLAN?.trim() || 'free';
  if (!(plan in plans))
    throw new ConfigError(`ROWLOOM_SIGNUP_PLAN must be one of ${Object.keys(plans).join(', ')}, got "${plan}"`);
  const attempts = integerFrom(env, 'ROWLOOM_SIGNIN_ATTEMPTS', 10);
  const attemptsPerIp = integerFrom(env, 'ROWLOOM_SIGNIN_ATTEMPTS_PER_IP', 30);
  const attemptsPerEmail = integerFrom(env, 'ROWLOOM_SIGNIN_ATTEMPTS_PER_EMAIL', 100);
  // Below the per-client limit, one address alone could lock everyone out of an account.
  if (attemptsPerEmail < attempts)
    throw new ConfigError(
      `ROWLOOM_SIGNIN_ATTEMPTS_PER_EMAIL (${attemptsPerEmail}) must be at least ROWLOOM_SIGNIN_ATTEMPTS (${attempts}), or one address alone could lock an account`,
    );
  return {
    signup: { mode: mode as SignupMode, domains, plan },
    secret: env.ROWLOOM_SECRET ? env.ROWLOOM_SECRET : null,
    signInLimit: {
      perEmailPerClient: attempts,
      perIp: attemptsPerIp,
      perEmail: attemptsPerEmail,
      windowMs: 15 * 60 * 1000,
    },
  };
}

/** Throws a ConfigError naming the variable when one is malformed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  const plans = env.ROWLOOM_PLANS ? plansFrom(env.ROWLOOM_PLANS) : DEFAULT_PLANS;
  const publicUrl = publicUrlFrom(env);
  return {
    port: portFrom(env),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    sqliteFile: join(dataDir, 'rowloom.sqlite'),
    bodyLimitBytes: integerFrom(env, 'BODY_LIMIT_BYTES', 10 * 1024 * 1024),
    jsonBodyLimitBytes: integerFrom(env, 'JSON_BODY_LIMIT_BYTES', DEFAULT_JSON_BODY_LIMIT),
    plans,
    timeLimitMs: integerFrom(env, 'ROWLOOM_TIME_LIMIT_SECONDS', DEFAULT_TIME_LIMIT_SECONDS) * 1000 || null,
    publicUrl,
    ...mockOriginConfigFrom(env, publicUrl),
    publicMockRate: integerFrom(env, 'ROWLOOM_PUBLIC_MOCK_RATE', DEFAULT_PUBLIC_MOCK_RATE),
    mockProxyHosts: mockProxyHostsFrom(env),
    trustProxy: integerFrom(env, 'ROWLOOM_TRUST_PROXY', 0),
    metricsToken: metricsTokenFrom(env),
    compression: compressionFrom(env),
    concurrency: concurrencyFrom(env),
    accounts: accountsFrom(env, plans),
    downloads: downloadsFrom(env),
    loadTargets: loadTargetsFrom(env.ROWLOOM_LOAD_TARGETS),
  };
}

function mockProxyHostsFrom(env: NodeJS.ProcessEnv): ProxyHosts {
  try {
    return proxyHostsFrom(env.ROWLOOM_MOCK_PROXY_HOSTS);
  } catch (error) {
    throw new ConfigError(
      `ROWLOOM_MOCK_PROXY_HOSTS must be host names, addresses or .domains separated by commas, or *: ${(error as Error).message}`,
    );
  }
}

function compressionFrom(env: NodeJS.ProcessEnv): boolean {
  const value = (env.ROWLOOM_COMPRESSION ?? '').trim().toLowerCase();
  if (value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new ConfigError(`ROWLOOM_COMPRESSION must be on or off, got "${env.ROWLOOM_COMPRESSION}"`);
}

function metricsTokenFrom(env: NodeJS.ProcessEnv): string | null {
  const token = env.ROWLOOM_METRICS_TOKEN?.trim();
  if (!token) return null;
  // A guessable token would open the figures to anyone: ask for a real secret.
  if (token.length < 16)
    throw new ConfigError(
      'ROWLOOM_METRICS_TOKEN must be at least 16 characters (for example the output of `openssl rand -hex 24`)',
    );
  return token;
}

function positiveFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = integerFrom(env, name, fallback);
  if (n === 0) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
  return n;
}

function concurrencyFrom(env: NodeJS.ProcessEnv): ConcurrencyConfig {
  const defaults = defaultConcurrency();
  return {
    maxWorkers: positiveFrom(env, 'ROWLOOM_MAX_WORKERS', defaults.maxWorkers),
    workerMemoryMb: positiveFrom(env, 'ROWLOOM_WORKER_MEMORY_MB', defaults.workerMemoryMb),
    maxGenerations: positiveFrom(env, 'ROWLOOM_MAX_CONCURRENT_GENERATIONS', defaults.maxGenerations),
    maxImageRenders: positiveFrom(env, 'ROWLOOM_MAX_CONCURRENT_IMAGES', defaults.maxImageRenders),
    maxUploads: positiveFrom(env, 'ROWLOOM_MAX_CONCURRENT_UPLOADS', defaults.maxUploads),
    queueWaitMs: integerFrom(env, 'ROWLOOM_QUEUE_SECONDS', defaults.queueWaitMs / 1000) * 1000,
    stallMs: positiveFrom(env, 'ROWLOOM_STALL_SECONDS', defaults.stallMs / 1000) * 1000,
    inlineRows: integerFrom(env, 'ROWLOOM_INLINE_ROWS', defaults.inlineRows),
  };
}
