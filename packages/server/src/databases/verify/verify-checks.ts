/**
 * The checks verify runs on a loaded table, each as SQL: a count of the rows that break it and
 * one example. What they check comes from the project document: Reference fields (orphans; a
 * composite reference checked as one), NOT NULL facts and primary keys, the primary key,
 * `unique` sets and the keys other tables refer to, CHECK lists, max lengths.
 */
import {
  quoteName,
  quoteTable,
  tableReferences,
  uniqueSets,
  valueLiteral,
  valueShape,
  type ProjectTable,
  type SqlDialect,
} from '@rowloom/core/relations/sql';

export type CheckKind = 'orphans' | 'not_null' | 'unique' | 'check' | 'max_length';

export interface Check {
  table: string;
  check: CheckKind;
  columns: string[];
  /** For orphans: the parent table and columns. */
  parent?: { table: string; columns: string[] };
  /** One row: `violations` (and for unique, `groups`). */
  count: string;
  /** At most one offending row (the checked columns, and for unique how many copies). */
  example: string;
}

/** Every check of a table whose references point at `tables`. */
export function tableChecks(dialect: SqlDialect, table: ProjectTable, tables: ProjectTable[]): Check[] {
  const q = (name: string) => quoteName(dialect, name);
  const from = quoteTable(dialect, table.name);
  const checks: Check[] = [];
  const names = new Set(tables.map((t) => t.name));
  for (const reference of tableReferences(table)) {
    if (!names.has(reference.table)) continue;
    const present = reference.columns.map((c) => `child_row.${q(c)} IS NOT NULL`).join(' AND ');
    const match = reference.columns
      .map((c, i) => `parent_row.${q(reference.parentColumns[i])} = child_row.${q(c)}`)
      .join(' AND ');
    const where = `${present} AND NOT EXISTS (SELECT 1 FROM ${quoteTable(dialect, reference.table)} parent_row WHERE ${match})`;
    checks.push({
      table: table.name,
      check: 'orphans',
      columns: reference.columns,
      parent: { table: reference.table, columns: reference.parentColumns },
      count: `SELECT COUNT(*) AS violations FROM ${from} child_row WHERE ${where}`,
      example: `SELECT ${reference.columns.map((c) => `child_row.${q(c)}`).join(', ')} FROM ${from} child_row WHERE ${where} LIMIT 1`,
    });
  }
  const notNull = new Set(table.primary_key ?? []);
  for (const [column, facts] of Object.entries(table.columns ?? {})) if (facts.not_null) notNull.add(column);
  for (const column of notNull) checks.push(rowCheck(dialect, table, 'not_null', column, `${q(column)} IS NULL`));
  for (const set of uniqueSets(table, tables)) checks.push(uniqueCheck(dialect, table, set));
  for (const [column, facts] of Object.entries(table.columns ?? {})) {
    if (facts.check?.length) {
      const allowed = facts.check.map((v) => valueLiteral(dialect, v, valueShape(facts))).join(', ');
      checks.push(
        rowCheck(dialect, table, 'check', column, `${q(column)} IS NOT NULL AND ${q(column)} NOT IN (${allowed})`),
      );
    }
    if (facts.max_length !== undefined) {
      const length = dialect === 'sqlite' ? 'LENGTH' : 'CHAR_LENGTH';
      checks.push(
        rowCheck(dialect, table, 'max_length', column, `${length}(${q(column)}) > ${Math.floor(facts.max_length)}`),
      );
    }
  }
  return checks;
}

function rowCheck(dialect: SqlDialect, table: ProjectTable, check: CheckKind, column: string, where: string): Check {
  const from = quoteTable(dialect, table.name);
  const shown = [...new Set([...(table.primary_key ?? []), column])].map((c) => quoteName(dialect, c));
  return {
    table: table.name,
    check,
    columns: [column],
    count: `SELECT COUNT(*) AS violations FROM ${from} WHERE ${where}`,
    example: `SELECT ${shown.join(', ')} FROM ${from} WHERE ${where} LIMIT 1`,
  };
}

/** Violations: the rows beyond the first of each duplicated key (rows with a NULL in the key are not compared, as SQL's UNIQUE does). */
function uniqueCheck(dialect: SqlDialect, table: ProjectTable, columns: string[]): Check {
  const from = quoteTable(dialect, table.name);
  const list = columns.map((c) => quoteName(dialect, c)).join(', ');
  const present = columns.map((c) => `${quoteName(dialect, c)} IS NOT NULL`).join(' AND ');
  const groups = `SELECT ${list}, COUNT(*) AS copies FROM ${from} WHERE ${present} GROUP BY ${list} HAVING COUNT(*) > 1`;
  return {
    table: table.name,
    check: 'unique',
    columns,
    count: `SELECT COALESCE(SUM(copies) - COUNT(*), 0) AS violations FROM (${groups}) duplicates`,
    example: `${groups} LIMIT 1`,
  };
}
