/**
 * A live MariaDB/MySQL database -> ImportedSchema, from information_schema (the database named
 * in the URL): COLUMN_TYPE for types and enum labels, EXTRA for AUTO_INCREMENT and generated
 * columns, KEY_COLUMN_USAGE for keys, CHECK_CONSTRAINTS (read by node-sql-parser) for lists.
 */
import mysql from 'mysql2/promise';
import nodeSqlParser from 'node-sql-parser';
import {
  checkTableCount,
  ImportError,
  type ImportedColumn,
  type ImportedSchema,
  type ImportedTable,
} from './import-model.js';
import { sqlTypeFromText } from './sql-types.js';
import { jsonType, jsonValidColumn } from './mysql-ast.js';
import { CONNECT_TIMEOUT_MS, STATEMENT_TIMEOUT_MS, withoutPassword } from './database-url.js';

type Row = Record<string, unknown>;

export async function introspectMysql(url: string): Promise<ImportedSchema> {
  let connection: mysql.Connection;
  try {
    connection = await mysql.createConnection({ uri: url, connectTimeout: CONNECT_TIMEOUT_MS });
  } catch (error) {
    throw new ImportError(`cannot connect to ${withoutPassword(url)}: ${(error as Error).message}`);
  }
  try {
    const query = async (sql: string): Promise<Row[]> =>
      (await connection.query({ sql, timeout: STATEMENT_TIMEOUT_MS }))[0] as Row[];
    const columns = await query(
      `select TABLE_NAME t, COLUMN_NAME c, COLUMN_TYPE type, DATA_TYPE data_type, IS_NULLABLE nullable,
              COLUMN_DEFAULT dflt, EXTRA extra, CHARACTER_MAXIMUM_LENGTH len
       from information_schema.COLUMNS c
       where TABLE_SCHEMA = database()
         and exists (select 1 from information_schema.TABLES x where x.TABLE_SCHEMA = c.TABLE_SCHEMA
                     and x.TABLE_NAME = c.TABLE_NAME and x.TABLE_TYPE = 'BASE TABLE')
       order by TABLE_NAME, ORDINAL_POSITION`,
    );
    if (columns.length === 0) throw new ImportError(`the database of ${withoutPassword(url)} has no tables`);
    const keys = await query(
      `select k.TABLE_NAME t, k.CONSTRAINT_NAME name, k.COLUMN_NAME c, k.REFERENCED_TABLE_SCHEMA parent_schema,
              k.REFERENCED_TABLE_NAME parent, k.REFERENCED_COLUMN_NAME parent_column, tc.CONSTRAINT_TYPE kind
       from information_schema.KEY_COLUMN_USAGE k
       join information_schema.TABLE_CONSTRAINTS tc on tc.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA
         and tc.TABLE_NAME = k.TABLE_NAME and tc.CONSTRAINT_NAME = k.CONSTRAINT_NAME
       where k.TABLE_SCHEMA = database()
       order by k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
    );
    const checks = await query(
      `select TABLE_NAME t, CHECK_CLAUSE clause from information_schema.CHECK_CONSTRAINTS where CONSTRAINT_SCHEMA = database()`,
    ).catch(() => [] as Row[]);
    const schema = assemble(columns, keys);
    for (const row of checks) checkClause(schema.tables, String(row.t), String(row.clause));
    return schema;
  } finally {
    await connection.end().catch(() => {});
  }
}

function assemble(columns: Row[], keys: Row[]): ImportedSchema {
  const tables = new Map<string, ImportedTable>();
  for (const row of columns) {
    const name = String(row.t);
    let table = tables.get(name);
    if (!table) {
      table = { schema: null, name, columns: [], primaryKey: [], uniques: [], foreignKeys: [] };
      tables.set(name, table);
      checkTableCount(tables.size);
    }
    table.columns.push(column(row));
  }
  const groups = new Map<string, Row[]>();
  for (const row of keys) {
    const id = `${String(row.t)}\u0000${String(row.name)}`;
    groups.set(id, [...(groups.get(id) ?? []), row]);
  }
  for (const rows of groups.values()) {
    const table = tables.get(String(rows[0].t));
    if (!table) continue;
    const names = rows.map((r) => String(r.c));
    const kind = String(rows[0].kind);
    if (kind === 'PRIMARY KEY') table.primaryKey = names;
    else if (kind === 'UNIQUE') table.uniques.push(names);
    else if (kind === 'FOREIGN KEY')
      table.foreignKeys.push({
        name: String(rows[0].name),
        columns: names,
        schema: null,
        table: String(rows[0].parent),
        refColumns: rows.map((r) => String(r.parent_column)),
      });
  }
  return { tables: [...tables.values()], warnings: [] };
}

function column(row: Row): ImportedColumn {
  const typeText = String(row.type);
  const dataType = String(row.data_type).toLowerCase();
  const result: ImportedColumn = {
    name: String(row.c),
    type: sqlTypeFromText(typeText),
    notNull: row.nullable === 'NO',
  };
  if (dataType === 'enum' || dataType === 'set') {
    result.check = enumLabels(typeText);
    result.type = { declared: typeText, kind: 'text' };
  }
  // MariaDB gives a default of NULL as the text NULL.
  if (row.dflt !== null && row.dflt !== undefined && String(row.dflt).toUpperCase() !== 'NULL')
    result.default = String(row.dflt);
  const extra = String(row.extra ?? '').toLowerCase();
  if (extra.includes('auto_increment')) {
    result.autoNumber = true;
    result.default = 'auto_increment';
  }
  if (/\b(virtual|stored) generated\b|\b(virtual|persistent|stored)\b/.test(extra)) result.computed = true;
  return result;
}

/** enum('a','b''c') -> ['a', "b'c"], read by the SQL parser. */
function enumLabels(typeText: string): string[] {
  const parser = new nodeSqlParser.Parser();
  const ast = parser.astify(`CREATE TABLE t (c ${typeText})`, { database: 'mysql' }) as unknown as {
    create_definitions?: { definition?: { expr?: { value?: { value?: unknown }[] } } }[];
  };
  const tree = Array.isArray(ast) ? ast[0] : ast;
  return (tree.create_definitions?.[0]?.definition?.expr?.value ?? []).map((v: { value?: unknown }) => String(v.value));
}

/** A CHECK clause such as `status` in ('new','paid'): the list, read by the SQL parser. */
function checkClause(tables: ImportedTable[], tableName: string, clause: string): void {
  const table = tables.find((t) => t.name === tableName);
  if (!table) return;
  const parser = new nodeSqlParser.Parser();
  let expression: {
    type?: string;
    operator?: string;
    left?: { column?: unknown };
    right?: { value?: { value?: unknown }[] };
  };
  try {
    const ast = parser.astify(`SELECT 1 FROM t WHERE ${clause}`, { database: 'mysql' }) as unknown as {
      where?: typeof expression;
    };
    expression = (Array.isArray(ast) ? ast[0] : ast).where ?? {};
  } catch {
    return;
  }
  const json = table.columns.find(
    (c) => c.name === jsonValidColumn(expression as Parameters<typeof jsonValidColumn>[0]),
  );
  if (json) json.type = jsonType(json.type.declared);
  if (expression.type !== 'binary_expr' || expression.operator?.toUpperCase() !== 'IN') return;
  const raw = expression.left?.column;
  const name = typeof raw === 'string' ? raw : String((raw as { expr?: { value?: unknown } })?.expr?.value ?? '');
  const column = table.columns.find((c) => c.name === name);
  const values = (expression.right?.value ?? []).map((v) => v.value);
  if (column && values.length > 0 && values.every((v) => typeof v === 'string' || typeof v === 'number'))
    column.check = values.map(String);
}
