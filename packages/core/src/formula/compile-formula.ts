/**
 * Formula text -> a closure run once per row. The tree is checked and compiled once: names are
 * resolved to field references (which also orders the fields), functions and methods are looked
 * up in their tables with their argument counts checked, and every problem is reported with its
 * line and column. Nothing is evaluated with eval or new Function; there are no loops, so the
 * work per row is bounded by the formula's size.
 */
import type { CounterRandom } from '../random/counter-random.js';
import { closestMatch } from '../schema/suggest.js';
import { compileBudgetedPattern } from '../regex/compile.js';
import { rowBudget } from '../schema/row-budget.js';
import { parsePattern } from '../regex/parser.js';
import { PatternError } from '../regex/pattern-error.js';
import type { DatasetTable, FieldReference, RowState, ValueGenerator } from '../types/define-type.js';
import { valueToText } from '../types/value-text.js';
import type { Value } from '../values.js';
import { FormulaError, type FormulaNode, type Position } from './ast.js';
import { FUNCTIONS, FUNCTIONS_BY_NAME, PLANNED_FUNCTIONS, type CallEnvironment } from './functions.js';
import { METHODS, METHODS_BY_NAME, PLANNED_METHODS } from './methods.js';
import { buildJoinIndex } from './dataset-join.js';
import { MAX_TEXT } from './limits.js';
import { parseFormula } from './parser.js';
import { compileRegex, FormulaRegex, matchIndex, resetMatchBudget } from './regex-value.js';
import { add, boundedText, chargeText, compare, FormulaDate, divide, equals, modulo, multiply, ROW_TEXT_SPENT, subtract, toFieldValue, toInteger, toNumber, toText, truthy } from './runtime.js';

/** Several problems in one formula, all reported together. */
export class FormulaErrors extends Error {
  constructor(readonly errors: FormulaError[]) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'FormulaErrors';
  }
}

/** What a formula can see: the row's fields, and its own value in a `formula` property. */
export interface FormulaScope {
  /** Resolves a field (sibling, then enclosing scopes) and records the dependency; undefined when unknown. */
  field(name: string): FieldReference | undefined;
  /** Every field name, for "did you mean". */
  fieldNames(): readonly string[];
  /** `this` (the field's own generated value) is available: true for a field's formula property. */
  hasThis: boolean;
  startedAtMs: number;
  generationUuid: string;
  /** A dataset the caller gave, for from_dataset; undefined when there is none of that name. */
  dataset(name: string): DatasetTable | undefined;
  /** Every dataset name the caller has, for the message about a missing one. */
  datasetNames(): readonly string[];
  /** One value per schema and key: a dataset's join index is built once for every formula using it. */
  shared<T>(key: string, make: () => T): T;
  /** generate('Type', ...): that type's generator, or the problems with the name or parameters. */
  createType(typeName: string, params: Record<string, unknown>): ValueGenerator | string[];
}

export interface CompiledFormula {
  evaluate(row: RowState, self: Value, random: CounterRandom): Value;
}

interface Frame {
  row: RowState;
  self: Value;
  environment: CallEnvironment;
}

type Thunk = (frame: Frame) => unknown;

/** Names that are the language's own, valid with no field of that name. */
const EMPTY_REQUEST: Readonly<Record<string, never>> = Object.freeze({});
const REQUEST_NAMES = new Set(['request_params', 'request_entity']);

