/**
 * PostgreSQL DDL (hand-written or pg_dump's) -> ImportedSchema, through PostgreSQL's own parser
 * (libpg-query): whatever PostgreSQL accepts parses, functions and all, and only the statements
 * about tables are read (docs/design.md says why not node-sql-parser here).
 */
import {
  loadModule,
  parseSync,
  scanSync,
  hasSqlDetails,
  type AlterTableStmt,
  type ColumnDef,
  type Constraint,
  type CreateStmt,
  type Node,
  type RangeVar,
  type RawStmt,
} from 'libpg-query';
import { checkList, expressionText, namesOf, startOf, typeOf } from './pg-nodes.js';
import { IgnoredStatements, openingWords, statementStart } from './ignored-statements.js';
import {
  checkTableCount,
  findTable,
  ImportError,
  type ImportedColumn,
  type ImportedSchema,
  type ImportedTable,
} from './import-model.js';
import { lineIndex, psqlCommandsBlanked } from './ddl-text.js';

const SERIALS = new Set(['serial', 'bigserial', 'smallserial', 'serial4', 'serial8', 'serial2']);

interface Reading {
  source: Buffer;
  tables: ImportedTable[];
  enums: Map<string, string[]>;
  warnings: string[];
  lineAt: (offset: number) => number;
  /** The statement being read, for messages. */
  at: RawStmt;
}

export async function readPostgresDdl(text: string): Promise<ImportedSchema> {
  await loadModule();
  const script = psqlCommandsBlanked(text);
  const source = Buffer.from(script);
  let statements: RawStmt[];
  try {
    statements = parseSync(script).stmts ?? [];
  } catch (error) {
    throw syntaxError(error, script);
  }
  const reading: Reading = { source, tables: [], enums: new Map(), warnings: [], lineAt: lineIndex(source), at: {} };
  const ignored = new IgnoredStatements();
  for (const raw of statements) {
    reading.at = raw;
    const statement = raw.stmt;
    if (!statement) continue;
    if ('CreateStmt' in statement) createTable(statement.CreateStmt, reading);
    else if ('AlterTableStmt' in statement) alterTable(statement.AlterTableStmt, reading, ignored);
    else if ('CreateEnumStmt' in statement)
      reading.enums.set(namesOf(statement.CreateEnumStmt.typeName).join('.'), namesOf(statement.CreateEnumStmt.vals));
    else if ('IndexStmt' in statement && statement.IndexStmt.unique) uniqueIndex(statement.IndexStmt, reading, ignored);
    else ignored.add(openingWords(statementText(reading)), statementLine(reading));
    checkTableCount(reading.tables.length);
  }
  return { tables: reading.tables, warnings: [...reading.warnings, ...ignored.warnings()] };
}

function statementText(reading: Reading): string {
  const start = reading.at.stmt_location ?? 0;
  const end = reading.at.stmt_len ? start + reading.at.stmt_len : reading.source.length;
  return reading.source
    .subarray(start, end)
    .toString('utf8')
    .replace(/^(\s|--[^\n]*\n)*/, '');
}

function statementLine(reading: Reading): number {
  const start = reading.at.stmt_location ?? 0;
  const text = reading.source.subarray(start).toString('utf8');
  const skipped = /^(\s|--[^\n]*\n)*/.exec(text)?.[0] ?? '';
  return reading.lineAt(start) + (skipped.match(/\n/g)?.length ?? 0);
}

function syntaxError(error: unknown, script: string): ImportError {
  const message = error instanceof Error ? error.message : String(error);
  if (!hasSqlDetails(error) || !error.sqlDetails) return new ImportError(`the SQL does not parse: ${message}`);
  // cursorPosition counts characters from 1.
  const offset = Math.max(0, error.sqlDetails.cursorPosition - 1);
  const before = script.slice(0, offset);
  const line = (before.match(/\n/g)?.length ?? 0) + 1;
  const column = offset - before.lastIndexOf('\n');
  const statement = statementAround(script, offset).replace(/^(\s|--[^\n]*\n)*/, '');
  return new ImportError(`line ${line}, column ${column}: ${message}, in the statement "${statementStart(statement)}"`);
}

