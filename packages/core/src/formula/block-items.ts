/**
 * The items a block method walks (compile-blocks.ts): a list, a hash's [key, value] pairs, a
 * range `(1..5)` and a count `3.times`. Ranges and counts are bounded by MAX_LIST: one written
 * with literal bounds past it is refused before any row runs (the problem names the field and
 * the position); one whose bounds come from the row ends the evaluation with nil, as every
 * budget does.
 */
import type { FormulaNode } from './ast.js';
import { isHash } from './hash-methods.js';
import { MAX_LIST } from './limits.js';
import type { CompileContext, Frame, NodeOf } from './scope.js';

/** Past a bound at run time: the evaluation ends with nil (compile-formula.ts catches RangeError). */
export function tooMuchWork(): never {
  throw new RangeError("a formula's blocks did too much work");
}

/** A list's items, a hash's [key, value] pairs; null for anything else. */
export function itemsOf(receiver: unknown): unknown[] | null {
  if (Array.isArray(receiver)) return receiver;
  if (isHash(receiver)) return Object.entries(receiver);
  return null;
}

/** 0...n for a whole number n (times). */
export function countUpTo(n: unknown): unknown[] | null {
  if (typeof n !== 'number' || !Number.isInteger(n)) return null;
  if (n > MAX_LIST) tooMuchWork();
  return Array.from({ length: Math.max(0, n) }, (_, i) => i);
}

function rangeItems(from: unknown, to: unknown, exclusive: boolean): unknown[] | null {
  if (typeof from !== 'number' || typeof to !== 'number' || !Number.isInteger(from) || !Number.isInteger(to))
    return null;
  const last = exclusive ? to - 1 : to;
  if (last - from + 1 > MAX_LIST) tooMuchWork();
  return last < from ? [] : Array.from({ length: last - from + 1 }, (_, i) => from + i);
}

/** A number written in the formula (`5`, `-5`), or null. */
function literalNumber(node: FormulaNode): number | null {
  if (node.kind === 'number') return node.value;
  if (node.kind === 'unary' && node.operator === '-' && node.operand.kind === 'number') return -node.operand.value;
  return null;
}

const TOO_MANY = `a formula walks at most ${MAX_LIST.toLocaleString('en-US')} items`;

/** The problem with a range whose literal bounds hold more than MAX_LIST numbers, or null. */
function rangeProblem(range: NodeOf<'range'>): string | null {
  const from = literalNumber(range.from);
  const to = literalNumber(range.to);
  if (from === null || to === null) return null;
  const size = (range.exclusive ? to - 1 : to) - from + 1;
  return size > MAX_LIST
    ? `the range ${from}${range.exclusive ? '...' : '..'}${to} has ${size.toLocaleString('en-US')} items; ${TOO_MANY}`
    : null;
}

/** The problem with `n.times` for a literal n past MAX_LIST, or null. */
export function timesProblem(receiver: FormulaNode): string | null {
  const n = literalNumber(receiver);
  return n !== null && n > MAX_LIST ? `${n}.times has ${n.toLocaleString('en-US')} items; ${TOO_MANY}` : null;
}

/** `(a..b)` as the list of its whole numbers (null when a bound is not one), for block and list methods. */
export function compileRangeList(range: NodeOf<'range'>, context: CompileContext): (frame: Frame) => unknown[] | null {
  const problem = rangeProblem(range);
  if (problem !== null) {
    context.fail(problem, range.position);
    return () => null;
  }
  const from = context.compile(range.from);
  const to = context.compile(range.to);
  return (frame) => rangeItems(from(frame), to(frame), range.exclusive);
}
