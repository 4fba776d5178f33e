/**
 * node-sql-parser's tree of a MySQL CREATE TABLE / ALTER TABLE / CREATE UNIQUE INDEX -> the
 * tables' facts. Only the parts read here are typed; the parser's own types are looser.
 */
import { findTable, type ImportedColumn, type ImportedTable } from './import-model.js';
import { sqlType, type SqlType } from './sql-types.js';

/** A text column that must hold JSON (the declared type is kept: longtext). */
export function jsonType(declared: string): SqlType {
  return { declared, kind: 'json' };
}

interface Expr {
  type?: string;
  value?: unknown;
  column?: string | { expr?: Expr };
  operator?: string;
  left?: Expr;
  right?: Expr & { value?: Expr[] };
  name?: { name?: { value?: string }[] };
  args?: { value?: Expr[] };
}

interface Definition {
  resource?: string;
  column?: { column?: string | { expr?: { value?: string } } };
  definition?: Definition &
    Expr[] & {
      dataType?: string;
      length?: number;
      scale?: number | null;
      suffix?: string[] | null;
      expr?: { value?: Expr[] };
    };
  nullable?: { type?: string };
  default_val?: { value?: Expr };
  auto_increment?: string;
  primary_key?: string;
  unique?: string;
  unique_or_primary?: string;
  generated?: unknown;
  check?: { definition?: Expr[] };
  reference_definition?: { definition?: Expr[]; table?: { db?: string | null; table?: string }[] };
  constraint?: string | null;
  constraint_type?: string;
}

export interface MysqlAst {
  type?: string;
  keyword?: string;
  table?: { db?: string | null; table?: string }[] | { db?: string | null; table?: string };
  create_definitions?: Definition[];
  expr?: {
    action?: string;
    resource?: string;
    create_definitions?: Definition;
    column?: unknown;
    definition?: unknown;
  }[];
  index_type?: string | null;
  index_columns?: Expr[];
  definition?: Expr[];
}

function nameOf(column: Definition['column'] | Expr | undefined): string {
  const inner = column?.column;
  if (typeof inner === 'string') return inner;
  const value = (inner as { expr?: { value?: unknown } } | undefined)?.expr?.value;
  return typeof value === 'string' ? value : '';
}

function tableName(ast: MysqlAst): { schema: string | null; name: string } {
  const table = Array.isArray(ast.table) ? ast.table[0] : ast.table;
  return { schema: table?.db ?? null, name: table?.table ?? '' };
}

/** A literal's text as MariaDB writes a default: 'text' quoted, numbers bare, functions called. */
function defaultText(value: Expr | undefined): string | undefined {
  if (!value || value.type === 'null') return undefined;
  if (value.type === 'single_quote_string' || value.type === 'double_quote_string' || value.type === 'string')
    return `'${String(value.value).replace(/'/g, "''")}'`;
  if (value.type === 'number' || value.type === 'bool') return String(value.value).toLowerCase();
  if (value.type === 'function') {
    const name = (value.name?.name ?? []).map((n) => n.value).join('.');
    return `${name.toLowerCase()}()`;
  }
  return undefined;
}

function literalValues(list: Expr[] | undefined): string[] | undefined {
  if (!list || list.length === 0) return undefined;
  const values = list.map((item) =>
    typeof item.value === 'string' || typeof item.value === 'number' ? String(item.value) : undefined,
  );
  return values.every((v): v is string => v !== undefined) ? values : undefined;
}

/** `json_valid(col)`: MariaDB's json type is longtext with this CHECK; the column it names. */
export function jsonValidColumn(expression: Expr | undefined): string | null {
  if (expression?.type !== 'function') return null;
  const name = (expression.name?.name ?? []).map((n) => n.value).join('.');
  const column = expression.args?.value?.[0];
  return name.toLowerCase() === 'json_valid' && column ? nameOf(column) || null : null;
}

/** `col IN ('a', 'b')`: the column and its values. */
function checkList(expressions: Expr[] | undefined): { column: string; values: string[] } | null {
  const expression = expressions?.[0];
  if (!expression || expression.type !== 'binary_expr' || expression.operator?.toUpperCase() !== 'IN') return null;
  const column = nameOf(expression.left);
  const values = literalValues(expression.right?.value);
  return column && values ? { column, values } : null;
}

