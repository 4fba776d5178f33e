/**
 * Binary operators with a literal operand (`id % 2`, `n * 2 + 1`, `x == 0`, `age >= 18`): the
 * literal is read once when the formula compiles, and a number meeting a number is computed
 * right here, as the runtime's rule for two numbers does; anything else (nil, text, dates...)
 * goes to the runtime's general rule (runtime.ts), so results are the same by construction.
 * This saves a closure call and the general rule's type tests on the most common shapes (see
 * docs/performance.md, "Formula fields"); fast-paths.test.ts compares both paths.
 */
import type { NodeOf, Thunk } from './scope.js';
import { add, compare, divide, equals, flooredRemainder, modulo, multiply, subtract } from './runtime.js';
import { formatText } from './string-format.js';
import type { Constant } from './constant-value.js';
import { operand, slotOf } from './field-slots.js';

type Operator = NodeOf<'binary'>['operator'];

/** Whether withNumberOnRight has a fast path for `x <operator> c` (division and remainder by 0 are nil: left to the runtime). */
export function hasNumberFastPath(operator: Operator, c: number): boolean {
  switch (operator) {
    case '+':
    case '-':
    case '*':
    case '<':
    case '>':
    case '<=':
    case '>=':
      return true;
    case '/':
    case '%':
      return c !== 0;
    default:
      return false;
  }
}

/** `left <operator> c` with a number literal c on the right; null when hasNumberFastPath is false. */
export function withNumberOnRight(operator: Operator, left: Thunk, c: number, decimal: boolean): Thunk | null {
  // A field on the left (`id * 2`) is read here, not called (field-slots.ts).
  const slot = slotOf(left);
  switch (operator) {
    case '+':
      return (frame) => {
        const a = operand(frame, slot, left);
        return typeof a === 'number' ? a + c : add(a, c);
      };
    case '-':
      return (frame) => {
        const a = operand(frame, slot, left);
        return typeof a === 'number' ? a - c : subtract(a, c);
      };
    case '*':
      return (frame) => {
        const a = operand(frame, slot, left);
        return typeof a === 'number' ? a * c : multiply(a, c);
      };
    case '/':
      return c === 0 ? null : dividedBy(left, slot, c, decimal);
    case '%':
      return c === 0 ? null : remainderBy(left, slot, c);
    case '<':
    case '>':
    case '<=':
    case '>=':
      return comparedWith(operator, left, slot, c);
    default:
      return null;
  }
}

/** Ruby's integer division floors; a decimal on either side (or a fractional divisor) divides exactly. */
function dividedBy(left: Thunk, slot: number, c: number, decimal: boolean): Thunk {
  const floorsWholeNumbers = !decimal && Number.isInteger(c);
  return (frame) => {
    const a = operand(frame, slot, left);
    if (typeof a !== 'number') return divide(a, c, decimal);
    return floorsWholeNumbers && Number.isInteger(a) ? Math.floor(a / c) : a / c;
  };
}

/** The remainder takes the divisor's sign (Ruby: -7 % 3 == 2); a text on the left is `"%05d" % n`. */
function remainderBy(left: Thunk, slot: number, c: number): Thunk {
  return (frame) => {
    const a = operand(frame, slot, left);
    if (typeof a === 'number') return flooredRemainder(a, c);
    return typeof a === 'string' ? formatText(a, c) : modulo(a, c);
  };
}

function comparedWith(operator: '<' | '>' | '<=' | '>=', left: Thunk, slot: number, c: number): Thunk {
  switch (operator) {
    case '<':
      return (frame) => {
        const a = operand(frame, slot, left);
        return typeof a === 'number' ? a < c : compare(operator, a, c);
      };
    case '>':
      return (frame) => {
        const a = operand(frame, slot, left);
        return typeof a === 'number' ? a > c : compare(operator, a, c);
      };
    case '<=':
      return (frame) => {
        const a = operand(frame, slot, left);
        return typeof a === 'number' ? a <= c : compare(operator, a, c);
      };
    case '>=':
      return (frame) => {
        const a = operand(frame, slot, left);
        return typeof a === 'number' ? a >= c : compare(operator, a, c);
      };
  }
}

/**
 * equals(value, c) for a literal c (a number, a text, true, false or nil). Two primitives are
 * equal exactly when they are identical; only a date, a code(...) text, a list or a hash (all
 * objects), or a missing value (undefined, which reads as nil), needs the general rule.
 */
export function equalsConstant(value: unknown, c: Constant): boolean {
  return value === c || ((value === undefined || typeof value === 'object') && equals(value, c));
}

/** `x == c`, `c == x` and their `!=`. */
export function comparedToConstant(operator: '==' | '!=', thunk: Thunk, c: Constant): Thunk {
  const slot = slotOf(thunk);
  return operator === '=='
    ? (frame) => equalsConstant(operand(frame, slot, thunk), c)
    : (frame) => !equalsConstant(operand(frame, slot, thunk), c);
}
