/**
 * A direct load: a project's tables, in the order given (parents before children), into a
 * database, in one transaction: optionally CREATE TABLE for the missing ones, optionally delete
 * what they hold (children first), each table's rows in the database's fastest way
 * (session.insert), then the UPDATEs that set a cycle's deferred columns. Any failure rolls it
 * all back and says which table and batch failed, with the database's message.
 */
import {
  deferredKey,
  deferredUpdate,
  tableDdl,
  TableWriting,
  truncateStatements,
  type DeferredColumn,
  type TableText,
} from '@rowloom/core/relations/sql';
import { openSession } from '../open-session.js';
import { BatchError, type DatabaseSession } from '../session.js';
import { LoadError } from './load-error.js';

export interface LoadOptions {
  /** truncate: delete the tables' rows first; append: add to them. */
  mode: 'truncate' | 'append';
  /** Reference columns that close a cycle: loaded NULL, set once every table is in. */
  deferred?: DeferredColumn[];
  /** Create the tables that do not exist (types from the document's column facts; text when unknown). */
  create?: boolean;
  /** Rows in so far for a table, after each batch. */
  onProgress?(table: string, rows: number): void;
  signal?: AbortSignal;
}

export interface LoadResult {
  tables: { table: string; rows: number; created: boolean }[];
}

export async function loadProject(url: string, tables: TableText[], options: LoadOptions): Promise<LoadResult> {
  if (options.mode !== 'truncate' && options.mode !== 'append')
    throw new Error(`load mode must be "truncate" or "append", not ${JSON.stringify(options.mode)}`);
  const session = await openSession(url, { create: options.create });
  try {
    return await loadInto(session, tables, options);
  } finally {
    await session.close();
  }
}

/** The load on an open session (the caller closes it). */
export async function loadInto(
  session: DatabaseSession,
  tables: TableText[],
  options: LoadOptions,
): Promise<LoadResult> {
  const deferred = options.deferred ?? [];
  const writings = tables.map((t) => new TableWriting(session.dialect, t, deferred));
  const created = new Set<string>();
  // MySQL commits DDL implicitly, so it creates before the transaction; the others inside it,
  // so a failed load leaves no new empty tables behind.
  const createFirst = options.create && session.dialect === 'mysql';
  const at: Step = { table: null, doing: 'creating the tables' };
  if (createFirst)
    await createMissing(session, tables, created, at).catch((error) => Promise.reject(loadError(at, error)));
  await session.run(session.dialect === 'mysql' ? 'START TRANSACTION' : 'BEGIN');
  try {
    if (options.create && !createFirst) await createMissing(session, tables, created, at);
    if (options.mode === 'truncate') {
      Object.assign(at, { table: null, doing: 'emptying the tables' });
      const names = tables.map((t) => t.table.name);
      for (const statement of truncateStatements(session.dialect, names, deferred)) await session.run(statement);
    }
    const counts: number[] = [];
    for (let i = 0; i < tables.length; i++)
      counts.push(await insertTable(session, tables[i], writings[i], options, at));
    for (let i = 0; i < tables.length; i++) {
      if (!writings[i].hasDeferred()) continue;
      Object.assign(at, { table: tables[i].table.name, doing: 'setting its deferred columns' });
      await setDeferred(session, tables[i], writings[i], deferredKey(tables[i].table.name, deferred), options.signal);
    }
    Object.assign(at, { table: null, doing: 'committing' });
    await session.run('COMMIT');
    const result = tables.map((t, i) => ({ table: t.table.name, rows: counts[i], created: created.has(t.table.name) }));
    return { tables: result };
  } catch (error) {
    await session.run('ROLLBACK').catch(() => {});
    throw loadError(at, error);
  }
}

/** Where a load is, for its error message. */
interface Step {
  table: string | null;
  doing: string | null;
}

async function insertTable(
  session: DatabaseSession,
  text: TableText,
  writing: TableWriting,
  options: LoadOptions,
  at: Step,
): Promise<number> {
  const name = text.table.name;
  Object.assign(at, { table: name, doing: null });
  let rows = 0;
  const progress = (n: number) => {
    rows = n;
    options.onProgress?.(name, n);
  };
  await session.insert(writing, text.batches(), progress, options.signal);
  return rows;
}

function loadError(at: Step, error: unknown): LoadError {
  if (error instanceof LoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof BatchError)
    return new LoadError(at.table, [error.batch, error.lastBatch], [error.firstRow, error.lastRow], message, {
      cause: error.cause,
    });
  return new LoadError(at.table, null, null, at.doing ? `${at.doing}: ${message}` : message, { cause: error });
}

/** Creates the tables that do not exist (adding their names to `created`), then their foreign keys. */
async function createMissing(
  session: DatabaseSession,
  tables: TableText[],
  created: Set<string>,
  at: Step,
): Promise<void> {
  const missing: TableText[] = [];
  for (const t of tables) if (!(await session.tableExists(t.table.name))) missing.push(t);
  const all = tables.map((t) => t.table);
  const ddl = missing.map((t) => tableDdl(session.dialect, t, all));
  for (let i = 0; i < missing.length; i++) {
    Object.assign(at, { table: missing[i].table.name, doing: 'creating the table' });
    await session.run(ddl[i].create);
    created.add(missing[i].table.name);
  }
  for (let i = 0; i < missing.length; i++) {
    Object.assign(at, { table: missing[i].table.name, doing: 'adding its foreign keys' });
    for (const fk of ddl[i].foreignKeys) await session.run(fk);
  }
}

/**
 * A second pass over the table's rows (the engine makes them again, the same) setting its
 * deferred columns by key: one round trip per batch of rows (session.runAll), not per row.
 */
async function setDeferred(
  session: DatabaseSession,
  text: TableText,
  writing: TableWriting,
  key: string[],
  signal?: AbortSignal,
): Promise<void> {
  for await (const batch of text.batches()) {
    signal?.throwIfAborted();
    const updates: string[] = [];
    for (const row of batch) {
      const update = deferredUpdate(writing, key, row);
      if (update !== null) updates.push(update);
    }
    await session.runAll(updates);
  }
}
