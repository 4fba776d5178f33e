/**
 * Formula text -> a closure run once per row. The tree is checked and compiled once: names are
 * resolved to field references (which also orders the fields), functions and methods are looked
 * up in their tables with their argument counts checked, and every problem is reported with its
 * line and column. Nothing is evaluated with eval or new Function; there are no loops, so the
 * work per row is bounded by the formula's size.
 *
 * This module is the entry and the dispatch on node kinds; each kind is compiled by its own
 * module (compile-literals, compile-names, compile-calls, compile-special-forms,
 * compile-methods with clock-idioms, compile-index, compile-operators, compile-conditionals),
 * all sharing one CompileContext (scope.ts). Dates read from and written to date fields go
 * through field-dates.ts.
 */
import type { CounterRandom } from '../random/counter-random.js';
import { closestMatch } from '../kernel/suggest.js';
import type { CompiledFormula, FieldReference, RowState, ValueGenerator } from '../kernel/define-type.js';
import { FormulaError, type FormulaNode, type Position } from './ast.js';
import { compileCall } from './compile-calls.js';
import { compileCase, compileIf } from './compile-conditionals.js';
import { compileIndex } from './compile-index.js';
import { compileConstant, compileHash, compileList, compileRegexLiteral, compileText } from './compile-literals.js';
import { compileMethod } from './compile-methods.js';
import { compileName } from './compile-names.js';
import { compileBinary, compileUnary } from './compile-operators.js';
import { dateWriter } from './field-dates.js';
import { FUNCTIONS } from './functions.js';
import { formulaCharacters } from './output-characters.js';
import { parseFormulaSource } from './formula-source.js';
import { compileAssignment, compileSequence } from './compile-locals.js';
import { compileFormulaStore, containsStore } from './compile-store.js';
import { resetBlockBudget } from './compile-blocks.js';
import { resetMatchBudget } from './regex-value.js';
import { FormulaDate, ROW_TEXT_SPENT, toFieldValue, type DateWriter } from './runtime.js';
import type { CompileContext, FormulaScope, Frame, Thunk } from './scope.js';
import type { CallEnvironment } from './functions.js';
import { rowBudget } from '../kernel/row-budget.js';
import type { Value } from '../kernel/values.js';

export type { CompiledFormula } from '../kernel/define-type.js';
export type { FormulaScope } from './scope.js';

/** Several problems in one formula, all reported together. */
export class FormulaErrors extends Error {
  constructor(readonly errors: FormulaError[]) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'FormulaErrors';
  }
}

export function compileFormula(source: string, formulaScope: FormulaScope): CompiledFormula {
  const tree = parseFormulaSource(source); // throws FormulaError for syntax
  const errors: FormulaError[] = [];
  // The fields the names resolve to, kept for working out the formula's characters.
  const fields = new Map<string, FieldReference>();
  const scope: FormulaScope = {
    ...formulaScope,
    field(name) {
      const reference = formulaScope.field(name);
      if (reference) fields.set(name, reference);
      return reference;
    },
  };
  const locals = new Map<string, number>();
  const localSlots = { count: 0 };
  const context: CompileContext = {
    scope,
    locals,
    localSlots,
    ...(containsStore(tree) ? { readCopies: new Map<string, number>() } : {}),
    fail(message: string, position: Position): Thunk {
      errors.push(new FormulaError(message, position));
      return () => null;
    },
    compile: (node) => compileNode(node, context),
    suggestName(name: string): string {
      const suggestion = closestMatch(name, [...locals.keys(), ...scope.fieldNames(), ...FUNCTIONS.map((f) => f.name)]);
      return suggestion ? `; did you mean '${suggestion}'?` : '';
    },
  };
  const root = compileNode(tree, context);
  if (errors.length > 0) throw new FormulaErrors(errors);
  return runEachRow(root, scope, formulaCharacters(tree, fields), localSlots.count);
}

