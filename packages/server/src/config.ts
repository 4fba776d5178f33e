/**
 * Configuration from the environment, with the defaults a fresh install runs on:
 *   PORT (3000), HOST (0.0.0.0), DATABASE_URL (unset: SQLite at $DATA_DIR/rowloom.sqlite),
 *   DATA_DIR (./data), BODY_LIMIT_BYTES (10 MiB), ROWLOOM_PLANS (JSON overriding plan limits),
 *   ROWLOOM_TIME_LIMIT_SECONDS (600; 0 for none: the longest one generate request may run),
 *   PUBLIC_URL (unset: each request's own scheme and host; the address image URLs point at).
 */
import { join, resolve } from 'node:path';
import { DEFAULT_PLANS, parsePlanOverrides, type Plans } from './plans.js';
import { ConfigError } from './startup.js';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  sqliteFile: string;
  bodyLimitBytes: number;
  plans: Plans;
  /** The longest a generate request may run before it is cut off; null for no limit. */
  timeLimitMs: number | null;
  /** Where clients reach this server (no trailing slash), for Avatar and Dummy Image URLs; null: the request's own. */
  publicUrl: string | null;
}

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
    throw new ConfigError(`PUBLIC_URL must be an http or https address such as https://rowloom.example.com, got "${text}"`);
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

/** Throws a ConfigError naming the variable when one is malformed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port: portFrom(env),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    sqliteFile: join(dataDir, 'rowloom.sqlite'),
    bodyLimitBytes: integerFrom(env, 'BODY_LIMIT_BYTES', 10 * 1024 * 1024),
    plans: env.ROWLOOM_PLANS ? plansFrom(env.ROWLOOM_PLANS) : DEFAULT_PLANS,
    timeLimitMs: integerFrom(env, 'ROWLOOM_TIME_LIMIT_SECONDS', DEFAULT_TIME_LIMIT_SECONDS) * 1000 || null,
    publicUrl: publicUrlFrom(env),
  };
}
