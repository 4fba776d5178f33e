/**
 * Binary operators with a literal operand (`id % 2`, `n * 2 + 1`, `x == 0`, `age >= 18`): the
 * literal is read once when the formula compiles, and a number meeting a number is computed
 * in place (operator-chains.ts runs the steps), as the runtime's rule for two numbers does;
 * anything else (nil, text, dates...) goes to the runtime's general rule (runtime.ts), so results
 * are the same by construction. This saves a closure call and the general rule's type tests on
 * the most common shapes (see docs/performance.md, "Formula fields, 2026-11-25" and
 * "2026-11-28"); fast-paths.test.ts compares both paths.
 */
import type { NodeOf, Thunk } from './scope.js';
import type { Constant } from './constant-value.js';
import { chained, type ChainOperator } from './operator-chains.js';

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
  // One step of a chain (operator-chains.ts), which computes as the comment above says.
  return hasNumberFastPath(operator, c) ? chained(left, operator as ChainOperator, c, decimal) : null;
}

/** `x == c`, `c == x` and their `!=`: equalsConstant(x, c) as a step of a chain. */
export function comparedToConstant(operator: '==' | '!=', thunk: Thunk, c: Constant): Thunk {
  return chained(thunk, operator, c, false);
}
