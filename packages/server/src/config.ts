/**
 * Configuration from the environment, with the defaults a fresh install runs on:
 *   PORT (3000), HOST (0.0.0.0), DATABASE_URL (unset: SQLite at $DATA_DIR/rowloom.sqlite),
 *   DATA_DIR (./data), BODY_LIMIT_BYTES (10 MiB), ROWLOOM_PLANS (JSON overriding plan limits).
 */
import { join, resolve } from 'node:path';
import { DEFAULT_PLANS, parsePlanOverrides, type Plans } from './plans.js';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  sqliteFile: string;
  bodyLimitBytes: number;
  plans: Plans;
}

function integerFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${text}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port: integerFrom(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    sqliteFile: join(dataDir, 'rowloom.sqlite'),
    bodyLimitBytes: integerFrom(env, 'BODY_LIMIT_BYTES', 10 * 1024 * 1024),
    plans: env.ROWLOOM_PLANS ? parsePlanOverrides(env.ROWLOOM_PLANS) : DEFAULT_PLANS,
  };
}
