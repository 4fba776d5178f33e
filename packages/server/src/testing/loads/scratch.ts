/** A database of its own per test run, on each of the three databases a load goes to. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { POSTGRES_URL, skipUnlessAvailable } from '../databases.js';
import { scratchMysqlDatabase, skipUnlessMysql } from './mysql.js';

export interface Scratch {
  url: string;
  drop(): Promise<void>;
}

export interface TestDatabase {
  name: 'postgres' | 'mysql' | 'sqlite';
  skip(): Promise<false | string>;
  scratch(): Promise<Scratch>;
}

/** A schema of its own, made the connection's search_path through the URL. */
async function scratchPostgres(): Promise<Scratch> {
  const schema = `rowloom_load_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  // %20, not URLSearchParams' +: libpq (psql) reads + as itself.
  url.search = `options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

async function scratchSqlite(): Promise<Scratch> {
  const dir = mkdtempSync(join(tmpdir(), 'rowloom-load-'));
  return { url: `sqlite:${join(dir, 'load.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

export const TEST_DATABASES: TestDatabase[] = [
  { name: 'postgres', skip: () => skipUnlessAvailable('postgres'), scratch: scratchPostgres },
  { name: 'mysql', skip: skipUnlessMysql, scratch: scratchMysqlDatabase },
  { name: 'sqlite', skip: async () => false, scratch: scratchSqlite },
];