export function compileFormula(source: string, scope: FormulaScope): CompiledFormula {
  const tree = parseFormula(source); // throws FormulaError for syntax
  const errors: FormulaError[] = [];
  const fail = (message: string, position: Position): Thunk => {
    errors.push(new FormulaError(message, position));
    return () => null;
  };

  const suggestName = (name: string): string => {
    const suggestion = closestMatch(name, [...scope.fieldNames(), ...FUNCTIONS.map((f) => f.name)]);
    return suggestion ? `; did you mean '${suggestion}'?` : '';
  };

  const readField = (reference: FieldReference): Thunk => (frame) => reference.read(frame.row);

  const compileName = (node: Extract<FormulaNode, { kind: 'name' }>): Thunk => {
    const { name, position } = node;
    if (name === 'this') return scope.hasThis ? (frame) => frame.self : fail("'this' is the field's own value and exists only in a field's formula property", position);
    const reference = scope.field(name);
    if (reference) return readField(reference);
    if (REQUEST_NAMES.has(name)) return () => EMPTY_REQUEST; // empty outside a mock endpoint
    const fn = FUNCTIONS_BY_NAME.get(name);
    if (fn && fn.minArgs === 0) return (frame) => chargeText(fn.call([], frame.environment));
    return fail(`unknown name '${name}'${suggestName(name)}`, position);
  };

  const compileCall = (node: Extract<FormulaNode, { kind: 'call' }>): Thunk => {
    const { name, args, keywords, position } = node;
    if (name === 'field') {
      const [first] = args;
      if (args.length !== 1 || first.kind !== 'string' || first.parts.some((p) => typeof p !== 'string')) {
        return fail("field(...) takes one field name in quotes, e.g. field('First Name')", position);
      }
      const fieldName = first.parts.join('');
      const reference = scope.field(fieldName);
      return reference ? readField(reference) : fail(`unknown field '${fieldName}'${suggestName(fieldName)}`, first.position);
    }
    if (name === 'from_dataset') return compileFromDataset(node);
    if (name === 'generate') return compileGenerate(node);
    const fn = FUNCTIONS_BY_NAME.get(name);
    if (!fn) {
      if (PLANNED_FUNCTIONS.includes(name)) return fail(`function '${name}' is not available in this version of Rowloom yet`, position);
      const suggestion = closestMatch(name, FUNCTIONS.map((f) => f.name));
      return fail(`unknown function '${name}'${suggestion ? `; did you mean '${suggestion}'?` : ''}`, position);
    }
    if (keywords.length > 0) return fail(`function '${name}' takes no keyword arguments (${keywords[0].name}:)`, keywords[0].value.position);
    if (args.length < fn.minArgs || args.length > fn.maxArgs) {
      const expected = fn.minArgs === fn.maxArgs ? `${fn.minArgs}` : `${fn.minArgs} to ${fn.maxArgs}`;
      return fail(`function '${name}' takes ${expected} argument${fn.maxArgs === 1 ? '' : 's'}, got ${args.length}: ${fn.signature}`, position);
    }
    return withArguments(args.map(compile), (values, frame) => chargeText(fn.call(values, frame.environment)));
  };

  /** The text of a quoted literal without interpolation, else null. */
  const literalText = (node: FormulaNode | undefined): string | null =>
    node?.kind === 'string' && node.parts.every((p) => typeof p === 'string') ? node.parts.join('') : null;

  /**
   * from_dataset('dataset', 'column', key_column: expression, ...): the column of the first
   * dataset row whose key columns equal the expressions (as text). The index is built once per
   * dataset and key columns, so a row costs one map lookup, not a scan.
   */
  const compileFromDataset = (node: Extract<FormulaNode, { kind: 'call' }>): Thunk => {
    const { args, keywords, position } = node;
    const usage = "from_dataset('dataset name', 'column', key_column: value), e.g. from_dataset('stores', 'city', id: store_id)";
    const datasetName = literalText(args[0]);
    const column = literalText(args[1]);
    if (args.length !== 2 || datasetName === null || column === null || keywords.length === 0) return fail(`from_dataset takes a dataset name and a column in quotes, then the join as keyword arguments: ${usage}`, position);
    const dataset = scope.dataset(datasetName);
    if (!dataset) {
      const known = scope.datasetNames();
      const suggestion = closestMatch(datasetName, known);
      return fail(`unknown dataset '${datasetName}'${suggestion ? `; did you mean '${suggestion}'?` : known.length === 0 ? ' (no datasets have been uploaded)' : ''}`, args[0].position);
    }
    const columnIndex = (name: string, at: Position): number => {
      const i = dataset.columns.indexOf(name);
      if (i < 0) fail(`dataset '${datasetName}' has no column '${name}' (columns: ${dataset.columns.join(', ')})`, at);
      return i;
    };
    const valueColumn = columnIndex(column, args[1].position);
    const keyColumns = keywords.map((k) => columnIndex(k.name, k.value.position));
    if (valueColumn < 0 || keyColumns.some((i) => i < 0)) return () => null;
    const index = scope.shared(`from_dataset:${datasetName}:${keyColumns.join(',')}`, () => buildJoinIndex(dataset, keyColumns));
    const keyThunks = keywords.map((k) => compile(k.value));
    if (keyThunks.length === 1) {
      const [key] = keyThunks;
      return (frame) => index.lookup(toText(key(frame)), valueColumn);
    }
    return (frame) => index.lookup(keyThunks.map((k) => toText(k(frame))).join(index.separator), valueColumn);
  };

  /**
   * generate('Type Name', param: value, ...): a value of any registered type. The parameters are
   * literals, so the type is prepared once when the formula compiles, like a field of that type.
   */
  const compileGenerate = (node: Extract<FormulaNode, { kind: 'call' }>): Thunk => {
    const { args, keywords, position } = node;
    const typeName = literalText(args[0]);
    if (args.length !== 1 || typeName === null) return fail("generate takes a type name in quotes, then its parameters as keyword arguments, e.g. generate('Number', min: 1, max: 10)", position);
    const params: Record<string, unknown> = {};
    for (const keyword of keywords) {
      const value = constantValue(keyword.value);
      if (value === undefined) return fail(`generate's parameter ${keyword.name}: must be a literal (a number, text, true/false or a list of them)`, keyword.value.position);
      params[keyword.name] = value;
    }
    const created = scope.createType(typeName, params);
    if (Array.isArray(created)) {
      for (const problem of created) fail(`generate('${typeName}'): ${problem}`, position);
      return () => null;
    }
    return (frame) => created(frame.environment.random, frame.row);
  };

  /** `/pattern/.gen`: a text matching the pattern, as the Regular Expression type makes it. */
  const compileRegexGen = (node: Extract<FormulaNode, { kind: 'method' }>, regex: Extract<FormulaNode, { kind: 'regex' }>): Thunk => {
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
      const reference = scope.field(name);
      if (!reference) return fail(`unknown field '${name}' in {{${name}}}${suggestName(name)}`, regex.position);
      readers.set(name, reference);
    }
    // Shares the row's budget of rounds with its Regular Expression fields (schema/limits.ts).
    const generator = compileBudgetedPattern(
      parsed,
      (name) => {
        const reference = readers.get(name)!;
        return (row) => valueToText(reference.read(row));
      },
      rowBudget,
    );
    return (frame) => generator(frame.environment.random, frame.row);
  };

  const compileMethod = (node: Extract<FormulaNode, { kind: 'method' }>): Thunk => {
    const { name } = node;
    const position = node.namePosition;
    if (name === 'gen') {
      if (node.receiver.kind === 'regex') return compileRegexGen(node, node.receiver);
      return fail('gen applies to a regular-expression literal, e.g. /[A-Z]{3}-\\d{4}/.gen', position);
    }
    const method = METHODS_BY_NAME.get(name);
    if (!method) {
      if (PLANNED_METHODS.includes(name)) return fail(`method '${name}' is not available in this version of Rowloom yet`, position);
      const suggestion = closestMatch(name, METHODS.map((m) => m.name));
      return fail(`unknown method '${name}'${suggestion ? `; did you mean '${suggestion}'?` : ''}`, position);
    }
    if (node.args.length < method.minArgs || node.args.length > method.maxArgs) {
      return fail(`method '${name}' takes ${method.minArgs === method.maxArgs ? method.minArgs : `${method.minArgs} to ${method.maxArgs}`} arguments, got ${node.args.length}: ${method.signature}`, position);
    }
    const receiver = compile(node.receiver);
    return withArguments(node.args.map(compile), (values, frame) => chargeText(method.call(receiver(frame), values, frame.environment)));
  };

  const compileIndex = (node: Extract<FormulaNode, { kind: 'index' }>): Thunk => {
    const receiver = compile(node.receiver);
    const [first, second] = node.args;
    if (node.args.length === 1 && first.kind === 'range') {
      const from = compile(first.from);
      const to = compile(first.to);
      const exclusive = first.exclusive;
      return (frame) => slice(receiver(frame), toInteger(from(frame)), toInteger(to(frame)), exclusive);
    }
    if (node.args.length === 2) {
      const start = compile(first);
      const length = compile(second);
      return (frame) => {
        const r = receiver(frame);
        const s = toInteger(start(frame));
        return sliceLength(r, s, toInteger(length(frame)));
      };
    }
    if (node.args.length !== 1) return fail('[...] takes an index, a start and a length, or a range', node.position);
    const key = compile(first);
    return (frame) => at(receiver(frame), key(frame));
  };

  const compile = (node: FormulaNode): Thunk => {
    switch (node.kind) {
      case 'number':
      case 'boolean': {
        const value = node.value;
        return () => value;
      }
      case 'nil':
        return () => null;
      case 'string': {
        if (node.parts.every((p) => typeof p === 'string')) {
          const text = node.parts.join('');
          return () => text;
        }
        const parts = node.parts.map((p) => (typeof p === 'string' ? () => p : compile(p)));
        // Cut like every text a formula builds: "#{t}#{t}#{t}..." must not multiply a long text.
        return (frame) => {
          let out = '';
          for (let i = 0; i < parts.length && out.length <= MAX_TEXT; i++) out += toText(parts[i](frame));
          return boundedText(out);
        };
      }
      case 'array': {
        const items = node.items.map(compile);
        return (frame) => items.map((t) => t(frame));
      }
      case 'hash': {
        const entries = node.entries.map((e) => [e.key, compile(e.value)] as const);
        return (frame) => Object.fromEntries(entries.map(([k, t]) => [k, t(frame)]));
      }
      case 'regex': {
        try {
          const regex = compileRegex(node.source, node.flags);
          return () => regex;
        } catch (error) {
          return fail((error as Error).message, node.position);
        }
      }
      case 'name':
        return compileName(node);
      case 'call':
        return compileCall(node);
      case 'method':
        return compileMethod(node);
      case 'index':
        return compileIndex(node);
      case 'range':
        return fail('a range (a..b) can only be used inside [...], e.g. name[0..2]', node.position);
      case 'unary': {
        const operand = compile(node.operand);
        if (node.operator === '-') {
          return (frame) => {
            const v = operand(frame);
            return v === null || v === undefined ? null : -toNumber(v);
          };
        }
        return (frame) => !truthy(operand(frame));
      }
      case 'binary':
        return compileBinary(node);
      case 'if': {
        const condition = compile(node.condition);
        const then = compile(node.then);
        const otherwise = node.otherwise ? compile(node.otherwise) : () => null;
        return (frame) => (truthy(condition(frame)) ? then(frame) : otherwise(frame));
      }
      case 'case': {
        const subject = node.subject ? compile(node.subject) : null;
        const branches = node.branches.map((b) => ({ values: b.values.map(compile), body: compile(b.body) }));
        const otherwise = node.otherwise ? compile(node.otherwise) : () => null;
        return (frame) => {
          const s = subject ? subject(frame) : undefined;
          for (const branch of branches) {
            for (const value of branch.values) {
              if (subject ? equals(s, value(frame)) : truthy(value(frame))) return branch.body(frame);
            }
          }
          return otherwise(frame);
        };
      }
    }
  };

  const compileBinary = (node: Extract<FormulaNode, { kind: 'binary' }>): Thunk => {
    const left = compile(node.left);
    const right = compile(node.right);
    switch (node.operator) {
      case '+':
        return (frame) => add(left(frame), right(frame));
      case '-':
        return (frame) => subtract(left(frame), right(frame));
      case '*':
        return (frame) => multiply(left(frame), right(frame));
      case '/': {
        // 7.0 / 2 is 3.5 in Ruby although 7.0 and 7 are the same JavaScript number: the
        // literal (or to_f) says which division was meant.
        const decimal = isDecimalSource(node.left) || isDecimalSource(node.right);
        return (frame) => divide(left(frame), right(frame), decimal);
      }
      case '%':
        return (frame) => modulo(left(frame), right(frame));
      case '<':
      case '>':
      case '<=':
      case '>=': {
        const operator = node.operator;
        return (frame) => compare(operator, left(frame), right(frame));
      }
      case '==':
        return (frame) => equals(left(frame), right(frame));
      case '!=':
        return (frame) => !equals(left(frame), right(frame));
      case 'and':
      case '&&':
        return (frame) => {
          const l = left(frame);
          return truthy(l) ? right(frame) : l;
        };
      case 'or':
      case '||':
        return (frame) => {
          const l = left(frame);
          return truthy(l) ? l : right(frame);
        };
      case '=~':
        // Ruby allows either order: text =~ /re/ or /re/ =~ text. The index of the match, or nil.
        return (frame) => {
          const l = left(frame);
          const r = right(frame);
          if (r instanceof FormulaRegex) return matchIndex(l, r);
          if (l instanceof FormulaRegex) return matchIndex(r, l);
          return null;
        };
    }
  };

  const root = compile(tree);
  if (errors.length > 0) throw new FormulaErrors(errors);
  // One frame per compiled formula, refilled for each row: evaluation allocates nothing itself.
  const frame: Frame = {
    row: null as unknown as RowState,
    self: null,
    environment: { random: null as unknown as CounterRandom, startedAt: new FormulaDate(scope.startedAtMs), generationUuid: scope.generationUuid },
  };
  return {
    evaluate(row, self, random) {
      resetMatchBudget();
      frame.row = row;
      frame.self = self;
      frame.environment.random = random;
      try {
        return toFieldValue(root(frame));
      } catch (error) {
        // Past the row's text budget, or a text assembled from bounded pieces that is still too
        // long for a JavaScript string (a 10,000-item list of long texts as JSON): nil, never a
        // crashed download.
        if (error === ROW_TEXT_SPENT || error instanceof RangeError) return null;
        throw error;
      }
    },
  };
}

