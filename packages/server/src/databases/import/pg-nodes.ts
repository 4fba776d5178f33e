/**
 * Reading PostgreSQL's own parse tree (libpg-query): names, types, CHECK lists and the source text
 * of expressions. The tree gives each node the byte offset where it starts, not where it ends, so
 * an expression's text is cut from the source with PostgreSQL's own scanner.
 */
import { scanSync, type Node, type TypeName } from 'libpg-query';
import { sqlType, type SqlType } from './sql-types.js';

/** The text of a String node (names are lists of them). */
export function stringOf(node: Node | undefined): string | undefined {
  return node && 'String' in node ? node.String.sval : undefined;
}

export function namesOf(nodes: Node[] | undefined): string[] {
  return (nodes ?? []).map(stringOf).filter((name): name is string => name !== undefined);
}

function integerOf(node: Node): number | undefined {
  if ('A_Const' in node) return node.A_Const.ival?.ival ?? (node.A_Const.ival ? 0 : undefined);
  if ('Integer' in node) return node.Integer.ival ?? 0;
  return undefined;
}

/** A column's type; `enums`: the labels of the enum types the script created, by name. */
export function typeOf(typeName: TypeName, enums: Map<string, string[]>): { type: SqlType; labels?: string[] } {
  const names = namesOf(typeName.names);
  const name = names[names.length - 1] ?? '';
  const labels = enums.get(names.join('.')) ?? enums.get(name);
  if (labels) return { type: { declared: names.join('.'), kind: 'text' }, labels };
  const args = (typeName.typmods ?? []).map(integerOf).filter((n): n is number => n !== undefined);
  // The parser writes "timestamp(3) with time zone" as timestamptz; "time with time zone" as timetz.
  return { type: sqlType(name, { args, array: (typeName.arrayBounds?.length ?? 0) > 0 }) };
}

function withoutCasts(node: Node | undefined): Node | undefined {
  let at = node;
  while (at && 'TypeCast' in at) at = at.TypeCast.arg;
  return at;
}

function constantText(node: Node | undefined): string | undefined {
  const bare = withoutCasts(node);
  if (!bare || !('A_Const' in bare)) return undefined;
  const value = bare.A_Const;
  if (value.sval) return value.sval.sval ?? '';
  if (value.ival) return String(value.ival.ival ?? 0);
  if (value.fval) return value.fval.fval;
  return undefined;
}

function columnOf(node: Node | undefined): string | undefined {
  const bare = withoutCasts(node);
  if (!bare || !('ColumnRef' in bare)) return undefined;
  const fields = namesOf(bare.ColumnRef.fields);
  return fields[fields.length - 1];
}

/**
 * `col IN ('a', 'b')`, or `col = ANY (ARRAY['a', 'b'])` as pg_dump writes it, with any casts:
 * the column and its values; null for any other condition.
 */
export function checkList(expression: Node | undefined): { column: string; values: string[] } | null {
  if (!expression || !('A_Expr' in expression)) return null;
  const { kind, lexpr, rexpr, name } = expression.A_Expr;
  const column = columnOf(lexpr);
  if (column === undefined) return null;
  let items: Node[] | undefined;
  if (kind === 'AEXPR_IN' && rexpr && 'List' in rexpr) items = rexpr.List.items;
  else if (kind === 'AEXPR_OP_ANY' && stringOf(name?.[0]) === '=') {
    const array = withoutCasts(rexpr);
    if (array && 'A_ArrayExpr' in array) items = array.A_ArrayExpr.elements;
  }
  if (!items || items.length === 0) return null;
  const values = items.map(constantText);
  return values.every((v): v is string => v !== undefined) ? { column, values } : null;
}

/** The smallest `location` in a subtree: where an expression's text starts. */
export function startOf(node: unknown): number {
  let least = Infinity;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null)
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'location' && typeof inner === 'number' && inner >= 0) least = Math.min(least, inner);
        else visit(inner);
      }
  };
  visit(node);
  return least;
}

/**
 * The source text of an expression starting at byte `start`, up to `limit` at most: the tokens
 * until a comma or closing parenthesis that is not its own (the end of the column definition).
 */
export function expressionText(source: Buffer, start: number, limit: number): string {
  const slice = source.subarray(start, limit).toString('utf8');
  const { tokens } = scanSync(slice);
  let depth = 0;
  let end = 0;
  for (const token of tokens) {
    if (token.text === '(' || token.text === '[') depth++;
    else if (token.text === ')' || token.text === ']') depth--;
    if (depth < 0 || (depth === 0 && (token.text === ',' || token.text === ';'))) break;
    end = token.end;
  }
  return Buffer.from(slice).subarray(0, end).toString('utf8').trim();
}