/** The compiled tree as a CompiledFormula: one frame per formula, refilled for each row, so evaluation allocates nothing itself. */
function runEachRow(
  root: Thunk,
  scope: FormulaScope,
  characters: () => string | null,
  localCount: number,
): CompiledFormula {
  const dates = dateWriter(scope.selfDate);
  const fault = scope.fault;
  const environment: CallEnvironment = {
    random: null as unknown as CounterRandom,
    startedAt: new FormulaDate(scope.startedAtMs),
    generationUuid: scope.generationUuid,
  };
  const frame: Frame = {
    row: null as unknown as RowState,
    self: null,
    environment,
    ...(localCount > 0 ? { locals: new Array<unknown>(localCount).fill(null) } : {}),
  };
  return {
    characters,
    evaluate: (row, self, random) => {
      frame.row = row;
      frame.self = self;
      environment.random = random;
      return run(root, frame, dates, fault);
    },
    fieldGenerator: () => fieldValues(root, frame, dates, fault),
  };
}

/** The tree's value for the row in the frame, as a field value. */
function run(root: Thunk, frame: Frame, dates: DateWriter, fault?: (message: string) => void): Value {
  resetMatchBudget();
  resetBlockBudget();
  frame.locals?.fill(null);
  try {
    const value = root(frame);
    // Most formulas make text, which is already a field value: one test instead of toFieldValue's.
    return typeof value === 'string' ? value : toFieldValue(value, dates);
  } catch (error) {
    // Past the row's text budget, or a text assembled from bounded pieces that is still too
    // long for a JavaScript string (a 10,000-item list of long texts as JSON): nil, never a
    // crashed download.
    if (error === ROW_TEXT_SPENT || error instanceof RangeError) {
      fault?.(error === ROW_TEXT_SPENT ? "the row's text budget was spent" : (error as Error).message);
      return null;
    }
    throw error;
  }
}

/**
 * A Formula field's generator: what budgeted(evaluate) does (kernel/row-budget.ts), in one
 * closure whose helpers are plain functions V8 inlines (a closure calling the formula's
 * `evaluate` closure cost a check of which closure it was, on every value). A Formula field has
 * no `this`, so `self` is always nil.
 */
function fieldValues(root: Thunk, frame: Frame, dates: DateWriter, fault?: (message: string) => void): ValueGenerator {
  const environment = frame.environment;
  return (random, row) => {
    if (rowBudget.values < 0) return null;
    frame.row = row;
    frame.self = null;
    environment.random = random;
    return rowBudget.admit(run(root, frame, dates, fault));
  };
}

/** Compiles one node with the formula's rules; a program's compiler calls it for every kind it does not handle itself. */
export function compileNode(node: FormulaNode, context: CompileContext): Thunk {
  switch (node.kind) {
    case 'number':
    case 'boolean':
    case 'nil':
      return compileConstant(node);
    case 'string':
      return compileText(node, context);
    case 'array':
      return compileList(node, context);
    case 'hash':
      return compileHash(node, context);
    case 'regex':
      return compileRegexLiteral(node, context);
    case 'name':
      return compileName(node, context);
    case 'call':
      return compileCall(node, context);
    case 'method':
      return compileMethod(node, context);
    case 'index':
      return compileIndex(node, context);
    case 'range':
      return context.fail('a range (a..b) can only be used inside [...], e.g. name[0..2]', node.position);
    case 'unary':
      return compileUnary(node, context);
    case 'binary':
      return compileBinary(node, context);
    case 'if':
      return compileIf(node, context);
    case 'case':
      return compileCase(node, context);
    case 'block':
      return compileSequence(node, context);
    case 'assign':
      return context.locals
        ? compileAssignment(node, context, context.locals)
        : context.fail('assignments are only allowed in formulas and mock handlers', node.position);
    case 'store':
      // A handler's compiler (handlers/) has its own, which reports a failed store as an error.
      return compileFormulaStore(node, context);
  }
}
