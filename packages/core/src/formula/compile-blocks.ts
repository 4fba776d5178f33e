/**
 * Blocks: `list.map { |x| x * 2 }`, `R.sum { |item| item['price'] }`, `(1..5).select do |n|
 * n.odd? end`, `3.times.map { |i| i }`, `h.map { |k, v| "#{k}=#{v}" }` — the Enumerable methods
 * Ruby users write in Mockaroo formulas. A block's parameters are locals of the formula
 * (compile-locals.ts) bound for each call; a block with two or more parameters given one list
 * spreads it (Ruby's auto-splat: hash pairs, each_with_index's pairs).
 *
 * Without a block, some of them do what Ruby does then: `3.times.map` and `(1..5).map` are the
 * items, `any?` asks whether an item is truthy, `inject(:+)` folds with an operator, `sum(10)`
 * starts from 10.
 *
 * Work is bounded: a receiver has at most MAX_LIST items (block-items.ts: a longer range or count
 * written in the formula is refused, one computed in the row gives nil), and one evaluation of
 * a formula may call its blocks at most BLOCK_CALLS_PER_EVALUATION times in all (nested blocks
 * multiply); past that the formula gives nil, as every budget does.
 */
import { blockParamNames, type BlockLiteral, type BlockParam } from './ast.js';
import { compileRangeList, countUpTo, itemsOf, timesProblem, tooMuchWork } from './block-items.js';
import { newLocalSlot } from './compile-locals.js';
import { isHash } from './hash-methods.js';
import { METHODS_BY_NAME } from './methods.js';
import { add, compare, divide, equals, modulo, multiply, subtract, toInteger, toText, truthy } from './runtime.js';
import type { CompileContext, Frame, NodeOf, Thunk } from './scope.js';

export const BLOCK_CALLS_PER_EVALUATION = 100_000;

let blockCallsLeft = BLOCK_CALLS_PER_EVALUATION;

/** Called at the start of each evaluation (compile-formula.ts run, handlers). */
export function resetBlockBudget(): void {
  blockCallsLeft = BLOCK_CALLS_PER_EVALUATION;
}

type Block = (frame: Frame, ...args: unknown[]) => unknown;

/** Compiles the block's body with its parameters bound to fresh slots; outer names come back after it. */
function compileBlockLiteral(block: BlockLiteral, context: CompileContext): Block {
  const locals = context.locals!;
  const names = blockParamNames(block.params);
  const slots = names.map(() => newLocalSlot(context));
  const shadowed = names.map((name) => locals.get(name));
  names.forEach((name, i) => locals.set(name, slots[i]));
  const body = context.compile(block.body);
  names.forEach((name, i) => (shadowed[i] === undefined ? locals.delete(name) : locals.set(name, shadowed[i])));
  const bind = binder(block.params, slots);
  return (frame, ...args) => {
    if (--blockCallsLeft < 0) tooMuchWork();
    bind(frame.locals!, args);
    return body(frame);
  };
}

/**
 * Binds a call's arguments to the parameters' slots. Two or more parameters given one list
 * spread it (Ruby's auto-splat); `(k, v)` spreads the item at its place the same way, so
 * `each_with_index.map { |(k, v), i| ... }` reads a hash's pairs with their index.
 */
function binder(params: readonly BlockParam[], slots: number[]): (locals: unknown[], args: unknown[]) => void {
  const spread = params.length >= 2;
  if (params.every((param) => typeof param === 'string')) {
    return (locals, args) => {
      const values = spread && args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
      for (let i = 0; i < slots.length; i++) locals[slots[i]] = values[i] ?? null;
    };
  }
  return (locals, args) => {
    const values = spread && args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
    let slot = 0;
    params.forEach((param, i) => {
      const value = values[i] ?? null;
      if (typeof param === 'string') {
        locals[slots[slot++]] = value;
        return;
      }
      const parts = Array.isArray(value) ? value : [value];
      for (let j = 0; j < param.length; j++) locals[slots[slot++]] = parts[j] ?? null;
    });
  };
}

