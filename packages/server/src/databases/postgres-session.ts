/**
 * PostgreSQL: rows go in through COPY FROM STDIN in CSV (the fastest way in, one stream per
 * table), encoded by csv-stringify. CSV cannot tell NULL from an empty string except by quotes:
 * COPY reads an unquoted empty field as NULL, so empty strings are written quoted.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { quoteName, quoteTable, type TableWriting } from '@rowloom/core/relations/sql';
import { redact } from './database-url.js';
import { BatchCounter, CONNECT_TIMEOUT_MS, connectFailure, type DatabaseSession, type Row } from './session.js';

/** COPY reads an unquoted empty field as NULL: empty strings are quoted. */
const CSV_OPTIONS = { cast: { string: (v: string) => (v === '' ? { value: '', quoted_empty: true } : v) } };

export async function openPostgres(url: string): Promise<PostgresSession> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection dropped between queries would otherwise be an uncaught 'error' event.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw connectFailure('PostgreSQL', redact(url), error);
  }
  return new PostgresSession(client, redact(url));
}

export class PostgresSession implements DatabaseSession {
  readonly dialect = 'postgres';
  readonly limits = {};

  constructor(
    private readonly client: pg.Client,
    readonly where: string,
  ) {}

  async run(sql: string): Promise<void> {
    await this.client.query(sql);
  }

  async runAll(statements: string[]): Promise<void> {
    if (statements.length > 0) await this.client.query(statements.join(';\n'));
  }

  async rows(sql: string): Promise<Record<string, unknown>[]> {
    return (await this.client.query(sql)).rows as Record<string, unknown>[];
  }

  async tableExists(name: string): Promise<boolean> {
    const result = await this.client.query('select to_regclass($1) is not null as found', [
      quoteTable('postgres', name),
    ]);
    return result.rows[0].found === true;
  }

  async insert(
    writing: TableWriting,
    batches: AsyncIterable<Row[]>,
    progress: (rows: number) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    const columns = writing.text.columns.map((c) => quoteName('postgres', c)).join(', ');
    const generated = await this.generatedColumns(writing.name, writing.text.columns);
    await this.allowGivenValues(writing.name, generated, 'BY DEFAULT');
    const copy = this.client.query(copyFrom(`COPY ${writing.name} (${columns}) FROM STDIN WITH (FORMAT csv)`));
    const counter = new BatchCounter();
    const deferred = writing.deferred;
    const hasDeferred = writing.hasDeferred();
    // PostgreSQL text cannot hold NUL: dropped, as the SQL script does (dialect.ts).
    const clean = (row: Row): Row =>
      hasDeferred || row.some((v) => v?.includes('\0'))
        ? row.map((v, i) => (deferred[i] || v === null ? null : v.replaceAll('\0', '')))
        : row;
    // One CSV chunk per batch, not per row: each chunk is a CopyData message and a socket
    // write, and a write per row spent most of a load's time in the kernel.
    async function* chunks(): AsyncGenerator<string> {
      for await (const batch of counter.count(batches, signal)) {
        yield stringify(batch.map(clean), CSV_OPTIONS);
        progress(counter.rows);
      }
    }
    try {
      await pipeline(Readable.from(chunks()), copy, { signal });
      await this.allowGivenValues(writing.name, generated, 'ALWAYS');
      await this.advanceSequences(writing.name, generated);
    } catch (error) {
      // COPY names the failing line in its context: "COPY t, line 3, column c: ...".
      const where = (error as { where?: string }).where;
      const line = where ? /line (\d+)/.exec(where)?.[1] : undefined;
      throw counter.errorAt(
        line ? Number(line) : null,
        where ? new Error(`${(error as Error).message} (${where})`) : error,
      );
    }
  }

  /**
   * The loaded columns the database numbers itself: identity columns (`always`: GENERATED
   * ALWAYS, which refuses given values) and serial ones (a sequence owned by the column).
   */
  private async generatedColumns(table: string, columns: string[]): Promise<{ name: string; always: boolean }[]> {
    const result = await this.client.query(
      `select a.attname as name, a.attidentity as identity
         from pg_attribute a
        where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped
          and (a.attidentity <> '' or pg_get_serial_sequence($1, a.attname) is not null)`,
      [table],
    );
    return (result.rows as { name: string; identity: string }[])
      .filter((row) => columns.includes(row.name))
      .map((row) => ({ name: row.name, always: row.identity === 'a' }));
  }

  /**
   * COPY has no OVERRIDING SYSTEM VALUE: an ALWAYS identity column takes the project's keys
   * (which other tables' rows refer to) while it is BY DEFAULT, inside the load's transaction,
   * and is ALWAYS again before it commits.
   */
  private async allowGivenValues(
    table: string,
    columns: { name: string; always: boolean }[],
    mode: 'BY DEFAULT' | 'ALWAYS',
  ): Promise<void> {
    for (const column of columns.filter((c) => c.always))
      await this.client.query(
        `ALTER TABLE ${table} ALTER COLUMN ${quoteName('postgres', column.name)} SET GENERATED ${mode}`,
      );
  }

  /** The next number the database gives after the load follows the largest loaded key, so the application's own inserts do not collide. */
  private async advanceSequences(table: string, columns: { name: string }[]): Promise<void> {
    for (const { name } of columns)
      await this.client.query(
        `select setval(pg_get_serial_sequence($1, $2), greatest((select max(${quoteName('postgres', name)}) from ${table}), 1))`,
        [table, name],
      );
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => {});
  }
}
