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
  const created = options.create ? await createMissing(session, tables, false) : new Set<string>();
  let step: Step = { table: null };
  await session.run(session.dialect === 'mysql' ? 'START TRANSACTION' : 'BEGIN');
  try {
    if (session.dialect !== 'mysql' && options.create)
      for (const name of await createMissing(session, tables, true)) created.add(name);
    if (options.mode === 'truncate') {
      for (const statement of truncateStatements(
        session.dialect,
        tables.map((t) => t.table.name),
        deferred,
      ))
        await session.run(statement);
    }
    const counts: number[] = [];
    for (let i = 0; i < tables.length; i++) {
      const name = tables[i].table.name;
      step = { table: name };
      let rows = 0;
      await session.insert(
        writings[i],
        tables[i].batches(),
        (n) => {
          rows = n;
          options.onProgress?.(name, n);
        },
        options.signal,
      );
      counts.push(rows);
    }
    for (let i = 0; i < tables.length; i++) {
      if (!writings[i].hasDeferred()) continue;
      step = { table: tables[i].table.name, deferred: true };
      await setDeferred(session, tables[i], writings[i], deferredKey(tables[i].table.name, deferred), options.signal);
    }
    await session.run('COMMIT');
    return {
      tables: tables.map((t, i) => ({ table: t.table.name, rows: counts[i], created: created.has(t.table.name) })),
    };
  } catch (error) {
    await session.run('ROLLBACK').catch(() => {});
    throw loadError(step, error);
  }
}

type Step = { table: string | null; deferred?: boolean };

function loadError(step: Step, error: unknown): LoadError {
  if (error instanceof LoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof BatchError)
    return new LoadError(step.table, error.batch, [error.firstRow, error.lastRow], message, { cause: error.cause });
  const what = step.deferred ? `setting its deferred columns: ${message}` : message;
  return new LoadError(step.table, null, null, what, { cause: error });
}

/**
 * Creates the tables that do not exist, returning their names. MySQL commits DDL implicitly,
 * so it creates before the transaction (`inTransaction` false); the others inside it, so a
 * failed load leaves no new empty tables behind.
 */
async function createMissing(
  session: DatabaseSession,
  tables: TableText[],
  inTransaction: boolean,
): Promise<Set<string>> {
  const created = new Set<string>();
  if ((session.dialect === 'mysql') === inTransaction) return created;
  const missing: TableText[] = [];
  for (const t of tables) if (!(await session.tableExists(t.table.name))) missing.push(t);
  const all = tables.map((t) => t.table);
  const ddl = missing.map((t) => tableDdl(session.dialect, t, all));
  for (let i = 0; i < missing.length; i++) {
    try {
      await session.run(ddl[i].create);
    } catch (error) {
      throw new LoadError(missing[i].table.name, null, null, `creating the table: ${(error as Error).message}`, {
        cause: error,
      });
    }
    created.add(missing[i].table.name);
  }
  for (const d of ddl) for (const fk of d.foreignKeys) await session.run(fk);
  return created;
}

/** A second pass over the table's rows (the engine makes them again, the same) setting its deferred columns by key. */
async function setDeferred(
  session: DatabaseSession,
  text: TableText,
  writing: TableWriting,
  key: string[],
  signal?: AbortSignal,
): Promise<void> {
  for await (const batch of text.batches()) {
    signal?.throwIfAborted();
    for (const row of batch) {
      const update = deferredUpdate(writing, key, row);
      if (update !== null) await session.run(update);
    }
  }
}