function column(definition: Definition): ImportedColumn {
  const type = definition.definition ?? ({} as NonNullable<Definition['definition']>);
  const dataType = (type.dataType ?? '').toLowerCase();
  const args = [type.length, type.scale].filter((n): n is number => typeof n === 'number');
  const unsigned = (type.suffix ?? []).some((s) => String(s).toUpperCase() === 'UNSIGNED');
  const result: ImportedColumn = {
    name: nameOf(definition.column),
    type: sqlType(dataType, { args, unsigned }),
    notNull: definition.nullable?.type === 'not null',
  };
  const labels = dataType === 'enum' || dataType === 'set' ? literalValues(type.expr?.value) : undefined;
  if (labels) result.check = labels;
  const value = defaultText(definition.default_val?.value);
  if (value !== undefined) result.default = value;
  if (definition.auto_increment) {
    result.autoNumber = true;
    result.notNull = true;
    result.default = 'auto_increment';
  }
  if (definition.generated) result.computed = true;
  return result;
}

function keyNames(definition: Definition): string[] {
  return ((definition.definition ?? []) as Expr[]).map((d) => nameOf(d));
}

/** One item of a CREATE TABLE's list or of an ALTER TABLE ADD. */
function readDefinition(table: ImportedTable, definition: Definition): void {
  if (definition.resource === 'column') {
    const col = column(definition);
    table.columns.push(col);
    if (definition.primary_key || definition.unique_or_primary === 'primary key') {
      table.primaryKey = [col.name];
      col.notNull = true;
    } else if (definition.unique || definition.unique_or_primary === 'unique') table.uniques.push([col.name]);
    const list = checkList(definition.check?.definition);
    if (list && list.column === col.name) col.check = list.values;
    if (jsonValidColumn(definition.check?.definition?.[0]) === col.name) col.type = jsonType(col.type.declared);
    if (definition.reference_definition) foreignKey(table, [col.name], definition);
    return;
  }
  const kind = (definition.constraint_type ?? '').toLowerCase();
  if (kind === 'primary key') {
    table.primaryKey = keyNames(definition);
    for (const col of table.columns) if (table.primaryKey.includes(col.name)) col.notNull = true;
  } else if (kind.startsWith('unique')) table.uniques.push(keyNames(definition));
  else if (kind === 'foreign key') foreignKey(table, keyNames(definition), definition);
  else if (kind === 'check') {
    const json = jsonValidColumn((definition.definition as Expr[])?.[0]);
    const jsonColumn = table.columns.find((c) => c.name === json);
    if (jsonColumn) jsonColumn.type = jsonType(jsonColumn.type.declared);
    const list = checkList(definition.definition as Expr[]);
    const target = list && table.columns.find((c) => c.name === list.column);
    if (target && list) target.check = list.values;
  }
}

function foreignKey(table: ImportedTable, columns: string[], definition: Definition): void {
  const reference = definition.reference_definition;
  const parent = reference?.table?.[0];
  table.foreignKeys.push({
    ...(definition.constraint ? { name: definition.constraint } : {}),
    columns,
    schema: parent?.db ?? null,
    table: parent?.table ?? '',
    refColumns: (reference?.definition ?? []).map((d) => nameOf(d)),
  });
}

export function readMysqlCreate(ast: MysqlAst, tables: ImportedTable[], warnings: string[], line: number): void {
  const { schema, name } = tableName(ast);
  if (findTable(tables, schema, name)) {
    warnings.push(`line ${line}: table ${name} is created again; the later definition is read`);
    tables.splice(tables.indexOf(findTable(tables, schema, name)!), 1);
  }
  const table: ImportedTable = { schema, name, columns: [], primaryKey: [], uniques: [], foreignKeys: [] };
  tables.push(table);
  for (const definition of ast.create_definitions ?? []) readDefinition(table, definition);
}

export function readMysqlAlter(ast: MysqlAst, tables: ImportedTable[], warnings: string[], line: number): void {
  const { schema, name } = tableName(ast);
  const table = findTable(tables, schema, name);
  if (!table) {
    warnings.push(`line ${line}: ALTER TABLE of ${name}, a table not created above: ignored`);
    return;
  }
  for (const item of ast.expr ?? [])
    if (item.action === 'add' && item.create_definitions) readDefinition(table, item.create_definitions);
    else if (item.action === 'add' && item.resource === 'column')
      readDefinition(table, { ...(item as unknown as Definition), resource: 'column' });
}

export function readMysqlUniqueIndex(ast: MysqlAst, tables: ImportedTable[], warnings: string[], line: number): void {
  const { schema, name } = tableName(ast);
  const table = findTable(tables, schema, name);
  const columns = (ast.index_columns ?? ast.definition ?? []).map((c) => nameOf(c));
  if (!table || columns.some((c) => c === '')) {
    warnings.push(
      `line ${line}: a unique index of ${name} is not read (no such table above, or an index on expressions)`,
    );
    return;
  }
  table.uniques.push(columns);
}
