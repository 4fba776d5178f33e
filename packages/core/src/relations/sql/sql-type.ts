/**
 * A column's declared SQL type (a project's `columns.<name>.sql_type`) goes into CREATE TABLE
 * as written, so it must be a type and nothing else: a name (schema-qualified or quoted), size
 * arguments, the few words types are spelled with (`character varying`, `timestamp(3) with
 * time zone`, `int unsigned`), and array brackets. No DEFAULT, CHECK, GENERATED or function call
 * (which a database would run with the loader's rights), no comment and no second statement:
 * a project loaded by the server into an operator's database (ROWLOOM_LOAD_TARGETS) is written
 * by a user who must not run SQL there.
 */
const IDENT = '(?:[A-Za-z_][A-Za-z0-9_$]*|"[^"\\\\]{1,63}")';
const NAME = `${IDENT}(?:\\.${IDENT})?`;
/** Words that follow a type's name in the types databases declare, and nothing that starts an expression. */
const WORDS = [
  'varying',
  'precision',
  'unsigned',
  'signed',
  'zerofill',
  'with',
  'without',
  'time',
  'zone',
  'local',
  'character',
  'char',
  'varchar',
  'binary',
  'large',
  'object',
  'double',
  'long',
  'int',
  'integer',
  'text',
];
/** A size (`255`, `max`), or a MySQL ENUM/SET label ('active', quotes doubled, no backslash). */
const ARG = "(?:\\d{1,10}|max|'(?:[^'\\\\]|''){0,200}')";
const ARGS = `(?:\\s*\\(\\s*${ARG}(?:\\s*,\\s*${ARG}){0,999}\\s*\\))`;
const SQL_TYPE = new RegExp(
  `^${NAME}${ARGS}?(?:\\s+(?:${WORDS.join('|')})${ARGS}?){0,4}(?:\\s*\\[\\d{0,10}\\]){0,6}$`,
  'i',
);

/** Null when `text` is a column type CREATE TABLE may carry; otherwise why not. */
export function sqlTypeProblem(text: string): string | null {
  if (text.length > 1000) return 'sql_type is longer than 1000 characters';
  if (SQL_TYPE.test(text.trim())) return null;
  return `sql_type ${JSON.stringify(text.slice(0, 80))} is not a column type: write a type name with its size, such as varchar(100), numeric(10,2), timestamp with time zone or enum('a','b'); no DEFAULT, CHECK or other clauses`;
}
