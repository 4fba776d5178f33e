/**
 * Blocks: `list.map { |x| x * 2 }`, `R.sum { |item| item['price'] }`, `(1..5).select do |n|
 * n.odd? end`, `3.times.map { |i| i }`, `h.map { |k, v| "#{k}=#{v}" }` — the Enumerable methods
 * Ruby users write in Mockaroo formulas. A block's parameters are locals of the formula
 * (compile-locals.ts) bound for each call; a block with two or more parameters given one list
 * spreads it (Ruby's auto-splat: hash pairs, each_with_index's pairs).
 *
 * Work is bounded: a receiver has at most MAX_LIST items (a longer range or count gives nil),
 * and one evaluation of a formula may call its blocks at most BLOCK_CALLS_PER_EVALUATION times
 * in all (nested blocks multiply); past that the formula gives nil, as every budget does.
 */
import type { BlockLiteral } from './ast.js';
import { newLocalSlot } from './compile-locals.js';
import { isHash } from './hash-methods.js';
import { MAX_LIST } from './limits.js';
import { add, compare, equals, toInteger, toText, truthy } from './runtime.js';
import type { CompileContext, Frame, NodeOf, Thunk } from './scope.js';

export const BLOCK_CALLS_PER_EVALUATION = 100_000;

let blockCallsLeft = BLOCK_CALLS_PER_EVALUATION;

/** Called at the start of each evaluation (compile-formula.ts run, handlers). */
export function resetBlockBudget(): void {
  blockCallsLeft = BLOCK_CALLS_PER_EVALUATION;
}

/** Past the budget or a list's bound: the evaluation ends with nil (compile-formula.ts catches RangeError). */
function tooMuchWork(): never {
  throw new RangeError('a formula\'s blocks did too much work');
}

type Block = (frame: Frame, ...args: unknown[]) => unknown;

/** Compiles the block's body with its parameters bound to fresh slots; outer names come back after it. */
function compileBlockLiteral(block: BlockLiteral, context: CompileContext): Block {
  const locals = context.locals!;
  const slots = block.params.map(() => newLocalSlot(context));
  const shadowed = block.params.map((name) => locals.get(name));
  block.params.forEach((name, i) => locals.set(name, slots[i]));
  const body = context.compile(block.body);
  block.params.forEach((name, i) => (shadowed[i] === undefined ? locals.delete(name) : locals.set(name, shadowed[i])));
  const spread = slots.length >= 2;
  return (frame, ...args) => {
    if (--blockCallsLeft < 0) tooMuchWork();
    const values = spread && args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
    for (let i = 0; i < slots.length; i++) frame.locals![slots[i]] = values[i] ?? null;
    return body(frame);
  };
}

/** The items a block walks: a list, a hash's [key, value] pairs, 0...n for a whole number (times). */
function itemsOf(receiver: unknown): unknown[] | null {
  if (Array.isArray(receiver)) return receiver;
  if (isHash(receiver)) return Object.entries(receiver);
  return null;
}

function countUpTo(n: unknown): unknown[] | null {
  if (typeof n !== 'number' || !Number.isInteger(n)) return null;
  if (n > MAX_LIST) tooMuchWork();
  return Array.from({ length: Math.max(0, n) }, (_, i) => i);
}

function rangeItems(from: unknown, to: unknown, exclusive: boolean): unknown[] | null {
  if (typeof from !== 'number' || typeof to !== 'number' || !Number.isInteger(from) || !Number.isInteger(to)) return null;
  const last = exclusive ? to - 1 : to;
  if (last - from + 1 > MAX_LIST) tooMuchWork();
  return last < from ? [] : Array.from({ length: last - from + 1 }, (_, i) => from + i);
}

/** Sorting by keys Ruby's way for numbers, text and dates; keys that do not compare keep their order. */
function byKey(keys: unknown[]): (a: number, b: number) => number {
  return (a, b) => (compare('<', keys[a], keys[b]) ? -1 : compare('>', keys[a], keys[b]) ? 1 : 0);
}