/** Sorting by keys Ruby's way for numbers, text and dates; keys that do not compare keep their order. */
function byKey(keys: unknown[]): (a: number, b: number) => number {
  return (a, b) => (compare('<', keys[a], keys[b]) ? -1 : compare('>', keys[a], keys[b]) ? 1 : 0);
}

function sortedBy(items: unknown[], keys: unknown[]): unknown[] {
  return items
    .map((_, i) => i)
    .sort(byKey(keys))
    .map((i) => items[i]);
}

function extremeBy(items: unknown[], keys: unknown[], operator: '<' | '>'): unknown {
  let best = -1;
  for (let i = 0; i < items.length; i++) if (best < 0 || compare(operator, keys[i], keys[best])) best = i;
  return best < 0 ? null : items[best];
}

function sum(values: unknown[], initial: unknown = 0): unknown {
  let total = initial;
  for (const value of values) total = add(total, value);
  return total;
}

function chunks(items: unknown[], size: number): unknown[][] {
  const result: unknown[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

type BlockMethod = (items: unknown[], block: Block, args: unknown[], frame: Frame, receiver: unknown) => unknown;
/** What the method does without a block, when Ruby gives it a meaning a formula can use. */
type Blockless = (items: unknown[], args: unknown[], receiver: unknown) => unknown;

interface BlockMethodSpec {
  call: BlockMethod;
  /** Most arguments with a block (0 unless given); each_slice needs exactly its one. */
  maxArgs?: number;
  blockless?: Blockless;
  /** Fewest and most arguments without a block ([0, maxArgs] unless given). */
  blocklessArgs?: [number, number];
}

const map = (items: unknown[], block: Block, frame: Frame) => items.map((item) => block(frame, item));
const select = (items: unknown[], block: Block, frame: Frame, keep: boolean) =>
  items.filter((item) => truthy(block(frame, item)) === keep);
/** Ruby's Hash#select and #reject give a hash; Enumerable's give a list. */
const selected = (items: unknown[], block: Block, frame: Frame, receiver: unknown, keep: boolean) => {
  const kept = select(items, block, frame, keep);
  return isHash(receiver) ? hashOf(kept as [string, unknown][]) : kept;
};
/** `3.times.map`, `(1..5).map`: Ruby's enumerator, read as its items. */
const theItems: Blockless = (items) => items;

/** Each method: what it does with the receiver's items and its block. */
const BLOCK_METHODS: Readonly<Record<string, BlockMethodSpec>> = {
  map: { call: (items, block, _args, frame) => map(items, block, frame), blockless: theItems },
  collect: { call: (items, block, _args, frame) => map(items, block, frame), blockless: theItems },
  flat_map: {
    call: (items, block, _args, frame) => map(items, block, frame).flatMap((v) => (Array.isArray(v) ? v : [v])),
  },
  select: {
    call: (items, block, _args, frame, receiver) => selected(items, block, frame, receiver, true),
    blockless: theItems,
  },
  filter: {
    call: (items, block, _args, frame, receiver) => selected(items, block, frame, receiver, true),
    blockless: theItems,
  },
  reject: {
    call: (items, block, _args, frame, receiver) => selected(items, block, frame, receiver, false),
    blockless: theItems,
  },
  find: { call: (items, block, _args, frame) => items.find((item) => truthy(block(frame, item))) ?? null },
  detect: { call: (items, block, _args, frame) => items.find((item) => truthy(block(frame, item))) ?? null },
  partition: {
    call: (items, block, _args, frame) => [select(items, block, frame, true), select(items, block, frame, false)],
  },
  sort_by: { call: (items, block, _args, frame) => sortedBy(items, map(items, block, frame)) },
  min_by: { call: (items, block, _args, frame) => extremeBy(items, map(items, block, frame), '<') },
  max_by: { call: (items, block, _args, frame) => extremeBy(items, map(items, block, frame), '>') },
  group_by: { call: (items, block, _args, frame) => groupBy(items, block, frame) },
  uniq: { call: (items, block, _args, frame) => uniqBy(items, block, frame) },
  sum: {
    maxArgs: 1,
    call: (items, block, args, frame) => sum(map(items, block, frame), args[0] ?? 0),
    blockless: (items, args) => sum(items, args[0] ?? 0),
  },
  count: {
    call: (items, block, _args, frame) => select(items, block, frame, true).length,
    blockless: (items, args) =>
      args.length === 0 ? items.length : items.filter((item) => equals(item, args[0])).length,
    blocklessArgs: [0, 1],
  },
  'any?': {
    call: (items, block, _args, frame) => items.some((item) => truthy(block(frame, item))),
    blockless: (items) => items.some(truthy),
  },
  'all?': {
    call: (items, block, _args, frame) => items.every((item) => truthy(block(frame, item))),
    blockless: (items) => items.every(truthy),
  },
  'none?': {
    call: (items, block, _args, frame) => !items.some((item) => truthy(block(frame, item))),
    blockless: (items) => !items.some(truthy),
  },
  each: {
    call: (items, block, _args, frame, receiver) => {
      for (const item of items) block(frame, item);
      return receiver;
    },
    blockless: theItems,
  },
  // Without a block: the [item, index] pairs, for each_with_index.map { |x, i| ... }.
  each_with_index: {
    call: (items, block, _args, frame, receiver) => {
      items.forEach((item, i) => block(frame, item, i));
      return receiver;
    },
    blockless: (items) => items.map((item, i) => [item, i]),
  },
  each_slice: {
    maxArgs: 1,
    call: (items, block, [size], frame) => slices(items, size).map((part) => block(frame, part)),
    blockless: (items, [size]) => slices(items, size),
    blocklessArgs: [1, 1],
  },
  inject: {
    maxArgs: 1,
    call: (items, block, args, frame) => inject(items, block, args, frame),
    blockless: injectWithOperator,
    blocklessArgs: [1, 2],
  },
  reduce: {
    maxArgs: 1,
    call: (items, block, args, frame) => inject(items, block, args, frame),
    blockless: injectWithOperator,
    blocklessArgs: [1, 2],
  },
  times: {
    call: (items, block, _args, frame, receiver) => (items.forEach((i) => block(frame, i)), receiver),
    blockless: theItems,
  },
};

/** For the docs. */
export const BLOCK_METHOD_NAMES: readonly string[] = Object.keys(BLOCK_METHODS);

function hashOf(pairs: [string, unknown][]): Record<string, unknown> {
  const hash: Record<string, unknown> = {};
  // defineProperty: a key such as "__proto__" is an own key, never the prototype.
  for (const [key, value] of pairs)
    Object.defineProperty(hash, key, { value, writable: true, enumerable: true, configurable: true });
  return hash;
}

function groupBy(items: unknown[], block: Block, frame: Frame): Record<string, unknown[]> {
  const groups: Record<string, unknown[]> = {};
  for (const item of items) {
    const key = toText(block(frame, item));
    if (!Object.hasOwn(groups, key))
      Object.defineProperty(groups, key, { value: [], writable: true, enumerable: true, configurable: true });
    groups[key]!.push(item);
  }
  return groups;
}

function uniqBy(items: unknown[], block: Block, frame: Frame): unknown[] {
  const seen: unknown[] = [];
  return items.filter((item) => {
    const key = block(frame, item);
    if (seen.some((k) => equals(k, key))) return false;
    seen.push(key);
    return true;
  });
}

function slices(items: unknown[], size: unknown): unknown[][] {
  return chunks(items, Math.max(1, toInteger(size)));
}

function inject(items: unknown[], block: Block, args: unknown[], frame: Frame): unknown {
  const start = args.length > 0 ? 0 : 1;
  let memo = args.length > 0 ? args[0] : (items[0] ?? null);
  for (let i = start; i < items.length; i++) memo = block(frame, memo, items[i]);
  return memo;
}

const OPERATORS: Readonly<Record<string, (left: unknown, right: unknown) => unknown>> = {
  '+': add,
  '-': subtract,
  '*': multiply,
  '/': divide,
  '%': modulo,
};

/** `inject(:+)`, `inject(10, :*)`: the operator folds the items (nil for an operator the language lacks). */
function injectWithOperator(items: unknown[], args: unknown[]): unknown {
  const operator = args[args.length - 1];
  const combine = typeof operator === 'string' && Object.hasOwn(OPERATORS, operator) ? OPERATORS[operator]! : null;
  if (!combine) return null;
  const start = args.length > 1 ? 0 : 1;
  let memo = args.length > 1 ? args[0] : (items[0] ?? null);
  for (let i = start; i < items.length; i++) memo = combine(memo, items[i]);
  return memo;
}

function specOf(name: string): BlockMethodSpec | undefined {
  return Object.hasOwn(BLOCK_METHODS, name) ? BLOCK_METHODS[name] : undefined;
}

/**
 * Whether this module compiles the call: every call with a block; without one, a block method
 * no list method of methods.ts shares the name of (`any?`, `3.times.map`), or one whose
 * arguments only the block method takes (`sum(10)`). `list.sum` and `list.count` stay the
 * list methods they always were.
 */
export function takesBlock(node: NodeOf<'method'>): boolean {
  if (node.block !== undefined) return true;
  const spec = specOf(node.name);
  if (!spec) return false;
  const regular = METHODS_BY_NAME.get(node.name);
  return !regular || (spec.blockless !== undefined && node.args.length > regular.maxArgs);
}

/** The argument count's problem, or null. */
function argumentProblem(node: NodeOf<'method'>, spec: BlockMethodSpec): string | null {
  const [min, max] = node.block
    ? [node.name === 'each_slice' ? 1 : 0, spec.maxArgs ?? 0]
    : (spec.blocklessArgs ?? [0, spec.maxArgs ?? 0]);
  if (node.args.length >= min && node.args.length <= max) return null;
  const expected =
    min === max
      ? min === 0
        ? 'no arguments'
        : min === 1
          ? 'one argument'
          : `${min} arguments`
      : `${min} to ${max} arguments`;
  return `method '${node.name}' ${node.block ? 'with' : 'without'} a block takes ${expected}, got ${node.args.length}`;
}

export function compileBlockMethod(node: NodeOf<'method'>, context: CompileContext): Thunk {
  const spec = specOf(node.name);
  if (!spec)
    return context.fail(
      `method '${node.name}' takes no block (blocks work with ${BLOCK_METHOD_NAMES.join(', ')})`,
      node.namePosition,
    );
  if (!node.block && !spec.blockless)
    return context.fail(`method '${node.name}' needs a block, e.g. list.${node.name} { |x| ... }`, node.namePosition);
  const problem = argumentProblem(node, spec);
  if (problem !== null) return context.fail(problem, node.namePosition);
  if (!context.locals) return context.fail('blocks are not available here', node.namePosition);
  const walk = compileWalk(node, context);
  const args = node.args.map((arg) => context.compile(arg));
  if (!node.block) {
    const blockless = spec.blockless!;
    return (frame) => {
      const walked = walk(frame);
      return walked === null
        ? null
        : blockless(
            walked.items,
            args.map((arg) => arg(frame)),
            walked.receiver,
          );
    };
  }
  const block = compileBlockLiteral(node.block, context);
  return (frame) => {
    const walked = walk(frame);
    return walked === null
      ? null
      : spec.call(
          walked.items,
          block,
          args.map((arg) => arg(frame)),
          frame,
          walked.receiver,
        );
  };
}

/**
 * The receiver and the items a block walks (null when it has none: nil, a number for a list
 * method...). A range `(1..5)` is walked without being a value of its own.
 */
function compileWalk(
  node: NodeOf<'method'>,
  context: CompileContext,
): (frame: Frame) => { items: unknown[]; receiver: unknown } | null {
  const receiver = node.receiver;
  if (receiver.kind === 'range') {
    const list = compileRangeList(receiver, context);
    return (frame) => {
      const items = list(frame);
      return items === null ? null : { items, receiver: items };
    };
  }
  const times = node.name === 'times' ? timesProblem(receiver) : null;
  if (times !== null) context.fail(times, receiver.position);
  const value = context.compile(receiver);
  const listed = node.name === 'times' ? countUpTo : itemsOf;
  return (frame) => {
    const v = value(frame);
    const items = listed(v);
    return items === null ? null : { items, receiver: v };
  };
}
