/**
 * ImportedSchema -> project document: table names (schema-qualified outside the default schema),
 * a field per column (references for foreign keys, row numbers for keys, inference for the
 * rest), the SQL facts, keys and unique sets. Every problem that does not stop the import is a
 * warning naming the table and column.
 */
import {
  fieldNames,
  PROJECT_FORMAT_VERSION,
  type ColumnFacts,
  type ProjectDocument,
  type ProjectTable,
} from '@rowloom/core';
import { sqlTypeProblem } from '@rowloom/core/relations/sql';
import { checkedFields } from './check-fields.js';
import { inferField } from './infer-field.js';
import type { ImportedColumn, ImportedForeignKey, ImportedSchema, ImportedTable } from './import-model.js';
import { keyKindOf } from './sql-types.js';
import type { FieldSpec } from './text-fit.js';

export interface BuildOptions {
  /** The project's name. */
  name: string;
  /** Tables of this schema (and of none) keep their bare names; others are "schema.table". */
  defaultSchema: string | null;
}

/** The table names read-project.ts accepts. */
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)?$/;

interface Parent {
  table: ImportedTable;
  projectName: string;
  columns: string[];
}

export function buildProject(
  schema: ImportedSchema,
  options: BuildOptions,
): { project: ProjectDocument; warnings: string[] } {
  const warnings = [...schema.warnings];
  // CREATE TABLE ... (LIKE other), PARTITION OF...: no columns of its own to generate.
  const empty = schema.tables.filter((t) => t.columns.every((c) => c.computed));
  for (const table of empty)
    warnings.push(
      `table ${table.name}: no columns were read (LIKE, PARTITION OF or only computed columns): not imported`,
    );
  schema = { ...schema, tables: schema.tables.filter((t) => !empty.includes(t)) };
  const home = (s: string | null) => (s === null || s === options.defaultSchema ? null : s);
  const projectName = (table: { schema: string | null; name: string }) =>
    home(table.schema) === null ? table.name : `${table.schema}.${table.name}`;
  const parentOf = (fk: ImportedForeignKey): Parent | null => {
    const table = schema.tables.find((t) => t.name === fk.table && home(t.schema) === home(fk.schema));
    if (!table) return null;
    const columns = fk.refColumns.length > 0 ? fk.refColumns : table.primaryKey;
    return columns.length === fk.columns.length ? { table, projectName: projectName(table), columns } : null;
  };
  const tables = schema.tables.map((table) => {
    const name = projectName(table);
    if (!TABLE_NAME.test(name))
      warnings.push(
        `table ${name}: a project table's name has only letters, digits, _ and $; rename it before generating`,
      );
    return projectTable(table, name, parentOf, (message) => warnings.push(`table ${name}, ${message}`));
  });
  return { project: { rowloom_project: PROJECT_FORMAT_VERSION, name: options.name, tables }, warnings };
}

function projectTable(
  table: ImportedTable,
  name: string,
  parentOf: (fk: ImportedForeignKey) => Parent | null,
  note: (message: string) => void,
): ProjectTable {
  const references = new Map<string, FieldSpec>();
  for (const fk of table.foreignKeys) {
    const parent = parentOf(fk);
    if (!parent) {
      note(
        `columns ${fk.columns.join(', ')}: the foreign key's table ${fk.table} is not in the import (or its key does not match); they are plain columns`,
      );
      continue;
    }
    fk.columns.forEach((column, i) => {
      const taken = references.get(column);
      if (taken) {
        note(
          `column ${column} is in two foreign keys: it follows the one to ${String(taken.table)} (link ${String(taken.link)})`,
        );
        return;
      }
      const parentColumn = parent.table.columns.find((c) => c.name === parent.columns[i]);
      references.set(column, {
        name: column,
        type: 'Reference',
        table: parent.projectName,
        column: parent.columns[i],
        link: fk.columns.join(','),
        ...(parentColumn ? { key_kind: keyKindOf(parentColumn.type) } : {}),
      });
    });
  }
  joinTable(table, references);
  const numbered = lineNumberColumn(table, references);
  const written = table.columns.filter((c) => !c.computed);
  const proposed = written.map((column) =>
    column.name === numbered
      ? { name: column.name, type: 'Child Number' }
      : (references.get(column.name) ?? fieldFor(column, table, name)),
  );
  // Apart before the check (a name type plus its suffix must fit the column) and after it (a
  // field replaced by text that fits gets its suffix too).
  const checked = checkedFields(
    proposed.map((field) => keptApart(field, table)),
    written,
    (message) => note(message),
  );
  const fields = checked.map((field) => keptApart(field, table));
  checkFieldNames(written, note);
  const result: ProjectTable = {
    name,
    fields,
    columns: Object.fromEntries(table.columns.map((c) => [c.name, facts(c, note)])),
  };
  if (table.primaryKey.length > 0) result.primary_key = table.primaryKey;
  const uniques = table.uniques.filter((u) => u.join(',') !== table.primaryKey.join(','));
  if (uniques.length > 0) result.unique = uniques;
  const omitted = table.columns.filter((c) => c.computed).map((c) => c.name);
  if (omitted.length > 0) result.omitted = omitted;
  return result;
}

/** Rows per parent row of a join table's first parent (a product's tags). */
export const JOIN_CHILDREN = { children: 'uniform', children_min: 0, children_max: 3 } as const;

