/**
 * A relational project: several tables (each a list of fields, as a generate request takes
 * them) whose Reference fields point at other tables' keys. Plain JSON: `rowloom generate
 * project.json --out DIR` reads it, `rowloom import` writes it, the server stores it. Its
 * reading and checking are in read-project.ts; docs/relations.md is the user's description.
 *
 *   {
 *     "rowloom_project": 1,
 *     "name": "shop",
 *     "seed": "42",
 *     "tables": [
 *       { "name": "customers", "count": 1000, "primary_key": ["id"],
 *         "fields": [ { "name": "id", "type": "Row Number" },
 *                     { "name": "email", "type": "Email Address" } ],
 *         "columns": { "email": { "sql_type": "varchar(255)", "not_null": true } },
 *         "unique": [["email"]] },
 *       { "name": "orders", "primary_key": ["id"],
 *         "fields": [ { "name": "id", "type": "Row Number" },
 *                     { "name": "customer_id", "type": "Reference", "table": "customers", "column": "id",
 *                       "children": "poisson", "children_mean": 3 },
 *                     { "name": "placed_at", "type": "Formula", "value": "parent.created_at + days(3)" } ] }
 *     ]
 *   }
 *
 * A Reference field's parameters (types/reference-type.ts):
 *   table, column    the parent table and the column read from the parent row (its key)
 *   link             references with the same table and link read the same parent row (a
 *                    composite key is two such fields); default: the table's name
 *   children         how many rows this table has per parent row, which makes this the table's
 *                    driving reference (its count is then the sum): fixed | uniform | poisson |
 *                    zipf | scenario, with children_count, children_min, children_max,
 *                    children_mean, children_skew, children_scenario
 *   pick             otherwise how a parent row is chosen: uniform (default) | zipf (skew)
 *   distinct         true: the rows of one driving parent never pick the same row here (a join
 *                    table without duplicate pairs)
 *   percentBlank     the share of rows with no parent (a nullable reference)
 * A reference to its own table (an employee's manager) picks a row before its own; the first
 * row has none.
 */

/** The version of the document format this engine reads. */
export const PROJECT_FORMAT_VERSION = 1;

export interface ProjectDocument {
  /** Marks the file as a project (a schema file is a list of fields or an object with `fields`). */
  rowloom_project: typeof PROJECT_FORMAT_VERSION;
  name: string;
  /** The seed every table's rows come from: the same seed gives the same database. */
  seed?: string | number | null;
  /** The reference time of formulas' now(), as generate's `now`. */
  now?: string | null;
  tables: ProjectTable[];
}

export interface ProjectTable {
  /** The table's name, as in SQL (letters, digits, _ and $; a schema-qualified name is "sales.orders"). */
  name: string;
  /** Fields as a generate request takes them (docs/schemas.md). */
  fields: unknown[];
  /** Row count; ignored (and may be absent) when a Reference field has `children`. */
  count?: number;
  /** The columns of the primary key, in order. */
  primary_key?: string[];
  /** Other unique column sets. */
  unique?: string[][];
  /** What the database says of each column, by field name (import fills it; load and verify read it). */
  columns?: Record<string, ColumnFacts>;
  /** Columns the database fills itself (identity, defaults) and generation leaves out. */
  omitted?: string[];
}

/** A column as a database declares it. */
export interface ColumnFacts {
  /** As declared, e.g. "varchar(255)", "numeric(10,2)", "timestamp with time zone". */
  sql_type?: string;
  not_null?: boolean;
  /** Maximum length in characters of a text column. */
  max_length?: number;
  /** The default expression as the database gives it. */
  default?: string;
  /** A CHECK (col IN (...)) list: the only values allowed. */
  check?: string[];
}