function sortedBy(items: unknown[], keys: unknown[]): unknown[] {
  return items.map((_, i) => i).sort(byKey(keys)).map((i) => items[i]);
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

type BlockMethod = (items: unknown[], block: Block | null, args: unknown[], frame: Frame, receiver: unknown) => unknown;

const map = (items: unknown[], block: Block, frame: Frame) => items.map((item) => block(frame, item));

/** Each method: what it does with the receiver's items and its block (null when none was given). */
const BLOCK_METHODS: Readonly<Record<string, { needsBlock: boolean; call: BlockMethod }>> = {
  map: { needsBlock: true, call: (items, block, _args, frame) => map(items, block!, frame) },
  collect: { needsBlock: true, call: (items, block, _args, frame) => map(items, block!, frame) },
  flat_map: { needsBlock: true, call: (items, block, _args, frame) => map(items, block!, frame).flatMap((v) => (Array.isArray(v) ? v : [v])) },
  select: { needsBlock: true, call: (items, block, _args, frame) => items.filter((item) => truthy(block!(frame, item))) },
  filter: { needsBlock: true, call: (items, block, _args, frame) => items.filter((item) => truthy(block!(frame, item))) },
  reject: { needsBlock: true, call: (items, block, _args, frame) => items.filter((item) => !truthy(block!(frame, item))) },
  find: { needsBlock: true, call: (items, block, _args, frame) => items.find((item) => truthy(block!(frame, item))) ?? null },
  detect: { needsBlock: true, call: (items, block, _args, frame) => items.find((item) => truthy(block!(frame, item))) ?? null },
  partition: { needsBlock: true, call: (items, block, _args, frame) => { const yes: unknown[] = []; const no: unknown[] = []; for (const item of items) (truthy(block!(frame, item)) ? yes : no).push(item); return [yes, no]; } },
  sort_by: { needsBlock: true, call: (items, block, _args, frame) => sortedBy(items, map(items, block!, frame)) },
  min_by: { needsBlock: true, call: (items, block, _args, frame) => extremeBy(items, map(items, block!, frame), '<') },
  max_by: { needsBlock: true, call: (items, block, _args, frame) => extremeBy(items, map(items, block!, frame), '>') },
  group_by: { needsBlock: true, call: (items, block, _args, frame) => { const groups: Record<string, unknown[]> = {}; for (const item of items) { const key = toText(block!(frame, item)); if (!Object.hasOwn(groups, key)) Object.defineProperty(groups, key, { value: [], writable: true, enumerable: true, configurable: true }); groups[key]!.push(item); } return groups; } },
  uniq: { needsBlock: true, call: (items, block, _args, frame) => { const seen: unknown[] = []; return items.filter((item) => { const key = block!(frame, item); if (seen.some((k) => equals(k, key))) return false; seen.push(key); return true; }); } },
  sum: { needsBlock: true, call: (items, block, args, frame) => sum(map(items, block!, frame), args[0] ?? 0) },
  count: { needsBlock: true, call: (items, block, _args, frame) => items.filter((item) => truthy(block!(frame, item))).length },
  'any?': { needsBlock: true, call: (items, block, _args, frame) => items.some((item) => truthy(block!(frame, item))) },
  'all?': { needsBlock: true, call: (items, block, _args, frame) => items.every((item) => truthy(block!(frame, item))) },
  'none?': { needsBlock: true, call: (items, block, _args, frame) => !items.some((item) => truthy(block!(frame, item))) },
  each: { needsBlock: true, call: (items, block, _args, frame, receiver) => { for (const item of items) block!(frame, item); return receiver; } },
  // Without a block: the [item, index] pairs, for each_with_index.map { |x, i| ... }.
  each_with_index: { needsBlock: false, call: (items, block, _args, frame, receiver) => { if (!block) return items.map((item, i) => [item, i]); items.forEach((item, i) => block(frame, item, i)); return receiver; } },
  each_slice: { needsBlock: false, call: (items, block, [size], frame) => { const parts = chunks(items, Math.max(1, toInteger(size))); return block ? parts.map((part) => block(frame, part)) : parts; } },
  inject: { needsBlock: true, call: (items, block, args, frame) => inject(items, block!, args, frame) },
  reduce: { needsBlock: true, call: (items, block, args, frame) => inject(items, block!, args, frame) },
  times: { needsBlock: false, call: (items, block, _args, frame, receiver) => (block ? (items.forEach((i) => block(frame, i)), receiver) : items) },
};

/** For the docs. */
export const BLOCK_METHOD_NAMES: readonly string[] = Object.keys(BLOCK_METHODS);

function inject(items: unknown[], block: Block, args: unknown[], frame: Frame): unknown {
  const start = args.length > 0 ? 0 : 1;
  let memo = args.length > 0 ? args[0] : (items[0] ?? null);
  for (let i = start; i < items.length; i++) memo = block(frame, memo, items[i]);
  return memo;
}

/** Methods that take a block (or, for each_slice and times, may go without one). */
export function takesBlock(node: NodeOf<'method'>): boolean {
  return node.block !== undefined || (Object.hasOwn(BLOCK_METHODS, node.name) && !BLOCK_METHODS[node.name]!.needsBlock);
}

const MAX_ARGS: Readonly<Record<string, number>> = { each_slice: 1, inject: 1, reduce: 1, sum: 1 };

export function compileBlockMethod(node: NodeOf<'method'>, context: CompileContext): Thunk {
  const method = Object.hasOwn(BLOCK_METHODS, node.name) ? BLOCK_METHODS[node.name]! : undefined;
  if (!method) return context.fail(`method '${node.name}' takes no block (blocks work with ${Object.keys(BLOCK_METHODS).join(', ')})`, node.namePosition);
  const allowed = MAX_ARGS[node.name] ?? 0;
  if (node.args.length > allowed || (node.name === 'each_slice' && node.args.length !== 1)) {
    return context.fail(`method '${node.name}' with a block takes ${node.name === 'each_slice' ? 'one argument' : allowed === 0 ? 'no arguments' : 'at most one argument'}, got ${node.args.length}`, node.namePosition);
  }
  if (!context.locals) return context.fail('blocks are not available here', node.namePosition);
  const walk = compileWalk(node, context);
  const args = node.args.map((arg) => context.compile(arg));
  const block = node.block ? compileBlockLiteral(node.block, context) : null;
  return (frame) => {
    const walked = walk(frame);
    if (walked === null) return null;
    return method.call(walked.items, block, args.map((arg) => arg(frame)), frame, walked.receiver);
  };
}

/**
 * The receiver and the items a block walks (null when it has none: nil, a number for a list
 * method...). A range `(1..5)` is walked without being a value of its own.
 */
function compileWalk(node: NodeOf<'method'>, context: CompileContext): (frame: Frame) => { items: unknown[]; receiver: unknown } | null {
  const receiver = node.receiver;
  if (receiver.kind === 'range') {
    const from = context.compile(receiver.from);
    const to = context.compile(receiver.to);
    return (frame) => {
      const items = rangeItems(from(frame), to(frame), receiver.exclusive);
      return items === null ? null : { items, receiver: items };
    };
  }
  const value = context.compile(receiver);
  const listed = node.name === 'times' ? countUpTo : itemsOf;
  return (frame) => {
    const v = value(frame);
    const items = listed(v);
    return items === null ? null : { items, receiver: v };
  };
}
