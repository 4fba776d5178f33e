/**
 * One connection to a database, the few things a load and a verify ask of it, in each
 * database's own way (postgres-session.ts, mysql-session.ts, sqlite-session.ts). Like Kysely's
 * dialects: everything else (which statements, in which order) is shared.
 */
import type { SqlDialect, StatementLimits, TableWriting } from '@rowloom/core/relations/sql';

export type Row = (string | null)[];

export interface DatabaseSession {
  readonly dialect: SqlDialect;
  /** Where it is connected, without a password (for messages). */
  readonly where: string;
  /** How big an INSERT may be here (MySQL: from max_allowed_packet). */
  readonly limits: StatementLimits;
  run(sql: string): Promise<void>;
  /**
   * Several statements (UPDATEs setting a cycle's deferred columns), in one round trip where the
   * database takes several statements at once (PostgreSQL's simple query, SQLite's exec); one
   * by one on MySQL, whose connection is kept to one statement per query.
   */
  runAll(statements: string[]): Promise<void>;
  rows(sql: string): Promise<Record<string, unknown>[]>;
  tableExists(name: string): Promise<boolean>;
  /**
   * Inserts a table's rows in the database's fastest way, calling `progress` with the rows in
   * so far. A failure is a BatchError saying which rows.
   */
  insert(
    writing: TableWriting,
    batches: AsyncIterable<Row[]>,
    progress: (rows: number) => void,
    signal?: AbortSignal,
  ): Promise<void>;
  close(): Promise<void>;
}

/** A failure inside a table's rows: the batches and rows it was in (numbers count from 1). */
export class BatchError extends Error {
  constructor(
    readonly batch: number,
    readonly lastBatch: number,
    readonly firstRow: number,
    readonly lastRow: number,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** Counts batches and rows as they pass, so a failure can name them. */
export class BatchCounter {
  batch = 0;
  rows = 0;
  /** The first row of each batch, to find the batch of a row (PostgreSQL names the line). */
  private readonly starts: number[] = [];

  async *count(batches: AsyncIterable<Row[]>, signal?: AbortSignal): AsyncGenerator<Row[]> {
    for await (const rows of batches) {
      signal?.throwIfAborted();
      this.batch++;
      this.starts.push(this.rows + 1);
      this.rows += rows.length;
      yield rows;
    }
  }

  /** The batch holding row `row` (1-based). */
  batchOf(row: number): number {
    let batch = 0;
    while (batch < this.starts.length && this.starts[batch] <= row) batch++;
    return Math.max(batch, 1);
  }

  /** A failure at row `row` (through `last`, for a statement of several rows); null: somewhere in the last batch. */
  errorAt(row: number | null, cause: unknown, last = row): BatchError {
    if (row === null) return new BatchError(this.batch, this.batch, this.starts.at(-1) ?? 1, this.rows, cause);
    const to = last ?? row;
    return new BatchError(this.batchOf(row), this.batchOf(to), row, to, cause);
  }
}

/** How long connecting may take before the load says the database is unreachable. */
export const CONNECT_TIMEOUT_MS = 5000;

/** The driver's connect failure as one clear sentence; a timeout says how long was waited. */
export function connectFailure(what: string, where: string, error: unknown): Error {
  const message = (error as Error)?.message || String(error);
  const waited = /timeout|timed out|ETIMEDOUT/i.test(message)
    ? ` (no answer within ${CONNECT_TIMEOUT_MS / 1000} s)`
    : '';
  return new Error(`cannot connect to ${what} at ${where}: ${message}${waited}`, { cause: error });
}
