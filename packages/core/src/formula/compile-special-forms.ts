/**
 * Calls whose arguments must be known when the formula compiles: from_dataset (a dataset and
 * its columns), generate (a type and its parameters) and `/pattern/.gen` (a pattern).
 */
import { closestMatch } from '../kernel/suggest.js';
import { compileBudgetedPattern } from '../regex/compile.js';
import { rowBudget } from '../kernel/row-budget.js';
import { parsePattern } from '../regex/parser.js';
import { PatternError } from '../regex/pattern-error.js';
import type { FieldReference } from '../kernel/define-type.js';
import { valueToText } from '../kernel/value-text.js';
import type { FormulaNode, Position } from './ast.js';
import { constantOf, NOT_CONSTANT } from './constant-value.js';
import { literalText } from './compile-literals.js';
import { buildJoinIndex } from './dataset-join.js';
import { unreadRows } from '../kernel/dataset-view.js';
import { toText } from './runtime.js';
import type { CompileContext, NodeOf, Thunk } from './scope.js';

/**
 * from_dataset('dataset', 'column', key_column: expression, ...): the column of the first
 * dataset row whose key columns equal the expressions (as text). The index is built once per
 * dataset and key columns, so a row costs one map lookup, not a scan.
 */
export function compileFromDataset(node: NodeOf<'call'>, context: CompileContext): Thunk {
  const { args, keywords, position } = node;
  const { scope, fail } = context;
  const usage =
    "from_dataset('dataset name', 'column', key_column: value), e.g. from_dataset('stores', 'city', id: store_id)";
  const datasetName = literalText(args[0]);
  const column = literalText(args[1]);
  if (args.length !== 2 || datasetName === null || column === null || keywords.length === 0)
    return fail(
      `from_dataset takes a dataset name and a column in quotes, then the join as keyword arguments: ${usage}`,
      position,
    );
  const dataset = scope.dataset(datasetName);
  if (!dataset) {
    const known = scope.datasetNames();
    const suggestion = closestMatch(datasetName, known);
    return fail(
      `unknown dataset '${datasetName}'${suggestion ? `; did you mean '${suggestion}'?` : known.length === 0 ? ' (no datasets have been uploaded)' : ''}`,
      args[0].position,
    );
  }
  const columnIndex = (name: string, at: Position): number => {
    const i = dataset.columns.indexOf(name);
    if (i < 0) fail(`dataset '${datasetName}' has no column '${name}' (columns: ${dataset.columns.join(', ')})`, at);
    return i;
  };
  const valueColumn = columnIndex(column, args[1].position);
  const keyColumns = keywords.map((k) => columnIndex(k.name, k.value.position));
  if (valueColumn < 0 || keyColumns.some((i) => i < 0)) return () => null;
  // Rows not on this thread (datasetView): the names are checked; the join runs where rows are made.
  const rows = dataset.rows;
  if (rows === null) return unreadRows(datasetName);
  const index = scope.shared(`from_dataset:${datasetName}:${keyColumns.join(',')}`, () =>
    buildJoinIndex(rows, keyColumns),
  );
  const keyThunks = keywords.map((k) => context.compile(k.value));
  if (keyThunks.length === 1) {
    const [key] = keyThunks;
    return (frame) => index.lookup(toText(key(frame)), valueColumn);
  }
  return (frame) => index.lookup(keyThunks.map((k) => toText(k(frame))).join(index.separator), valueColumn);
}

/**
 * children('table', 'column'): in a project's table, the column's values in the rows of `table`
 * that belong to this row, as a list (an order's lines' amounts), read through the relations.
 */
export function compileChildren(node: NodeOf<'call'>, context: CompileContext): Thunk {
  const { args, keywords, position } = node;
  const table = literalText(args[0]);
  const column = literalText(args[1]);
  if (args.length !== 2 || table === null || column === null || keywords.length > 0)
    return context.fail(
      "children takes a table and a column in quotes, e.g. children('order_lines', 'amount').sum",
      position,
    );
  const children = context.scope.children;
  if (!children)
    return context.fail(
      "children(...) reads another table of a project and exists only in a project's tables",
      position,
    );
  const read = children(table, column);
  if (typeof read === 'string') return context.fail(read, args[0].position);
  return (frame) => read(frame.row);
}

/**
 * generate('Type Name', param: value, ...): a value of any registered type. The parameters are
 * literals, so the type is prepared once when the formula compiles, like a field of that type.
 */
export function compileGenerate(node: NodeOf<'call'>, context: CompileContext): Thunk {
  const { args, keywords, position } = node;
  const { fail } = context;
  const typeName = literalText(args[0]);
  if (args.length !== 1 || typeName === null)
    return fail(
      "generate takes a type name in quotes, then its parameters as keyword arguments, e.g. generate('Number', min: 1, max: 10)",
      position,
    );
  const params: Record<string, unknown> = {};
  for (const keyword of keywords) {
    const value = constantValue(keyword.value);
    if (value === undefined)
      return fail(
        `generate's parameter ${keyword.name}: must be a literal (a number, text, true/false or a list of them)`,
        keyword.value.position,
      );
    params[keyword.name] = value;
  }
  const created = context.scope.createType(typeName, params);
  if (Array.isArray(created)) {
    for (const problem of created) fail(`generate('${typeName}'): ${problem}`, position);
    return () => null;
  }
  return (frame) => created(frame.environment.random, frame.row);
}

/** `/pattern/.gen`: a text matching the pattern, as the Regular Expression type makes it. */
export function compileRegexGen(node: NodeOf<'method'>, regex: NodeOf<'regex'>, context: CompileContext): Thunk {
  const { fail } = context;
  if (node.args.length > 0) return fail('gen takes no arguments', node.namePosition);
  let parsed;
  try {
    parsed = parsePattern(regex.source);
  } catch (error) {
    if (!(error instanceof PatternError)) throw error;
    return fail(`cannot generate from /${regex.source}/: ${error.message}`, regex.position);
  }
  const readers = new Map<string, FieldReference>();
  for (const name of parsed.fieldNames) {
    const reference = context.scope.field(name);
    if (!reference) return fail(`unknown field '${name}' in {{${name}}}${context.suggestName(name)}`, regex.position);
    readers.set(name, reference);
  }
  // Shares the row's budget of rounds with its Regular Expression fields (kernel/limits.ts).
  const generator = compileBudgetedPattern(
    parsed,
    (name) => {
      const reference = readers.get(name)!;
      return (row) => valueToText(reference.read(row));
    },
    rowBudget,
  );
  return (frame) => generator(frame.environment.random, frame.row);
}

/** The value of a literal (number, text without interpolation, true/false/nil, list of literals); undefined otherwise. */
function constantValue(node: FormulaNode): unknown {
  if (node.kind === 'array') {
    const items = node.items.map(constantValue);
    return items.includes(undefined) ? undefined : items;
  }
  const value = constantOf(node);
  return value === NOT_CONSTANT ? undefined : value;
}
