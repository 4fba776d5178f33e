import { parseDatabaseUrl } from './database-url.js';
import { openMysql } from './mysql-session.js';
import { openPostgres } from './postgres-session.js';
import type { DatabaseSession } from './session.js';
import { openSqlite } from './sqlite-session.js';

/** Connects to the database a URL names (database-url.ts); `create` lets SQLite make a new file. */
export async function openSession(url: string, options: { create?: boolean } = {}): Promise<DatabaseSession> {
  const target = parseDatabaseUrl(url);
  switch (target.dialect) {
    case 'postgres':
      return openPostgres(target.url);
    case 'mysql':
      return openMysql(target.url);
    case 'sqlite':
      return openSqlite(target.path, options.create === true);
  }
}