/**
 * Evaluates the argument thunks into one array per call site, reused for every row: a call
 * allocates nothing for its arguments. Safe because the language has no recursion and the
 * functions never keep the array; the callee is invoked after all arguments are evaluated,
 * and a nested call at another site has its own array.
 */
function withArguments(thunks: Thunk[], invoke: (values: unknown[], frame: Frame) => unknown): Thunk {
  const values: unknown[] = new Array(thunks.length);
  const n = thunks.length;
  if (n === 0) return (frame) => invoke(values, frame);
  if (n === 1) {
    const [a] = thunks;
    return (frame) => {
      values[0] = a(frame);
      return invoke(values, frame);
    };
  }
  return (frame) => {
    for (let i = 0; i < n; i++) values[i] = thunks[i](frame);
    return invoke(values, frame);
  };
}

/** A decimal literal (2.0) or an explicit conversion to decimal (x.to_f). */
function isDecimalSource(node: FormulaNode): boolean {
  return (node.kind === 'number' && !node.integer) || (node.kind === 'method' && node.name === 'to_f');
}

/** Ruby-style index: negative counts from the end; out of range is nil. */
function at(receiver: unknown, key: unknown): unknown {
  if (typeof receiver === 'string' || Array.isArray(receiver)) {
    if (typeof key !== 'number') return null;
    const i = key < 0 ? receiver.length + key : Math.trunc(key);
    return i >= 0 && i < receiver.length ? receiver[i] : null;
  }
  if (receiver && typeof receiver === 'object' && !(receiver instanceof Date)) {
    const k = toText(key);
    return Object.hasOwn(receiver, k) ? (receiver as Record<string, unknown>)[k] : null;
  }
  return null;
}

