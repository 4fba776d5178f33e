/**
 * Which databases the server tests run against. SQLite always. PostgreSQL when it answers at
 * ROWLOOM_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test); when it does not,
 * the suite is skipped with a message saying so, unless ROWLOOM_REQUIRE_POSTGRES=1 (CI sets it),
 * which makes its absence a failure.
 */
import pg from 'pg';

export const POSTGRES_URL = process.env.ROWLOOM_TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const POSTGRES_REQUIRED = process.env.ROWLOOM_REQUIRE_POSTGRES === '1';

let reachable: Promise<string | null> | null = null;

/**
 * Generous, and tried more than once: on a loaded two-core CI machine (two test files and a
 * browser at once) a first connection once took longer than 3 s, and a required PostgreSQL that is
 * merely slow must not fail a run.
 */
const PROBE_TIMEOUT_MS = 10_000;
const PROBE_ATTEMPTS = 3;

async function probeOnce(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `${POSTGRES_URL}: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** null when PostgreSQL answers; otherwise why not (the last attempt's reason). */
export function postgresProblem(): Promise<string | null> {
  reachable ??= (async () => {
    let problem: string | null = null;
    for (let attempt = 1; attempt <= PROBE_ATTEMPTS; attempt++) {
      problem = await probeOnce();
      if (problem === null || /ECONNREFUSED|ENOTFOUND|does not exist/.test(problem)) return problem;
    }
    return problem;
  })();
  return reachable;
}

export type DialectName = 'sqlite' | 'postgres';

/**
 * For node:test's `describe(..., { skip })`: false to run, or the reason it is skipped.
 * Throws when PostgreSQL is required but missing, so the run fails.
 */
export async function skipUnlessAvailable(dialect: DialectName): Promise<false | string> {
  if (dialect === 'sqlite') return false;
  const problem = await postgresProblem();
  if (problem === null) return false;
  if (POSTGRES_REQUIRED)
    throw new Error(`PostgreSQL is required (ROWLOOM_REQUIRE_POSTGRES=1) but unavailable: ${problem}`);
  process.stderr.write(`NOTE: the PostgreSQL suite is SKIPPED: ${problem}\n`);
  return `PostgreSQL unavailable (${problem})`;
}
