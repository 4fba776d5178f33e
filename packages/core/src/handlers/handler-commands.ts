/**
 * The handler's commands (handler-contract.ts): status, header, schema and generate, called with
 * or without parentheses. Each is checked when the handler compiles (argument counts, keyword
 * names, literal schema names) and checks its values when it runs, failing with HandlerError at
 * its own position.
 */
import type { Position } from '../formula/ast.js';
import { literalText } from '../formula/compile-literals.js';
import { quote } from '../formula/lexer.js';
import { toText, truthy } from '../formula/runtime.js';
import type { CompileContext, NodeOf, Thunk } from '../formula/scope.js';
import { HandlerError } from './handler-error.js';
import type { HandlerFrame } from './handler-frame.js';

/** What the commands need from the handler's compiler besides the formula context. */
export interface HandlerContext extends CompileContext {
  /** Locals assigned so far in the source, by slot. */
  readonly locals: Map<string, number>;
  readonly localSlots: { count: number };
  /** The literal schema names the handler uses (handlerSchemaNames). */
  readonly schemaNames: string[];
}

export const COMMAND_NAMES: readonly string[] = ['status', 'header', 'schema', 'generate', 'return'];

/** Thrown by `return value` and caught where the handler's run ends: the value is the body. */
export class HandlerReturn {
  constructor(readonly value: unknown) {}
}

export const HEADER_RULES = {
  maxHeaders: 50,
  maxValueChars: 8192,
  /** Framing and connection headers belong to the server, not to a handler. */
  reserved: new Set([
    'content-length',
    'transfer-encoding',
    'connection',
    'keep-alive',
    'upgrade',
    'trailer',
    'te',
    'proxy-connection',
  ]),
} as const;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

const fail = (message: string, position: Position): never => {
  throw new HandlerError(message, position.line, position.column);
};

/** A value in a message: text quoted and cut, others as the language writes them. */
function shown(value: unknown): string {
  const text =
    typeof value === 'string'
      ? quote(value.length > 40 ? `${value.slice(0, 40)}...` : value)
      : value === null || value === undefined
        ? 'nil'
        : toText(value);
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}

/** The command `node` calls, compiled; null when it calls no command. */
export function compileCommand(node: NodeOf<'call'>, context: HandlerContext): Thunk | null {
  switch (node.name) {
    case 'status':
      return compileStatus(node, context);
    case 'header':
      return compileHeader(node, context);
    case 'schema':
      return compileSchemaCommand(node, context);
    case 'generate':
      return compileGenerateCommand(node, context);
    case 'return':
      return compileReturn(node, context);
    default:
      return null;
  }
}

function noKeywords(node: NodeOf<'call'>, context: HandlerContext): boolean {
  if (node.keywords.length === 0) return true;
  context.fail(`${node.name} takes no keyword arguments (${node.keywords[0].name}:)`, node.keywords[0].value.position);
  return false;
}

/** `return value` (or bare `return`, nil): ends the handler with that body, as in Ruby. */
function compileReturn(node: NodeOf<'call'>, context: HandlerContext): Thunk {
  if (node.args.length > 1)
    return context.fail('return takes one value, e.g. return { error: "not found" }', node.position);
  if (!noKeywords(node, context)) return () => null;
  const value = node.args.length === 1 ? context.compile(node.args[0]) : () => null;
  return (frame) => {
    throw new HandlerReturn(value(frame));
  };
}

function statusCode(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 100 && n <= 599 ? n : null;
}

function compileStatus(node: NodeOf<'call'>, context: HandlerContext): Thunk {
  if (node.args.length !== 1) return context.fail('status takes one status code, e.g. status 404', node.position);
  if (!noKeywords(node, context)) return () => null;
  const [arg] = node.args;
  if (arg.kind === 'number' && statusCode(arg.value) === null)
    return context.fail(`status must be a whole number from 100 to 599, got ${arg.value}`, arg.position);
  const code = context.compile(arg);
  return (frame) => {
    const value = code(frame);
    (frame as HandlerFrame).state.status =
      statusCode(value) ?? fail(`status must be a whole number from 100 to 599, got ${shown(value)}`, arg.position);
    return null;
  };
}

function headerProblem(name: string): string | null {
  if (!HEADER_NAME.test(name))
    return `${quote(name)} is not a header name (letters, digits and -, at most 100 characters)`;
  if (HEADER_RULES.reserved.has(name.toLowerCase())) return `the ${name} header is set by the server, not by a handler`;
  return null;
}

