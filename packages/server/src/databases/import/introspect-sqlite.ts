/**
 * A SQLite file -> ImportedSchema, from its PRAGMAs: table_xinfo (columns, defaults, primary key
 * order, generated columns), foreign_key_list, index_list + index_info (unique sets). The file is
 * opened read-only and must exist.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { checkTableCount, ImportError, type ImportedSchema, type ImportedTable } from './import-model.js';
import { sqlTypeFromText } from './sql-types.js';
import { STATEMENT_TIMEOUT_MS } from './database-url.js';

type Row = Record<string, unknown>;

export function introspectSqlite(file: string): ImportedSchema {
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
        `select name from sqlite_schema where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`,
      )
      .all() as { name: string }[];
    checkTableCount(names.length);
    if (names.length === 0) throw new ImportError(`the SQLite file ${file} has no tables`);
    return { tables: names.map(({ name }) => table(db, name)), warnings: [] };
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
