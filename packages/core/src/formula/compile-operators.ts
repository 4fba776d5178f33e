/** Unary and binary operators: each compiles to one closure over the runtime's rules (runtime.ts). */
import type { FormulaNode } from './ast.js';
import { matchIndex, FormulaRegex } from './regex-value.js';
import { formatText } from './string-format.js';
import { add, compare, divide, equals, modulo, multiply, subtract, toNumber, truthy } from './runtime.js';
import type { CompileContext, NodeOf, Thunk } from './scope.js';
import { constantOf, NOT_CONSTANT } from './constant-value.js';
import { comparedToConstant, hasNumberFastPath, withNumberOnRight } from './compile-constant-operands.js';
import { checkedDivision } from './fault-checks.js';

export function compileUnary(node: NodeOf<'unary'>, context: CompileContext): Thunk {
  const operand = context.compile(node.operand);
  if (node.operator === '-') {
    return (frame) => {
      const v = operand(frame);
      return v === null || v === undefined ? null : -toNumber(v);
    };
  }
  return (frame) => !truthy(operand(frame));
}

export function compileBinary(node: NodeOf<'binary'>, context: CompileContext): Thunk {
  const { fault } = context.scope;
  if (fault && (node.operator === '/' || node.operator === '%')) return checkedDivisionOf(node, context, fault);
  return withConstantOperand(node, context) ?? compileGeneralBinary(node, context);
}

/** Only when a plan's first rows are tried for faults (fault-checks.ts). */
function checkedDivisionOf(node: NodeOf<'binary'>, context: CompileContext, fault: (message: string) => void): Thunk {
  const decimal = isDecimalSource(node.left) || isDecimalSource(node.right);
  const apply =
    node.operator === '/'
      ? (a: unknown, b: unknown) => divide(a, b, decimal)
      : (a: unknown, b: unknown) => (typeof a === 'string' ? formatText(a, b) : modulo(a, b));
  return checkedDivision(apply, context.compile(node.left), context.compile(node.right), node.position, fault);
}

/** A literal on one side: the shapes compile-constant-operands.ts computes without the general rule. */
function withConstantOperand(node: NodeOf<'binary'>, context: CompileContext): Thunk | null {
  const { operator } = node;
  const right = constantOf(node.right);
  if (operator === '==' || operator === '!=') {
    if (right !== NOT_CONSTANT) return comparedToConstant(operator, context.compile(node.left), right);
    const left = constantOf(node.left);
    return left === NOT_CONSTANT ? null : comparedToConstant(operator, context.compile(node.right), left);
  }
  if (typeof right !== 'number' || !hasNumberFastPath(operator, right)) return null;
  const decimal = operator === '/' && (isDecimalSource(node.left) || isDecimalSource(node.right));
  return withNumberOnRight(operator, context.compile(node.left), right, decimal);
}

function compileGeneralBinary(node: NodeOf<'binary'>, context: CompileContext): Thunk {
  const left = context.compile(node.left);
  const right = context.compile(node.right);
  switch (node.operator) {
    case '+':
      return (frame) => add(left(frame), right(frame));
    case '-':
      return (frame) => subtract(left(frame), right(frame));
    case '*':
      return (frame) => multiply(left(frame), right(frame));
    case '/': {
      // 7.0 / 2 is 3.5 in Ruby although 7.0 and 7 are the same JavaScript number: the
      // literal (or to_f) says which division was meant.
      const decimal = isDecimalSource(node.left) || isDecimalSource(node.right);
      return (frame) => divide(left(frame), right(frame), decimal);
    }
    case '%':
      // Ruby's `"%05d" % n` formats a text; between numbers % is the remainder.
      return (frame) => {
        const a = left(frame);
        return typeof a === 'string' ? formatText(a, right(frame)) : modulo(a, right(frame));
      };
    case '<':
    case '>':
    case '<=':
    case '>=': {
      const operator = node.operator;
      return (frame) => compare(operator, left(frame), right(frame));
    }
    case '==':
      return (frame) => equals(left(frame), right(frame));
    case '!=':
      return (frame) => !equals(left(frame), right(frame));
    case 'and':
    case '&&':
      return (frame) => {
        const l = left(frame);
        return truthy(l) ? right(frame) : l;
      };
    case 'or':
    case '||':
      return (frame) => {
        const l = left(frame);
        return truthy(l) ? l : right(frame);
      };
    case '=~':
      // Ruby allows either order: text =~ /re/ or /re/ =~ text. The index of the match, or nil.
      return (frame) => {
        const l = left(frame);
        const r = right(frame);
        if (r instanceof FormulaRegex) return matchIndex(l, r);
        if (l instanceof FormulaRegex) return matchIndex(r, l);
        return null;
      };
  }
}

/** A decimal literal (2.0), an explicit conversion (x.to_f), or arithmetic with one of them: a Ruby Float. */
function isDecimalSource(node: FormulaNode): boolean {
  switch (node.kind) {
    case 'number':
      return !node.integer;
    case 'method':
      return node.name === 'to_f' || (node.name === 'abs' && isDecimalSource(node.receiver));
    case 'unary':
      return node.operator === '-' && isDecimalSource(node.operand);
    case 'binary':
      // Ruby's Float is contagious: `n * 1.0 / 7` divides a Float, as does `(a + 0.5) / b`.
      return (
        ['+', '-', '*', '/', '%'].includes(node.operator) && (isDecimalSource(node.left) || isDecimalSource(node.right))
      );
    default:
      return false;
  }
}