function compileHeader(node: NodeOf<'call'>, context: HandlerContext): Thunk {
  if (node.args.length !== 2)
    return context.fail("header takes a name and a value, e.g. header 'X-Total', 42", node.position);
  if (!noKeywords(node, context)) return () => null;
  const [nameArg, valueArg] = node.args;
  const literal = literalText(nameArg);
  const problem = literal === null ? null : headerProblem(literal);
  if (problem !== null) return context.fail(problem, nameArg.position);
  const name = context.compile(nameArg);
  const value = context.compile(valueArg);
  return (frame) => {
    const { state } = frame as HandlerFrame;
    const key = toText(name(frame));
    const problemNow = headerProblem(key);
    if (problemNow !== null) fail(problemNow, nameArg.position);
    const text = toText(value(frame));
    if (/[\r\n\0]/.test(text)) fail(`the value of header ${key} may not hold line breaks`, valueArg.position);
    if (text.length > HEADER_RULES.maxValueChars)
      fail(`the value of header ${key} is longer than ${HEADER_RULES.maxValueChars} characters`, valueArg.position);
    if (key.toLowerCase() === 'content-type') state.contentType = text;
    else {
      if (!Object.hasOwn(state.headers, key) && Object.keys(state.headers).length >= HEADER_RULES.maxHeaders)
        fail(`a handler may set at most ${HEADER_RULES.maxHeaders} headers`, node.position);
      state.headers[key] = text;
    }
    return null;
  };
}

/** A schema name written in quotes, recorded for handlerSchemaNames; null (reported) otherwise. */
function literalSchema(node: NodeOf<'call'>['args'][number], context: HandlerContext, usage: string): string | null {
  const name = literalText(node);
  if (name === null || name.trim() === '') {
    context.fail(
      `the schema's name must be written in quotes (${usage}), so the schemas a handler uses are known before it runs`,
      node.position,
    );
    return null;
  }
  if (!context.schemaNames.includes(name)) context.schemaNames.push(name);
  return name;
}

function compileSchemaCommand(node: NodeOf<'call'>, context: HandlerContext): Thunk {
  if (node.args.length !== 1)
    return context.fail("schema takes the name of a saved schema, e.g. schema 'users'", node.position);
  if (!noKeywords(node, context)) return () => null;
  const name = literalSchema(node.args[0], context, "schema 'users'");
  if (name === null) return () => null;
  return (frame) => {
    (frame as HandlerFrame).state.schema = name;
    return null;
  };
}

const GENERATE_KEYWORDS = ['schema', 'cache_for'];

function compileGenerateCommand(node: NodeOf<'call'>, context: HandlerContext): Thunk {
  const { args, keywords, position } = node;
  if (args.length > 1)
    return context.fail(
      "generate takes a row count, then schema: and cache_for:, e.g. generate 10, schema: 'users'",
      position,
    );
  const unknown = keywords.find((k) => !GENERATE_KEYWORDS.includes(k.name));
  if (unknown)
    return context.fail(
      `generate has no keyword ${unknown.name}: (it takes schema: and cache_for:)`,
      unknown.value.position,
    );
  const schemaKeyword = keywords.find((k) => k.name === 'schema');
  const schema = schemaKeyword ? literalSchema(schemaKeyword.value, context, "generate 10, schema: 'users'") : null;
  const cacheKeyword = keywords.find((k) => k.name === 'cache_for');
  const cacheFor = cacheKeyword ? context.compile(cacheKeyword.value) : null;
  const count = args.length === 1 ? context.compile(args[0]) : null;
  const countPosition = args.length === 1 ? args[0].position : position;
  return (frame) => {
    const { state, services } = frame as HandlerFrame;
    const chosen =
      schema ??
      state.schema ??
      fail("generate needs a schema: write schema 'name' before it, or generate 10, schema: 'name'", position);
    let rows: number | null = null;
    if (count !== null) {
      const value = count(frame);
      rows =
        typeof value === 'number' && Number.isInteger(value) && value >= 0
          ? value
          : fail(`generate's row count must be a whole number of 0 or more, got ${shown(value)}`, countPosition);
    }
    const cached = cacheFor !== null && truthy(cacheFor(frame));
    return services.generate({ schema: chosen, count: rows, cached, position });
  };
}