/**
 * The statement holding a character offset: between the semicolons around it, found by
 * PostgreSQL's scanner (a semicolon in a string or a function body is not an end); by the bare
 * text when the scanner fails too (an unterminated string).
 */
function statementAround(script: string, offset: number): string {
  const source = Buffer.from(script);
  const at = Buffer.byteLength(script.slice(0, offset));
  let ends: number[];
  try {
    ends = scanSync(script)
      .tokens.filter((t) => t.text === ';')
      .map((t) => t.start);
  } catch {
    ends = [...script.matchAll(/;/g)].map((m) => Buffer.byteLength(script.slice(0, m.index)));
  }
  const start = ends.filter((e) => e < at).pop();
  const end = ends.find((e) => e >= at);
  return source.subarray(start === undefined ? 0 : start + 1, end).toString('utf8');
}

function schemaOf(relation: RangeVar | undefined): string | null {
  return relation?.schemaname ?? null;
}

function tableFor(relation: RangeVar | undefined, reading: Reading): ImportedTable | undefined {
  const name = relation?.relname ?? '';
  return findTable(reading.tables, schemaOf(relation), name);
}

function createTable(statement: CreateStmt, reading: Reading): void {
  const relation = statement.relation;
  const name = relation?.relname ?? '';
  const table: ImportedTable = {
    schema: schemaOf(relation),
    name,
    columns: [],
    primaryKey: [],
    uniques: [],
    foreignKeys: [],
  };
  const earlier = findTable(reading.tables, table.schema, name);
  if (earlier) {
    reading.warnings.push(
      `line ${statementLine(reading)}: table ${name} is created again; the later definition is read`,
    );
    reading.tables.splice(reading.tables.indexOf(earlier), 1);
  }
  reading.tables.push(table);
  if (statement.partbound || statement.ofTypename || (statement.inhRelations?.length ?? 0) > 0)
    reading.warnings.push(
      `table ${name} (line ${statementLine(reading)}): inherited or partition columns are not imported, only its own`,
    );
  const elements = statement.tableElts ?? [];
  const limits = elements.map((_, i) => nextLocation(elements, i, reading));
  elements.forEach((element, i) => {
    if ('ColumnDef' in element) column(table, element.ColumnDef, limits[i], reading);
    else if ('Constraint' in element) constraint(table, element.Constraint, null, reading);
  });
}

/** Where the element after this one starts (or the statement's end): the end of its text. */
function nextLocation(elements: Node[], index: number, reading: Reading): number {
  const next = elements[index + 1];
  const location = next ? startOf(next) : Infinity;
  const start = reading.at.stmt_location ?? 0;
  const end = reading.at.stmt_len ? start + reading.at.stmt_len : reading.source.length;
  return Math.min(location, end);
}

function column(table: ImportedTable, definition: ColumnDef, limit: number, reading: Reading): void {
  const name = definition.colname ?? '';
  const { type, labels } = typeOf(definition.typeName ?? {}, reading.enums);
  const typeName = namesOf(definition.typeName?.names);
  const column: ImportedColumn = { name, type, notNull: definition.is_not_null ?? false };
  if (labels) column.check = labels;
  if (SERIALS.has(typeName[typeName.length - 1] ?? '')) {
    const qualified = table.schema && table.schema !== 'public' ? `${table.schema}.` : '';
    column.autoNumber = true;
    column.notNull = true;
    column.default = `nextval('${qualified}${table.name}_${name}_seq'::regclass)`;
  }
  table.columns.push(column);
  const constraints = (definition.constraints ?? []).flatMap((c) => ('Constraint' in c ? [c.Constraint] : []));
  constraints.forEach((c, i) => {
    const end = Math.min(limit, constraints[i + 1]?.location ?? Infinity);
    constraint(table, c, { column, end }, reading);
  });
}