function sliceLength(receiver: unknown, start: number, length: number): unknown {
  if (typeof receiver !== 'string' && !Array.isArray(receiver)) return null;
  const s = start < 0 ? receiver.length + start : start;
  if (s < 0 || s > receiver.length || length < 0) return null;
  return receiver.slice(s, s + length);
}

function slice(receiver: unknown, from: number, to: number, exclusive: boolean): unknown {
  if (typeof receiver !== 'string' && !Array.isArray(receiver)) return null;
  const n = receiver.length;
  const s = from < 0 ? n + from : from;
  let e = to < 0 ? n + to : to;
  if (!exclusive) e += 1;
  if (s < 0 || s > n) return null;
  return receiver.slice(s, Math.max(s, e));
}

/** The value of a literal (number, text without interpolation, true/false/nil, list of literals); undefined otherwise. */
function constantValue(node: FormulaNode): unknown {
  switch (node.kind) {
    case 'number':
    case 'boolean':
      return node.value;
    case 'nil':
      return null;
    case 'string':
      return node.parts.every((p) => typeof p === 'string') ? node.parts.join('') : undefined;
    case 'unary':
      return node.operator === '-' && node.operand.kind === 'number' ? -node.operand.value : undefined;
    case 'array': {
      const items = node.items.map(constantValue);
      return items.includes(undefined) ? undefined : items;
    }
    default:
      return undefined;
  }
}
