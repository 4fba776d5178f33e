/**
 * What the server writes to disk (the SQLite file, its WAL, the data directory, download files)
 * may hold users' datasets, password hashes and sealed keys: readable by the owner only.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/**
 * Makes `dir` (owner-only when it is new; an existing directory is the operator's and keeps its
 * mode) and `file` in it as owner-only, before SQLite opens it: SQLite gives its -wal and -shm
 * files the database file's mode. A file made by an earlier version is narrowed too.
 */
export function prepareOwnerOnlyFile(dir: string, file: string): void {
  mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  if (existsSync(file)) chmodSync(file, OWNER_ONLY_FILE);
  else closeSync(openSync(file, 'a', OWNER_ONLY_FILE));
}
