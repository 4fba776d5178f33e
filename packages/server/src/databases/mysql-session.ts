/**
 * MySQL and MariaDB: multi-row INSERTs (the same text as the SQL script), each kept under the
 * server's max_allowed_packet. The session turns NO_BACKSLASH_ESCAPES off, since the
 * statements escape backslashes.
 */
import mysql from 'mysql2/promise';
import { InsertBatcher, type TableWriting } from '@rowloom/core/relations/sql';
import { redact } from './database-url.js';
import { BatchCounter, CONNECT_TIMEOUT_MS, connectFailure, type DatabaseSession, type Row } from './session.js';

/** The most an INSERT carries even when the server allows more: bigger gains nothing. */
const MAX_STATEMENT_BYTES = 4 << 20;

export async function openMysql(url: string): Promise<MysqlSession> {
  let connection: mysql.Connection;
  try {
    connection = await mysql.createConnection({ uri: url, connectTimeout: CONNECT_TIMEOUT_MS, charset: 'utf8mb4' });
  } catch (error) {
    throw connectFailure('MySQL/MariaDB', redact(url), error);
  }
  connection.on('error', () => {});
  const [settings] = await connection.query<mysql.RowDataPacket[]>(
    'select @@max_allowed_packet as packet, @@session.sql_mode as mode',
  );
  const mode = String(settings[0].mode ?? '');
  if (/NO_BACKSLASH_ESCAPES/i.test(mode)) {
    const kept = mode.split(',').filter((m) => m.toUpperCase() !== 'NO_BACKSLASH_ESCAPES');
    await connection.query('set session sql_mode = ?', [kept.join(',')]);
  }
  // Room for the packet's header and the statement's prefix.
  const packet = Number(settings[0].packet);
  const maxStatementBytes = Math.max(16 << 10, Math.min(MAX_STATEMENT_BYTES, packet - (16 << 10)));
  return new MysqlSession(connection, redact(url), maxStatementBytes);
}

export class MysqlSession implements DatabaseSession {
  readonly dialect = 'mysql';
  readonly limits: { maxStatementBytes: number };

  constructor(
    private readonly connection: mysql.Connection,
    readonly where: string,
    maxStatementBytes: number,
  ) {
    this.limits = { maxStatementBytes };
  }

  async run(sql: string): Promise<void> {
    await this.connection.query(sql);
  }

  async runAll(statements: string[]): Promise<void> {
    for (const statement of statements) await this.connection.query(statement);
  }

  async rows(sql: string): Promise<Record<string, unknown>[]> {
    const [rows] = await this.connection.query<mysql.RowDataPacket[]>(sql);
    return rows;
  }

  async tableExists(name: string): Promise<boolean> {
    const parts = name.split('.');
    const table = parts.pop();
    const [rows] = await this.connection.query<mysql.RowDataPacket[]>(
      'select 1 from information_schema.tables where table_schema = coalesce(?, database()) and table_name = ?',
      [parts[0] ?? null, table],
    );
    return rows.length > 0;
  }

  async insert(
    writing: TableWriting,
    batches: AsyncIterable<Row[]>,
    progress: (rows: number) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    const batcher = new InsertBatcher(writing, this.limits);
    const counter = new BatchCounter();
    // Rows of the statement being built: from `pending` to counter.rows.
    let pending = 1;
    const send = async (statement: string | null, last: number): Promise<void> => {
      if (statement === null) return;
      try {
        await this.connection.query(statement);
      } catch (error) {
        throw counter.errorAt(pending, error, last);
      }
      pending = last + 1;
    };
    for await (const batch of counter.count(batches, signal)) {
      const first = counter.rows - batch.length;
      for (let i = 0; i < batch.length; i++) {
        const statement = batcher.add(batch[i]);
        // A statement completed by row r holds the rows before r (byte limit) or up to r (row limit).
        if (statement !== null) await send(statement, batcher.isEmpty() ? first + i + 1 : first + i);
      }
      progress(counter.rows);
    }
    await send(batcher.flush(), counter.rows);
  }

  async close(): Promise<void> {
    await this.connection.end().catch(() => {});
  }
}
