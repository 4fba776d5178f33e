/**
 * PostgreSQL: rows go in through COPY FROM STDIN in CSV (the fastest way in, one stream per
 * table), encoded by csv-stringify. CSV cannot tell NULL from an empty string except by quotes:
 * COPY reads an unquoted empty field as NULL, so empty strings are written quoted.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { quoteName, quoteTable, type TableWriting } from '@rowloom/core/relations/sql';
import { redact } from './database-url.js';
import { BatchCounter, CONNECT_TIMEOUT_MS, connectFailure, type DatabaseSession, type Row } from './session.js';

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
    const copy = this.client.query(copyFrom(`COPY ${writing.name} (${columns}) FROM STDIN WITH (FORMAT csv)`));
    const counter = new BatchCounter();
    const deferred = writing.deferred;
    const hasDeferred = writing.hasDeferred();
    // PostgreSQL text cannot hold NUL: dropped, as the SQL script does (dialect.ts).
    const clean = (row: Row): Row =>
      hasDeferred || row.some((v) => v?.includes('\0'))
        ? row.map((v, i) => (deferred[i] || v === null ? null : v.replaceAll('\0', '')))
        : row;
    async function* rows(): AsyncGenerator<Row> {
      for await (const batch of counter.count(batches, signal)) {
        for (const row of batch) yield clean(row);
        progress(counter.rows);
      }
    }
    const csv = stringify({ cast: { string: (v) => (v === '' ? { value: '', quoted_empty: true } : v) } });
    try {
      await pipeline(Readable.from(rows()), csv, copy, { signal });
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

  async close(): Promise<void> {
    await this.client.end().catch(() => {});
  }
}
