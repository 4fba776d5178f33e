/**
 * CREATE TABLE for a project's tables: column types from the document's `columns` facts (what
 * import read from a database), the primary key, unique sets, CHECK lists, and foreign keys
 * from Reference fields. A column without a declared type is text; the text type a dialect
 * can index (MySQL and SQL Server cannot key an unbounded text) when the column is in a key.
 */
import type { ColumnFacts, ProjectTable } from '../project-document.js';
import { tableReferences } from '../table-references.js';
import { quoteName, quoteTable, valueLiteral, valueShape, type SqlDialect } from './dialect.js';

/** What a table's DDL needs: the table and the columns its rows fill. */
export interface TableColumns {
  table: ProjectTable;
  columns: string[];
}

export interface TableDdl {
  /** CREATE TABLE with its keys (and, for SQLite, its foreign keys). */
  create: string;
  /** ALTER TABLE ... ADD FOREIGN KEY, run once every table exists (a cycle needs both tables). */
  foreignKeys: string[];
}

/**
 * `tables` are every table in the load: foreign keys are made only to those (a reference to a
 * table left out has nothing to point at), and a reference column without a type of its own
 * takes its parent column's (MySQL refuses a foreign key between different types).
 */
export function tableDdl(dialect: SqlDialect, target: TableColumns, tables: ProjectTable[]): TableDdl {
  const { table, columns } = target;
  const name = quoteTable(dialect, table.name);
  const keyed = keyedColumns(table);
  const lines = columns.map((column) => {
    const facts = columnFacts(table, column, tables);
    const notNull = facts?.not_null || table.primary_key?.includes(column);
    return `  ${quoteName(dialect, column)} ${columnType(dialect, facts, keyed.has(column))}${notNull ? ' NOT NULL' : ''}`;
  });
  if (table.primary_key?.length) lines.push(`  PRIMARY KEY (${nameList(dialect, table.primary_key)})`);
  for (const set of table.unique ?? []) lines.push(`  UNIQUE (${nameList(dialect, set)})`);
  for (const column of columns) {
    const facts = table.columns?.[column];
    if (!facts?.check?.length) continue;
    const shape = valueShape(facts);
    const allowed = facts.check.map((value) => valueLiteral(dialect, value, shape)).join(', ');
    lines.push(`  CHECK (${quoteName(dialect, column)} IN (${allowed}))`);
  }
  const names = new Set(tables.map((t) => t.name));
  const references = tableReferences(table).filter((reference) => names.has(reference.table));
  const clauses = references.map(
    (reference) =>
      `FOREIGN KEY (${nameList(dialect, reference.columns)}) REFERENCES ${quoteTable(dialect, reference.table)} (${nameList(dialect, reference.parentColumns)})`,
  );
  // SQLite cannot add a constraint to an existing table, but resolves a foreign key's table
  // only when it is used, so its foreign keys go inside CREATE TABLE whatever the order.
  if (dialect === 'sqlite') lines.push(...clauses.map((clause) => `  ${clause}`));
  // MySQL's default character set may be one that cannot hold every character (latin1, utf8mb3).
  const options = dialect === 'mysql' ? ' DEFAULT CHARSET=utf8mb4' : '';
  return {
    create: `CREATE TABLE ${name} (\n${lines.join(',\n')}\n)${options}`,
    foreignKeys: dialect === 'sqlite' ? [] : clauses.map((clause) => `ALTER TABLE ${name} ADD ${clause}`),
  };
}

function nameList(dialect: SqlDialect, names: string[]): string {
  return names.map((n) => quoteName(dialect, n)).join(', ');
}

/** Columns in the primary key, a unique set or a reference: they must be indexable. */
function keyedColumns(table: ProjectTable): Set<string> {
  const keyed = new Set<string>(table.primary_key ?? []);
  for (const set of table.unique ?? []) for (const c of set) keyed.add(c);
  for (const reference of tableReferences(table)) for (const c of reference.columns) keyed.add(c);
  return keyed;
}

/** The column's facts; a reference column without a type borrows its parent column's type. */
function columnFacts(table: ProjectTable, column: string, tables: ProjectTable[]): ColumnFacts | undefined {
  const own = table.columns?.[column];
  if (own?.sql_type) return own;
  for (const reference of tableReferences(table)) {
    const at = reference.columns.indexOf(column);
    if (at < 0) continue;
    const parent = tables.find((t) => t.name === reference.table);
    const parentType = parent?.columns?.[reference.parentColumns[at]]?.sql_type;
    if (parentType) return { ...own, sql_type: parentType };
  }
  return own;
}

function columnType(dialect: SqlDialect, facts: ColumnFacts | undefined, keyed: boolean): string {
  if (facts?.sql_type) return facts.sql_type;
  const length = facts?.max_length;
  switch (dialect) {
    case 'mysql':
      return length || keyed ? `varchar(${length ?? 255})` : 'text';
    case 'sqlserver':
      // 450 characters is the longest nvarchar an index key takes (900 bytes).
      return `nvarchar(${length ?? (keyed ? 450 : 'max')})`;
    default:
      return length ? `varchar(${length})` : 'text';
  }
}
