import { parseDatabaseUrl } from './database-url.js';
import { openPostgres } from './postgres-session.js';
import type { DatabaseSession } from './session.js';
import { openSqlite } from './sqlite-session.js';

/** Connects to the database a URL names (database-url.ts); `create` lets SQLite make a new file. */
export async function openSession(url: string, options: { create?: boolean } = {}): Promise<DatabaseSession> {
  const target = parseDatabaseUrl(url);
  switch (target.dialect) {
    case 'postgres':
      return openPostgres(target.url);
    case 'mysql': {
      // Loaded when first used: the MySQL driver is a tenth of the server's start-up otherwise.
      const { openMysql } = await import('./mysql-session.js');
      return openMysql(target.url);
    }
    case 'sqlite':
      return openSqlite(target.path, options.create === true);
  }
}
