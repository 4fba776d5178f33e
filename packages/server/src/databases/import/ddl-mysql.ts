/**
 * MariaDB/MySQL DDL (hand-written or mysqldump's) -> ImportedSchema. The script is cut into
 * statements by dbgate-query-splitter (quotes, comments and DELIMITER as the mysql client reads
 * them); CREATE TABLE, ALTER TABLE and CREATE UNIQUE INDEX go through node-sql-parser, every other
 * statement is counted as ignored without being parsed, so a dump's triggers and procedures
 * (which node-sql-parser does not read) never fail an import.
 */
import nodeSqlParser from 'node-sql-parser';
import { mysqlSplitterOptions, splitQuery } from 'dbgate-query-splitter';
import { IgnoredStatements, openingWords, statementStart } from './ignored-statements.js';
import { checkTableCount, ImportError, type ImportedSchema, type ImportedTable } from './import-model.js';
import { readMysqlAlter, readMysqlCreate, readMysqlUniqueIndex, type MysqlAst } from './mysql-ast.js';

const parser = new nodeSqlParser.Parser();

interface Piece {
  text: string;
  trimStart?: { line: number };
}

/** Leading comments, except MySQL's /*! conditional ones, which hold statements. */
const LEADING_COMMENTS = /^(\s|--[^\n]*(\n|$)|#[^\n]*(\n|$)|\/\*(?!!)[\s\S]*?\*\/)*/;

export function readMysqlDdl(text: string): ImportedSchema {
  const pieces = splitQuery(text, { ...mysqlSplitterOptions, returnRichInfo: true }) as Piece[];
  const tables: ImportedTable[] = [];
  const warnings: string[] = [];
  const ignored = new IgnoredStatements();
  for (const piece of pieces) {
    const statement = piece.text.replace(LEADING_COMMENTS, '');
    const line =
      (piece.trimStart?.line ?? 0) + 1 + countLines(piece.text.slice(0, piece.text.length - statement.length));
    // A conditional comment (/*!40101 SET ... */) is for MySQL of some version only: not a table.
    if (statement === '' || statement.startsWith('/*!')) continue;
    const words = openingWords(statement);
    const wanted = /^(CREATE TABLE|ALTER TABLE)$/.test(words) || /^create\s+unique\s+index/i.test(statement);
    if (!wanted) {
      ignored.add(words, line);
      continue;
    }
    const ast = parse(statement, line);
    if (ast.type === 'create' && ast.keyword === 'table') readMysqlCreate(ast, tables, warnings, line);
    else if (ast.type === 'alter') readMysqlAlter(ast, tables, warnings, line);
    else if (ast.type === 'create' && ast.keyword === 'index') readMysqlUniqueIndex(ast, tables, warnings, line);
    checkTableCount(tables.length);
  }
  return { tables, warnings: [...warnings, ...ignored.warnings()] };
}

function countLines(text: string): number {
  return text.match(/\n/g)?.length ?? 0;
}

function parse(statement: string, line: number): MysqlAst {
  try {
    const ast = parser.astify(statement, { database: 'mysql' });
    return (Array.isArray(ast) ? ast[0] : ast) as unknown as MysqlAst;
  } catch (error) {
    const location = (error as { location?: { start?: { line?: number; column?: number } } }).location?.start;
    const where = location?.line ? `line ${line + location.line - 1}, column ${location.column}` : `line ${line}`;
    const message = (error as Error).message.replace(/^Expected .* but /, 'unexpected: ');
    throw new ImportError(`${where}: ${message}, in the statement "${statementStart(statement)}"`);
  }
}
