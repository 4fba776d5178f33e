/**
 * MariaDB/MySQL for the load tests: at ROWLOOM_TEST_MYSQL_URL (default
 * mysql://root@127.0.0.1:3306/test). When it does not answer, the suite is skipped with a
 * message saying so, unless CI=true or ROWLOOM_REQUIRE_MYSQL=1 (then its absence fails).
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';

export const MYSQL_URL = process.env.ROWLOOM_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';
export const MYSQL_REQUIRED = process.env.ROWLOOM_REQUIRE_MYSQL === '1' || process.env.CI === 'true';

/** For describe(..., { skip }): false to run, or why not; throws when MariaDB is required but missing. */
export async function skipUnlessMysql(): Promise<false | string> {
  let problem: string | null = null;
  try {
    // Generous: on a loaded CI machine a first connection can take longer than 3 s.
    const connection = await mysql.createConnection({ uri: MYSQL_URL, connectTimeout: 10_000 });
    await connection.end();
  } catch (error) {
    problem = `${MYSQL_URL}: ${(error as Error).message || String(error)}`;
  }
  if (problem === null) return false;
  if (MYSQL_REQUIRED)
    throw new Error(`MariaDB/MySQL is required (CI=true or ROWLOOM_REQUIRE_MYSQL=1) but unavailable: ${problem}`);
  process.stderr.write(`NOTE: the MariaDB/MySQL suite is SKIPPED: ${problem}\n`);
  return `MariaDB/MySQL unavailable (${problem})`;
}

/** A database of its own for one test run; `drop` removes it. */
export async function scratchMysqlDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rowloom_load_${randomBytes(4).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: MYSQL_URL });
  await admin.query(`create database ${name} character set utf8mb4`);
  await admin.end();
  const url = new URL(MYSQL_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = await mysql.createConnection({ uri: MYSQL_URL });
      await c.query(`drop database if exists ${name}`);
      await c.end();
    },
  };
}
