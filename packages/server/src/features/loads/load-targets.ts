/**
 * The databases a project may be loaded into from the server (ROWLOOM_LOAD_TARGETS), named by
 * the operator. Users pick a name, never an address: a server that connected wherever a user
 * said would let anyone reach the databases on its network. JSON, each name to a database URL
 * (as `rowloom seed --db` takes it), or to {"url", "users"} to open it to some accounts only:
 *   {"staging": "postgres://app@db:5432/staging",
 *    "alice-sandbox": {"url": "sqlite:/var/lib/rowloom/alice.db", "users": ["alice@example.com"]}}
 */
import type { LoadTarget as PublicTarget } from '@rowloom/contract';
import { parseDatabaseUrl } from '../../databases/index.js';
import { ConfigError } from '../../startup.js';

export interface LoadTarget {
  name: string;
  url: string;
  dialect: PublicTarget['dialect'];
  /** Emails (lower case) that may use it; null: every account. */
  users: string[] | null;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const SETTING = 'ROWLOOM_LOAD_TARGETS';

export function loadTargetsFrom(text: string | undefined): LoadTarget[] {
  if (!text?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${SETTING} must be JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ConfigError(`${SETTING} must be a JSON object of target names to database URLs`);
  return Object.entries(parsed).map(([name, value]) => targetOf(name, value));
}

function targetOf(name: string, value: unknown): LoadTarget {
  if (!NAME.test(name))
    throw new ConfigError(`${SETTING}: target name "${name}" must be letters, digits, _, . and - (at most 100)`);
  const { url, users } = typeof value === 'string' ? { url: value, users: undefined } : shapeOf(name, value);
  let dialect: LoadTarget['dialect'];
  try {
    dialect = parseDatabaseUrl(url).dialect as LoadTarget['dialect'];
  } catch (error) {
    throw new ConfigError(`${SETTING}: target "${name}": ${(error as Error).message}`);
  }
  return { name, url, dialect, users: users?.map((email) => email.toLowerCase()) ?? null };
}

function shapeOf(name: string, value: unknown): { url: string; users?: string[] } {
  const shape = value as { url?: unknown; users?: unknown } | null;
  const usersOk =
    shape?.users === undefined || (Array.isArray(shape.users) && shape.users.every((user) => typeof user === 'string'));
  if (typeof shape?.url !== 'string' || !usersOk)
    throw new ConfigError(
      `${SETTING}: target "${name}" must be a database URL or {"url": "...", "users": ["email", ...]}`,
    );
  return shape as { url: string; users?: string[] };
}

/** The targets this account may load into. */
export function targetsFor(targets: LoadTarget[], email: string): LoadTarget[] {
  const own = email.toLowerCase();
  return targets.filter((target) => target.users === null || target.users.includes(own));
}

/** What a user is told about a target: its name and kind, never its address. */
export function publicTarget(target: LoadTarget): PublicTarget {
  return { name: target.name, dialect: target.dialect };
}
