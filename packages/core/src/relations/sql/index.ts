/** Loading a project's tables into a database: the SQL text every loader and script shares. */
export type { TableText, DeferredColumn } from '../table-text.js';
export type { ColumnFacts, ProjectTable } from '../project-document.js';
export { tableReferences, uniqueSets, type TableReference } from '../table-references.js';
export {
  SQL_DIALECTS,
  booleanOf,
  quoteName,
  quoteString,
  quoteTable,
  valueLiteral,
  valueShape,
  type SqlDialect,
  type ValueShape,
} from './dialect.js';
export { tableDdl, type TableColumns, type TableDdl } from './create-table.js';
export { sqlTypeProblem } from './sql-type.js';
export {
  DEFAULT_ROWS_PER_STATEMENT,
  DEFAULT_STATEMENT_BYTES,
  SQLSERVER_MAX_ROWS,
  InsertBatcher,
  TableWriting,
  deferredKey,
  deferredUpdate,
  truncateStatements,
  type StatementLimits,
} from './statements.js';
export { sqlScript, type SqlScriptOptions } from './sql-script.js';
export { deferredColumns } from './deferred-columns.js';
