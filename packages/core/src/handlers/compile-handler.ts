/**
 * Handler source -> a closure run once per request. The program is parsed by the formula
 * parser's program extension and compiled by the formula compiler, with four kinds of node
 * handled here first: blocks (statements in order), assignments (locals, each in its own slot),
 * names (locals, then the request's names, then the formula's own) and calls (the commands,
 * then the formula's functions). Every problem is collected with its line and column.
 */
import { FormulaError, type FormulaNode, type Position } from '../formula/ast.js';
import { compileCall } from '../formula/compile-calls.js';
import { compileNode } from '../formula/compile-formula.js';
import { compileName } from '../formula/compile-names.js';
import { newLocalSlot } from '../formula/compile-locals.js';
import { FUNCTIONS } from '../formula/functions.js';
import { parseProgram } from '../formula/program-parser.js';
import { ROW_TEXT_SPENT } from '../formula/runtime.js';
import type { FormulaScope, NodeOf, Thunk } from '../formula/scope.js';
import { closestMatch } from '../kernel/suggest.js';
import { HANDLER_LIMITS } from './handler-contract.js';
import { COMMAND_NAMES, compileCommand, type HandlerContext } from './handler-commands.js';
import { compileStore } from './compile-store.js';
import { HandlerError } from './handler-error.js';
import type { HandlerFrame } from './handler-frame.js';
import { compileInput, INPUT_NAMES } from './handler-names.js';

export interface CompiledHandler {
  /** Null when there are problems. */
  run: Thunk | null;
  /** Slots the frame's locals need. */
  localCount: number;
  problems: FormulaError[];
  /** The literal schema names the handler uses, in order of first use. */
  schemaNames: string[];
  /** Where the handler's last statement starts: a problem with the response points there. */
  resultPosition: Position;
}

const START: Position = { line: 1, column: 1, offset: 0 };

export function compileHandler(source: string, scope: FormulaScope): CompiledHandler {
  let tree: FormulaNode;
  try {
    tree = parseProgram(source, { maxLength: HANDLER_LIMITS.sourceChars, maxStatements: HANDLER_LIMITS.statements });
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    return { run: null, localCount: 0, problems: [inHandlerWords(error)], schemaNames: [], resultPosition: START };
  }
  const problems: FormulaError[] = [];
  const context: HandlerContext = {
    scope,
    locals: new Map(),
    localSlots: { count: 0 },
    schemaNames: [],
    fail(message, position) {
      problems.push(new FormulaError(message, position));
      return () => null;
    },
    compile: (node) => compileHandlerNode(node, context),
    suggestName(name) {
      const suggestion = closestMatch(name, [
        ...context.locals.keys(),
        ...INPUT_NAMES,
        ...COMMAND_NAMES,
        ...FUNCTIONS.map((f) => f.name),
      ]);
      return suggestion ? `; did you mean '${suggestion}'?` : '';
    },
  };
  const run = context.compile(tree);
  const statements = tree.kind === 'block' ? tree.statements : [tree];
  return {
    run: problems.length === 0 ? run : null,
    localCount: context.localSlots.count,
    problems,
    schemaNames: context.schemaNames,
    resultPosition: statements.length > 0 ? statements[statements.length - 1].position : START,
  };
}

/** The parser speaks of formulas; in a handler its messages say handler. */
function inHandlerWords(error: FormulaError): FormulaError {
  const reason = error.reason
    .replace('end of formula', 'end of handler')
    .replace(/^formula is nested/, 'handler is nested');
  return reason === error.reason ? error : new FormulaError(reason, error.position);
}

function compileHandlerNode(node: FormulaNode, context: HandlerContext): Thunk {
  switch (node.kind) {
    case 'block':
      return compileBlock(node, context);
    case 'assign':
      return compileAssign(node, context);
    case 'store':
      return compileStore(node, context);
    case 'name':
      return compileHandlerName(node, context);
    case 'call':
      return compileCommand(node, context) ?? compileCall(node, context);
    default:
      return compileNode(node, context);
  }
}

/** Statements in order; an error that is not yet a HandlerError gets the statement's position. */
function compileBlock(node: NodeOf<'block'>, context: HandlerContext): Thunk {
  const statements = node.statements.map((statement) => ({
    run: context.compile(statement),
    position: statement.position,
  }));
  return (frame) => {
    let value: unknown = null;
    for (const { run, position } of statements) {
      try {
        value = run(frame);
      } catch (error) {
        throw asHandlerError(error, position);
      }
    }
    return value;
  };
}

function asHandlerError(error: unknown, position: Position): unknown {
  if (error === ROW_TEXT_SPENT)
    return new HandlerError(
      'the handler built more text than it may (docs/mock-handlers.md, limits)',
      position.line,
      position.column,
    );
  if (error instanceof RangeError)
    return new HandlerError(
      'a value grew too large, or is nested too deeply, to be handled',
      position.line,
      position.column,
    );
  return error;
}

/** Names a local may not take: the request's names and the commands. */
const RESERVED = new Set([...INPUT_NAMES, ...COMMAND_NAMES, 'this']);

function compileAssign(node: NodeOf<'assign'>, context: HandlerContext): Thunk {
  if (RESERVED.has(node.name))
    return context.fail(`'${node.name}' is a name of the handler language; give the local another name`, node.position);
  // The value first: `x = x + 1` reads a local that does not exist yet, an error as in Ruby.
  const value = context.compile(node.value);
  let slot = context.locals.get(node.name);
  if (slot === undefined) {
    slot = newLocalSlot(context);
    context.locals.set(node.name, slot);
  }
  const at = slot;
  return (frame) => ((frame as HandlerFrame).locals[at] = value(frame));
}

function compileHandlerName(node: NodeOf<'name'>, context: HandlerContext): Thunk {
  const slot = context.locals.get(node.name);
  if (slot !== undefined) return (frame) => (frame as HandlerFrame).locals[slot] ?? null;
  const input = compileInput(node.name);
  if (input) return input;
  // A bare command: `generate` alone makes the schema's own count of rows.
  if (COMMAND_NAMES.includes(node.name))
    return compileHandlerNode(
      { kind: 'call', name: node.name, args: [], keywords: [], position: node.position },
      context,
    );
  return compileName(node, context);
}
