/**
 * A SQLite file -> ImportedSchema, from its PRAGMAs: table_xinfo (columns, defaults, primary key
 * order, generated columns), foreign_key_list, index_list + index_info (unique sets). SQLite keeps
 * no catalogue of CHECK constraints, so CHECK (col IN (...)) lists are read from the table's
 * CREATE TABLE text: by PostgreSQL's parser, which reads most SQLite tables (uuid, json...), else
 * by node-sql-parser's SQLite dialect (AUTOINCREMENT...). The file is opened read-only.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { checkTableCount, ImportError, type ImportedSchema, type ImportedTable } from './import-model.js';
import { sqlTypeFromText } from './sql-types.js';
import nodeSqlParser from 'node-sql-parser';
import { readMysqlCreate, type MysqlAst } from './mysql-ast.js';
import { readPostgresDdl } from './ddl-postgres.js';
import { STATEMENT_TIMEOUT_MS } from './database-url.js';

type Row = Record<string, unknown>;

export async function introspectSqlite(file: string): Promise<ImportedSchema> {
  if (!existsSync(file)) throw new ImportError(`no SQLite file at ${file}`);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: STATEMENT_TIMEOUT_MS });
  } catch (error) {
    throw new ImportError(`cannot open the SQLite file ${file}: ${(error as Error).message}`);
  }
  try {
    const names = db
      .prepare(
        `select name, sql from sqlite_schema where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`,
      )
      .all() as { name: string; sql: string | null }[];
    checkTableCount(names.length);
    if (names.length === 0) throw new ImportError(`the SQLite file ${file} has no tables`);
    const warnings: string[] = [];
    const tables: ImportedTable[] = [];
    for (const { name, sql } of names) {
      const result = table(db, name);
      await addCheckLists(result, sql ?? '', warnings);
      tables.push(result);
    }
    return { tables, warnings };
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(`cannot read the SQLite file ${file}: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

function table(db: Database.Database, name: string): ImportedTable {
  const columns = db.prepare('select * from pragma_table_xinfo(?)').all(name) as Row[];
  const result: ImportedTable = { schema: null, name, columns: [], primaryKey: [], uniques: [], foreignKeys: [] };
  const keyed: [number, string][] = [];
  for (const row of columns) {
    if (Number(row.hidden) === 1) continue;
    const type = sqlTypeFromText(String(row.type || 'text'));
    const column: ImportedTable['columns'][number] = {
      name: String(row.name),
      type,
      notNull: Number(row.notnull) === 1,
    };
    if (row.dflt_value !== null && row.dflt_value !== undefined) column.default = String(row.dflt_value);
    if (Number(row.hidden) === 2 || Number(row.hidden) === 3) column.computed = true;
    if (Number(row.pk) > 0) keyed.push([Number(row.pk), column.name]);
    result.columns.push(column);
  }
  result.primaryKey = keyed.sort((a, b) => a[0] - b[0]).map(([, column]) => column);
  for (const column of result.columns) if (result.primaryKey.includes(column.name)) column.notNull = true;
  // INTEGER PRIMARY KEY is the rowid: SQLite numbers it.
  const only = result.primaryKey.length === 1 ? result.columns.find((c) => c.name === result.primaryKey[0]) : undefined;
  if (only && only.type.declared === 'integer') only.autoNumber = true;
  const foreign = db.prepare('select * from pragma_foreign_key_list(?) order by id, seq').all(name) as Row[];
  const byId = new Map<number, Row[]>();
  for (const row of foreign) byId.set(Number(row.id), [...(byId.get(Number(row.id)) ?? []), row]);
  for (const rows of byId.values())
    result.foreignKeys.push({
      columns: rows.map((r) => String(r.from)),
      schema: null,
      table: String(rows[0].table),
      refColumns: rows.every((r) => r.to !== null) ? rows.map((r) => String(r.to)) : [],
    });
  const indexes = db.prepare('select * from pragma_index_list(?)').all(name) as Row[];
  for (const index of indexes) {
    if (Number(index.unique) !== 1 || index.origin === 'pk' || Number(index.partial) === 1) continue;
    const keys = db.prepare('select name from pragma_index_info(?) order by seqno').all(String(index.name)) as Row[];
    if (keys.every((k) => k.name !== null)) result.uniques.push(keys.map((k) => String(k.name)));
  }
  return result;
}

/** The CHECK lists of the table's CREATE TABLE text (PRAGMA table_xinfo gives everything else). */
async function addCheckLists(table: ImportedTable, sql: string, warnings: string[]): Promise<void> {
  if (!/\bcheck\b/i.test(sql)) return;
  const parsed = (await readPostgresDdl(sql).catch(() => null))?.tables[0] ?? sqliteParse(sql);
  if (!parsed) {
    warnings.push(`table ${table.name}: its CHECK constraints were not read (neither parser reads its CREATE TABLE)`);
    return;
  }
  for (const column of parsed.columns) {
    const target = table.columns.find((c) => c.name === column.name);
    if (target && column.check) target.check = column.check;
  }
}

function sqliteParse(sql: string): ImportedTable | null {
  const parsed: ImportedTable[] = [];
  try {
    const ast = new nodeSqlParser.Parser().astify(sql, { database: 'sqlite' }) as unknown as MysqlAst | MysqlAst[];
    readMysqlCreate(Array.isArray(ast) ? ast[0] : ast, parsed, [], 1);
  } catch {
    return null;
  }
  return parsed[0] ?? null;
}
