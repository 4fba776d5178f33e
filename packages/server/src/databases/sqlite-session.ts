/**
 * SQLite: one prepared INSERT run for every row, inside the load's transaction (better-sqlite3
 * is synchronous; a batch at a time, so the rows' source can be asynchronous). Values are bound
 * as text and SQLite's column affinity makes numbers of them; booleans become 1/0, as SQLite
 * has no boolean type.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { booleanOf, quoteName, type TableWriting } from '@rowloom/core/relations/sql';
import { BatchCounter, type DatabaseSession, type Row } from './session.js';

export function openSqlite(path: string, create: boolean): SqliteSession {
  if (!create && !existsSync(path)) throw new Error(`SQLite database ${path} does not exist (create: true makes it)`);
  let db: Database.Database;
  try {
    db = new Database(path, { timeout: 5000 });
  } catch (error) {
    throw new Error(`cannot open SQLite database ${path}: ${(error as Error).message}`);
  }
  // Off by default in SQLite: without it a load would not check its references.
  db.pragma('foreign_keys = ON');
  return new SqliteSession(db, path);
}

export class SqliteSession implements DatabaseSession {
  readonly dialect = 'sqlite';
  readonly limits = {};

  constructor(
    private readonly db: Database.Database,
    readonly where: string,
  ) {}

  async run(sql: string): Promise<void> {
    this.db.exec(sql);
  }

  async runAll(statements: string[]): Promise<void> {
    if (statements.length > 0) this.db.exec(statements.join(';\n'));
  }

  async rows(sql: string): Promise<Record<string, unknown>[]> {
    return this.db.prepare(sql).all() as Record<string, unknown>[];
  }

  async tableExists(name: string): Promise<boolean> {
    return this.db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name) !== undefined;
  }

  async insert(
    writing: TableWriting,
    batches: AsyncIterable<Row[]>,
    progress: (rows: number) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    const { columns } = writing.text;
    const marks = columns.map(() => '?').join(', ');
    const insert = this.db.prepare(
      `INSERT INTO ${writing.name} (${columns.map((c) => quoteName('sqlite', c)).join(', ')}) VALUES (${marks})`,
    );
    const bind = binder(writing);
    const counter = new BatchCounter();
    for await (const batch of counter.count(batches, signal)) {
      const first = counter.rows - batch.length + 1;
      for (let i = 0; i < batch.length; i++) {
        try {
          insert.run(bind(batch[i]));
        } catch (error) {
          throw counter.errorAt(first + i, error);
        }
      }
      progress(counter.rows);
    }
  }

  async close(): Promise<void> {
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    this.db.close();
  }
}

/** The values to bind for a row: deferred columns NULL, booleans 1/0, the rest as text without NUL. */
function binder(writing: TableWriting): (row: Row) => (string | number | null)[] {
  const { shapes, deferred } = writing;
  return (row) =>
    row.map((value, i) => {
      if (deferred[i] || value === null) return null;
      if (shapes[i] === 'boolean') {
        const b = booleanOf(value);
        if (b !== null) return b ? 1 : 0;
      }
      // As the SQL script does: some of SQLite's text functions stop at NUL.
      return value.includes('\0') ? value.replaceAll('\0', '') : value;
    });
}
