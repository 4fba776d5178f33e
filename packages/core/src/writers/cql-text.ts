/**
 * Names and literals of Cassandra's CQL (the grammar's constants: strings in single quotes with
 * `''` for a quote and no other escape, numbers and booleans bare, `null`).
 */

/**
 * CQL's reserved keywords (Cassandra 5's list, case-insensitive): bare, they cannot name a
 * column. Quoting a few more than needed is harmless.
 */
const RESERVED = new Set(
  (
    'add aggregate all allow alter and apply asc authorize batch begin by columnfamily create default delete desc ' +
    'describe drop each_quorum entries execute from full grant if in index infinity insert into is keyspace limit ' +
    'local_one local_quorum materialized mbean mbeans modify nan norecursive not null of on one or order partition ' +
    'password per primary quorum rename replace revoke schema select set table three to token truncate two unlogged ' +
    'unset update use using view where with'
  ).split(' '),
);

/** Unquoted CQL identifiers start with a letter (not `_`, unlike SQL). */
const BARE_IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * A column name: bare when CQL allows it (Cassandra folds bare names to lower case, as SQL's
 * writer lets PostgreSQL do), else double-quoted with `"` doubled. NUL cannot be in a name.
 */
export function cqlIdentifier(name: string): string {
  if (BARE_IDENTIFIER.test(name) && !RESERVED.has(name.toLowerCase())) return name;
  return '"' + name.replaceAll('\0', '').replaceAll('"', '""') + '"';
}

/** Keyspace and table names: Cassandra allows only letters, digits and `_`, at most 48 of them. */
export const CQL_TABLE_NAME = /^[A-Za-z0-9_]{1,48}$/;

/** Throws RangeError naming the API parameter when `name` cannot name a keyspace or table. */
export function checkCqlTableName(name: string, parameter: 'table' | 'keyspace'): void {
  if (!CQL_TABLE_NAME.test(name)) {
    throw new RangeError(
      `${parameter} must be 1 to 48 letters, digits or underscores (Cassandra's rule for ${parameter} names), got ${JSON.stringify(name.slice(0, 60))}`,
    );
  }
}

/** A keyspace or table name (already checked): bare unless it must be quoted. */
export function cqlTableName(name: string): string {
  return cqlIdentifier(name);
}

export const NEEDS_CQL_ESCAPE = /['\0]/;

/**
 * A string constant. NUL is dropped, as in the sql format (cqlsh and many drivers cut text at
 * it); line breaks stay as they are: CQL strings have no escapes, so a value holding one makes
 * its statement span lines (cqlsh reads it so).
 */
export function cqlString(s: string): string {
  if (!NEEDS_CQL_ESCAPE.test(s)) return "'" + s + "'";
  return "'" + s.replaceAll("'", "''").replaceAll('\0', '') + "'";
}