/**
 * A join table (its primary key is two single-column foreign keys, as product_tags): the first
 * reference drives it with a few rows per parent, and the second is `distinct`, so no pair
 * repeats and the key holds by construction.
 */
function joinTable(table: ImportedTable, references: Map<string, FieldSpec>): void {
  if (table.primaryKey.length !== 2) return;
  const [first, second] = table.primaryKey.map((column) => references.get(column));
  if (!first || !second || first.link === second.link) return;
  if (first.link !== first.name || second.link !== second.name) return;
  Object.assign(first, JOIN_CHILDREN);
  second.distinct = true;
}

/** The shortest text column that gets a row-number suffix: a value of a few characters and " 12345". */
const MIN_SUFFIXED_LENGTH = 10;

/** Types whose values never repeat within a table (by construction). */
const UNIQUE_TYPES = new Set(['Row Number', 'Unique Key', 'GUID', 'Reference', 'Child Number']);

/**
 * A column UNIQUE on its own whose type can repeat gets values that cannot, at any row count: a
 * name or an email gets the row's number (a region's name, a customer's email), so it stays
 * realistic; a whole number is drawn from a shuffled range as wide as its SQL type (Unique
 * Key), and a short code (too short for a suffix) is a shuffled code of its length.
 */
function keptApart(field: FieldSpec, table: ImportedTable): FieldSpec {
  if (UNIQUE_TYPES.has(String(field.type)) || field.formula) return field;
  if (!table.uniques.some((set) => set.length === 1 && set[0] === field.name)) return field;
  const column = table.columns.find((c) => c.name === field.name);
  if (column?.type.kind === 'integer')
    return { name: field.name, type: 'Unique Key', style: 'number', min: 1, max: integerMax(column.type.declared) };
  if (column?.type.kind !== 'text') return field;
  const length = column.type.length ?? Infinity;
  if (length < MIN_SUFFIXED_LENGTH)
    return { name: field.name, type: 'Unique Key', style: 'code', prefix: '', digits: length };
  const formula =
    field.type === 'Email Address' ? "this.sub('@', row_number().to_s + '@')" : "this + ' ' + row_number().to_s";
  return { ...field, formula };
}

/** The largest value of an integer SQL type a unique number is drawn below (bigint's too: 2^31 - 1 is plenty of room). */
function integerMax(declared: string): number {
  if (/^tinyint/i.test(declared)) return 127;
  if (/^(smallint|int2)/i.test(declared)) return 32767;
  if (/^mediumint/i.test(declared)) return 8388607;
  return 2147483647;
}

/** Rows per parent row of a table keyed by its parent and a line number (an order's items). */
export const LINE_CHILDREN = { children: 'uniform', children_min: 1, children_max: 5 } as const;

/**
 * A table keyed by its parent and a number (order_items: order_id, line_no): the reference
 * drives it, a few rows per parent, and the number is each row's place among its parent's
 * (Child Number), so the key holds by construction. Returns that number's column.
 */
function lineNumberColumn(table: ImportedTable, references: Map<string, FieldSpec>): string | null {
  if (table.primaryKey.length !== 2) return null;
  const [parentColumn, numberColumn] = table.primaryKey;
  const parent = references.get(parentColumn);
  const number = table.columns.find((c) => c.name === numberColumn);
  if (!parent || parent.link !== parent.name || references.has(numberColumn) || !number) return null;
  if (number.type.kind !== 'integer') return null;
  Object.assign(parent, LINE_CHILDREN);
  return numberColumn;
}

/**
 * A key column (not a reference) gets values unique by construction: the row number for
 * numbers and text, a GUID for a uuid; every other column is inferred.
 */
function fieldFor(column: ImportedColumn, table: ImportedTable, tableName: string): FieldSpec {
  if (table.primaryKey.includes(column.name) && !column.check) {
    if (column.type.kind === 'integer' || column.type.kind === 'text') return { name: column.name, type: 'Row Number' };
    if (column.type.kind === 'uuid') return { name: column.name, type: 'GUID' };
  }
  return inferField(column, tableName);
}

function facts(column: ImportedColumn, note: (message: string) => void): ColumnFacts {
  // A type CREATE TABLE could not carry safely is left out (the column is created as text).
  const problem = sqlTypeProblem(column.type.declared);
  if (problem !== null) note(`column ${column.name}: ${problem}; it is created as text`);
  const result: ColumnFacts =
    problem === null ? { sql_type: column.type.declared, not_null: column.notNull } : { not_null: column.notNull };
  if (column.type.length !== undefined) result.max_length = column.type.length;
  if (column.default !== undefined) result.default = column.default;
  if (column.check) result.check = column.check;
  return result;
}

/** A column whose name the schema grammar would read specially (dots nest, "__" hides...). */
function checkFieldNames(columns: ImportedColumn[], note: (message: string) => void): void {
  const choices = fieldNames(columns.map((c) => c.name));
  choices.forEach((choice, i) => {
    if (/[.[\]]/.test(columns[i].name))
      note(
        `column ${columns[i].name}: a dot or bracket in a field name makes nested output; rename it before generating`,
      );
    else if (choice.renamed)
      note(
        `column ${columns[i].name}: ${choice.renamed.replace(/^column "[^"]*" renamed: /, '')}; rename it before generating`,
      );
  });
}
