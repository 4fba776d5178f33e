/**
 * Operators with a literal on the right, applied one after another (`id * 2 + 1`,
 * `id % 2 == 0`, `x / 3.0`), kept as data and run by one function, chainValue. A closure per
 * operator made `id * 2 + 1` two closure calls, which V8 cannot inline where the call site sees
 * several kinds of node (docs/performance.md, "Formula fields, 2026-11-25"); a chain is one, and
 * `if`, `case` and calls that take a chain as operand run it without any (evaluated).
 *
 * Each step computes what compile-constant-operands.ts describes: two numbers in place, and the
 * runtime's general rule (runtime.ts) for anything else, so results are the same by
 * construction; fast-paths.test.ts compares both.
 */
import type { Frame, Thunk } from './scope.js';
import { add, compare, divide, equals, flooredRemainder, modulo, multiply, ordered, subtract } from './runtime.js';
import { formatText } from './string-format.js';
import type { Constant } from './constant-value.js';
import { operand, slotOf } from './field-slots.js';

export type ChainOperator = '+' | '-' | '*' | '/' | '%' | '<' | '>' | '<=' | '>=' | '==' | '!=';

/** One operator and its literal; `floors` (integer division) only matters for '/'. */
interface Step {
  readonly operator: ChainOperator;
  readonly c: Constant;
  readonly floors: boolean;
  readonly decimal: boolean;
}

/** The first operand (a field's slot, or else its closure) and the steps applied to it in order. */
export interface Chain {
  readonly slot: number;
  readonly first: Thunk;
  readonly steps: readonly Step[];
}

/** The chain each chain closure runs (compile time only). */
const CHAINS = new WeakMap<Thunk, Chain>();

/** The chain `thunk` runs, or null for any other node. */
export function chainOf(thunk: Thunk): Chain | null {
  return CHAINS.get(thunk) ?? null;
}

/**
 * `left <operator> c` as a chain closure: `left`'s own chain with one more step when it is a
 * chain, so a run of such operators is one closure. `decimal` says a '/' divides exactly
 * (compile-operators.ts isDecimalSource); callers pass a non-zero divisor for '/' and '%'.
 */
export function chained(left: Thunk, operator: ChainOperator, c: Constant, decimal: boolean): Thunk {
  const before = chainOf(left);
  const step: Step = { operator, c, floors: !decimal && typeof c === 'number' && Number.isInteger(c), decimal };
  const chain: Chain = before ? { slot: before.slot, first: before.first, steps: [...before.steps, step] } : { slot: slotOf(left), first: left, steps: [step] };
  const thunk: Thunk = (frame) => chainValue(frame, chain);
  CHAINS.set(thunk, chain);
  return thunk;
}

export function chainValue(frame: Frame, chain: Chain): unknown {
  const steps = chain.steps;
  let a = operand(frame, chain.slot, chain.first);
  for (let i = 0; i < steps.length; i++) a = applyStep(steps[i], a);
  return a;
}

/**
 * An operand's value with neither a field read nor a chain called through a closure: `slot` is
 * slotOf(thunk) and `chain` chainOf(thunk), both worked out when the formula compiles.
 */
export function evaluated(frame: Frame, slot: number, chain: Chain | null, thunk: Thunk): unknown {
  if (slot >= 0) return frame.row.values[slot];
  return chain === null ? thunk(frame) : chainValue(frame, chain);
}

function applyStep(step: Step, a: unknown): unknown {
  const c = step.c;
  switch (step.operator) {
    case '+':
      return typeof a === 'number' ? a + (c as number) : add(a, c);
    case '-':
      return typeof a === 'number' ? a - (c as number) : subtract(a, c);
    case '*':
      return typeof a === 'number' ? a * (c as number) : multiply(a, c);
    case '/':
      // Ruby's integer division floors; a decimal on either side (or a fractional divisor) divides exactly.
      if (typeof a !== 'number') return divide(a, c, step.decimal);
      return step.floors && Number.isInteger(a) ? Math.floor(a / (c as number)) : a / (c as number);
    case '%':
      // The remainder takes the divisor's sign (Ruby: -7 % 3 == 2); a text on the left is `"%05d" % n`.
      if (typeof a === 'number') return flooredRemainder(a, c as number);
      return typeof a === 'string' ? formatText(a, c) : modulo(a, c);
    case '==':
      return equalsConstant(a, c);
    case '!=':
      return !equalsConstant(a, c);
    default:
      return compared(step.operator, a, c as number);
  }
}

function compared(operator: '<' | '>' | '<=' | '>=', a: unknown, c: number): unknown {
  return typeof a === 'number' ? ordered(operator, a, c) : compare(operator, a, c);
}

/**
 * equals(value, c) for a literal c (a number, a text, true, false or nil). Two primitives are
 * equal exactly when they are identical; only a date, a code(...) text, a list or a hash (all
 * objects), or a missing value (undefined, which reads as nil), needs the general rule.
 */
export function equalsConstant(value: unknown, c: Constant): boolean {
  return value === c || ((value === undefined || typeof value === 'object') && equals(value, c));
}
