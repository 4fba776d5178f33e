/**
 * What a node is known to evaluate to when it compiles: literals (numbers, quoted text without
 * interpolation, true, false, nil) and negated number literals. The compilers use it to read a
 * constant operand or argument directly instead of calling a closure for it on every row (see
 * docs/performance.md, "Formula fields"). Only primitives qualify, so a constant can
 * be shared by every row without one row's work showing in another's.
 */
import type { FormulaNode } from './ast.js';

/** Returned for a node whose value depends on the row. */
export const NOT_CONSTANT: unique symbol = Symbol('not constant');

export type Constant = string | number | boolean | null;

export function constantOf(node: FormulaNode): Constant | typeof NOT_CONSTANT {
  switch (node.kind) {
    case 'number':
    case 'boolean':
      return node.value;
    case 'nil':
      return null;
    case 'string':
      return node.parts.every((p) => typeof p === 'string') ? node.parts.join('') : NOT_CONSTANT;
    case 'unary': {
      // `-(3)` and `- 3` (a space makes it an operator): the runtime's rule for a number is -n.
      const operand = node.operator === '-' ? constantOf(node.operand) : NOT_CONSTANT;
      return typeof operand === 'number' ? -operand : NOT_CONSTANT;
    }
    default:
      return NOT_CONSTANT;
  }
}

/** A whole-number literal other than 0 (a divisor that never gives nil), else null. */
export function nonZeroInteger(node: FormulaNode): number | null {
  const value = constantOf(node);
  return typeof value === 'number' && Number.isInteger(value) && value !== 0 ? value : null;
}
