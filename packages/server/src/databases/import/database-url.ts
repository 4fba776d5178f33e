/** Which database an import source names: a URL, or a SQLite file path. */
export type DatabaseSource =
  { kind: 'postgres'; url: string } | { kind: 'mysql'; url: string } | { kind: 'sqlite'; file: string };

export function databaseSource(source: string): DatabaseSource | null {
  if (/^postgres(ql)?:\/\//i.test(source)) return { kind: 'postgres', url: source };
  if (/^(mysql|mariadb):\/\//i.test(source)) return { kind: 'mysql', url: source.replace(/^mariadb:/i, 'mysql:') };
  if (/^sqlite:/i.test(source)) return { kind: 'sqlite', file: source.replace(/^sqlite:(\/\/)?/i, '') };
  if (/\.(db|sqlite|sqlite3)$/i.test(source)) return { kind: 'sqlite', file: source };
  return null;
}

/** The URL without its password, for messages. */
export function withoutPassword(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

export const CONNECT_TIMEOUT_MS = 10_000;
export const STATEMENT_TIMEOUT_MS = 30_000;
