/**
 * Where a load or a verify goes: a database URL as users write it. postgres:// and
 * postgresql:// are PostgreSQL; mysql:// and mariadb:// are MySQL or MariaDB (one protocol);
 * sqlite:path, or a bare path ending .db, .sqlite or .sqlite3, is an SQLite file.
 */
import type { SqlDialect } from '@rowloom/core/relations/sql';

export type DatabaseTarget =
  { dialect: Extract<SqlDialect, 'postgres' | 'mysql'>; url: string } | { dialect: 'sqlite'; path: string };

const SQLITE_FILE = /\.(db|sqlite|sqlite3)$/i;

export function parseDatabaseUrl(url: string): DatabaseTarget {
  const text = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') return { dialect: 'postgres', url: text };
  if (scheme === 'mysql' || scheme === 'mariadb')
    return { dialect: 'mysql', url: text.replace(/^mariadb:/i, 'mysql:') };
  if (scheme === 'sqlite') {
    const path = text.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path) return { dialect: 'sqlite', path };
  } else if (SQLITE_FILE.test(text) && (scheme === undefined || /^[a-z]$/i.test(scheme))) {
    // A Windows drive letter (C:\data\x.db) is a path, not a scheme.
    return { dialect: 'sqlite', path: text };
  }
  throw new Error(
    `database URL ${JSON.stringify(redact(text))} is not one Rowloom can load into: use postgres://user@host:port/db, ` +
      'mysql://user@host:port/db (mariadb:// too), sqlite:path, or a path ending .db, .sqlite or .sqlite3',
  );
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}