/** A table constraint, or (with `on`) one written after a column. */
function constraint(
  table: ImportedTable,
  c: Constraint,
  on: { column: ImportedColumn; end: number } | null,
  reading: Reading,
): void {
  const keys = on ? [on.column.name] : namesOf(c.keys);
  switch (c.contype) {
    case 'CONSTR_NOTNULL':
      if (on) on.column.notNull = true;
      else for (const key of keys) setNotNull(table, key);
      break;
    case 'CONSTR_DEFAULT':
      if (on && c.raw_expr) on.column.default = expressionText(reading.source, startOf(c.raw_expr), on.end);
      break;
    case 'CONSTR_IDENTITY':
      if (on) identity(on.column, c.generated_when);
      break;
    case 'CONSTR_GENERATED':
      if (on) on.column.computed = true;
      break;
    case 'CONSTR_CHECK': {
      const list = checkList(c.raw_expr);
      const target = list && table.columns.find((col) => col.name === list.column);
      if (target && list) target.check = list.values;
      break;
    }
    case 'CONSTR_PRIMARY':
      table.primaryKey = keys;
      for (const key of keys) setNotNull(table, key);
      break;
    case 'CONSTR_UNIQUE':
      table.uniques.push(keys);
      break;
    case 'CONSTR_FOREIGN':
      table.foreignKeys.push({
        ...(c.conname ? { name: c.conname } : {}),
        columns: on ? [on.column.name] : namesOf(c.fk_attrs),
        schema: schemaOf(c.pktable),
        table: c.pktable?.relname ?? '',
        refColumns: namesOf(c.pk_attrs),
      });
      break;
    default:
      break;
  }
}

function setNotNull(table: ImportedTable, name: string): void {
  const column = table.columns.find((c) => c.name === name);
  if (column) column.notNull = true;
}

function identity(column: ImportedColumn, when: string | undefined): void {
  column.autoNumber = true;
  column.notNull = true;
  column.default = when === 'a' ? 'generated always as identity' : 'generated by default as identity';
}

function alterTable(statement: AlterTableStmt, reading: Reading, ignored: IgnoredStatements): void {
  const table = tableFor(statement.relation, reading);
  const commands = (statement.cmds ?? []).flatMap((c) => ('AlterTableCmd' in c ? [c.AlterTableCmd] : []));
  const words = openingWords(statementText(reading));
  if (statement.objtype !== 'OBJECT_TABLE') {
    ignored.add(words, statementLine(reading));
    return;
  }
  if (!table && commands.every((c) => c.subtype === 'AT_ChangeOwner')) {
    ignored.add('ALTER TABLE OWNER TO', statementLine(reading));
    return;
  }
  if (!table) {
    reading.warnings.push(
      `line ${statementLine(reading)}: ALTER TABLE of ${statement.relation?.relname ?? '?'}, a table not created above: ignored`,
    );
    return;
  }
  for (const command of commands) {
    const target = table.columns.find((c) => c.name === command.name);
    switch (command.subtype) {
      case 'AT_AddConstraint':
        if (command.def && 'Constraint' in command.def) constraint(table, command.def.Constraint, null, reading);
        break;
      case 'AT_ColumnDefault':
        if (target && command.def) {
          const end = reading.source.length;
          target.default = expressionText(reading.source, startOf(command.def), end);
          if (/^nextval\(/i.test(target.default)) target.autoNumber = true;
        }
        break;
      case 'AT_AddIdentity':
        if (target && command.def && 'Constraint' in command.def)
          identity(target, command.def.Constraint.generated_when);
        break;
      case 'AT_SetNotNull':
        if (target) target.notNull = true;
        break;
      case 'AT_AddColumn':
        if (command.def && 'ColumnDef' in command.def)
          column(table, command.def.ColumnDef, reading.source.length, reading);
        break;
      default:
        // Owners, storage, replica identity...: nothing a generated row depends on.
        break;
    }
  }
}

function uniqueIndex(
  statement: { relation?: RangeVar; indexParams?: Node[]; whereClause?: Node },
  reading: Reading,
  ignored: IgnoredStatements,
): void {
  const table = tableFor(statement.relation, reading);
  const names = (statement.indexParams ?? []).map((p) => ('IndexElem' in p ? p.IndexElem.name : undefined));
  // An index on expressions, or a partial one, is not a unique column set.
  if (!table || statement.whereClause || names.some((n) => n === undefined)) {
    ignored.add('CREATE UNIQUE INDEX', statementLine(reading));
    return;
  }
  table.uniques.push(names as string[]);
}
