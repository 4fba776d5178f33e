/** Runs a whole SQL script on a database, as its command-line client would: every statement, in order. */
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { parseDatabaseUrl } from '../../databases/database-url.js';

export async function runScript(url: string, script: string): Promise<void> {
  const target = parseDatabaseUrl(url);
  if (target.dialect === 'sqlite') {
    const db = new Database(target.path);
    try {
      db.exec(script);
    } finally {
      db.close();
    }
  } else if (target.dialect === 'postgres') {
    // One simple query may hold many statements.
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query(script);
    } finally {
      await client.end();
    }
  } else {
    const connection = await mysql.createConnection({ uri: target.url, multipleStatements: true });
    try {
      await connection.query(script);
    } finally {
      await connection.end();
    }
  }
}
