/**
 * A live PostgreSQL schema -> ImportedSchema, from pg_catalog: columns with format_type's type
 * text and pg_get_expr's defaults, constraints with pg_get_constraintdef for CHECK lists (read
 * by the same parser as DDL), unique indexes, enum labels. A domain column is its base type; a
 * partitioned table is one table (its partitions are not imported apart).
 */
import pg from 'pg';
import { loadModule, parseSync } from 'libpg-query';
import { checkList } from './pg-nodes.js';
import { checkTableCount, ImportError, type ImportedSchema, type ImportedTable } from './import-model.js';
import { sqlTypeFromText } from './sql-types.js';
import { CONNECT_TIMEOUT_MS, STATEMENT_TIMEOUT_MS, withoutPassword } from './database-url.js';

const COLUMNS = `
select c.relname as table, a.attname as column,
       case when t.typtype = 'd' then format_type(t.typbasetype, t.typtypmod)
            else format_type(a.atttypid, a.atttypmod) end as type,
       a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as default,
       a.attidentity as identity, a.attgenerated as generated, t.typtype as typtype,
       (select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = a.atttypid) as labels
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
join pg_type t on t.oid = a.atttypid
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
order by c.relname, a.attnum`;

const CONSTRAINTS = `
select c.relname as table, k.conname as name, k.contype as type,
       array(select a.attname from unnest(k.conkey) with ordinality u(n, i)
             join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i)::text[] as columns,
       fn.nspname as parent_schema, f.relname as parent,
       array(select a.attname from unnest(k.confkey) with ordinality u(n, i)
             join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i)::text[] as parent_columns,
       pg_get_constraintdef(k.oid) as definition
from pg_constraint k
join pg_class c on c.oid = k.conrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_class f on f.oid = k.confrelid
left join pg_namespace fn on fn.oid = f.relnamespace
where n.nspname = $1 and k.contype in ('p', 'u', 'f', 'c')
order by c.relname, k.conname`;

const UNIQUE_INDEXES = `
select c.relname as table,
       array(select a.attname from unnest(i.indkey::int2[]) with ordinality u(n, o)
             join pg_attribute a on a.attrelid = i.indrelid and a.attnum = u.n order by u.o)::text[] as columns,
       i.indnkeyatts as keys
from pg_index i
join pg_class c on c.oid = i.indrelid
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and i.indisunique and not i.indisprimary and i.indexprs is null and i.indpred is null
  and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`;

export async function introspectPostgres(url: string, schema: string): Promise<ImportedSchema> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: STATEMENT_TIMEOUT_MS + 1000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new ImportError(`cannot connect to ${withoutPassword(url)}: ${(error as Error).message}`);
  }
  try {
    const columns = (await client.query(COLUMNS, [schema])).rows;
    const constraints = (await client.query(CONSTRAINTS, [schema])).rows;
    const indexes = (await client.query(UNIQUE_INDEXES, [schema])).rows;
    if (columns.length === 0)
      throw new ImportError(`schema ${schema} of ${withoutPassword(url)} has no tables (give another with --schema)`);
    await loadModule();
    return assemble(schema, columns, constraints, indexes);
  } finally {
    await client.end().catch(() => {});
  }
}

type Row = Record<string, unknown>;

function assemble(schema: string, columns: Row[], constraints: Row[], indexes: Row[]): ImportedSchema {
  const tables = new Map<string, ImportedTable>();
  for (const row of columns) {
    const name = String(row.table);
    let table = tables.get(name);
    if (!table) {
      table = { schema, name, columns: [], primaryKey: [], uniques: [], foreignKeys: [] };
      tables.set(name, table);
      checkTableCount(tables.size);
    }
    const type = sqlTypeFromText(String(row.type));
    const column: ImportedTable['columns'][number] = { name: String(row.column), type, notNull: row.not_null === true };
    if (Array.isArray(row.labels)) {
      column.check = row.labels.map(String);
      column.type = { declared: String(row.type), kind: 'text' };
    }
    if (typeof row.default === 'string') column.default = row.default;
    if (row.identity === 'a' || row.identity === 'd') {
      column.autoNumber = true;
      column.default = row.identity === 'a' ? 'generated always as identity' : 'generated by default as identity';
    } else if (column.default?.startsWith('nextval(')) column.autoNumber = true;
    if (row.generated === 's' || row.generated === 'v') column.computed = true;
    table.columns.push(column);
  }
  for (const row of constraints) {
    const table = tables.get(String(row.table));
    if (!table) continue;
    const keys = (row.columns as string[]) ?? [];
    if (row.type === 'p') table.primaryKey = keys;
    else if (row.type === 'u') table.uniques.push(keys);
    else if (row.type === 'f')
      table.foreignKeys.push({
        name: String(row.name),
        columns: keys,
        schema: String(row.parent_schema),
        table: String(row.parent),
        refColumns: (row.parent_columns as string[]) ?? [],
      });
    else if (row.type === 'c') checkConstraint(table, String(row.definition));
  }
  for (const row of indexes) {
    const table = tables.get(String(row.table));
    const keys = ((row.columns as string[]) ?? []).slice(0, Number(row.keys));
    if (table) table.uniques.push(keys);
  }
  return { tables: [...tables.values()], warnings: [] };
}

/** "CHECK (((status)::text = ANY (...)))" as pg_get_constraintdef gives it, read by PostgreSQL's parser. */
function checkConstraint(table: ImportedTable, definition: string): void {
  const match = /^CHECK \(([\s\S]*)\)( NOT VALID)?$/.exec(definition);
  if (!match) return;
  const statement = parseSync(`SELECT ${match[1]}`).stmts?.[0]?.stmt;
  const target = statement && 'SelectStmt' in statement ? statement.SelectStmt.targetList?.[0] : undefined;
  const expression = target && 'ResTarget' in target ? target.ResTarget.val : undefined;
  const list = checkList(expression);
  const column = list && table.columns.find((c) => c.name === list.column);
  if (column && list) column.check = list.values;
}
