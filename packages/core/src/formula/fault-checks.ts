/**
 * Run-time faults, reported. A formula that meets a value it cannot work on gives nil, as
 * documented, so a download never breaks half-way. To say so instead of staying quiet, the
 * engine compiles a schema a second time with checks and tries its first rows
 * (engine/fault-probe.ts): these wrappers are used only then (FormulaScope.fault is set), so
 * the rows of a generation never pay for them.
 */
import type { Position } from './ast.js';
import { isHash } from './hash-methods.js';
import type { MethodSpec, Receiver } from './method-spec.js';
import { FormulaDate, toNumber, toText } from './runtime.js';
import type { Frame, Thunk } from './scope.js';

type Report = (message: string) => void;

const at = (position: Position): string => `at ${position.line}:${position.column}`;

/** How a value is named in a message: its kind and a short sight of it. */
export function describeValue(value: unknown): string {
  if (typeof value === 'number') return `a number (${value})`;
  if (typeof value === 'boolean') return `${value}`;
  if (typeof value === 'string')
    return `a text (${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}...` : value)})`;
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (isHash(value)) return 'a hash';
  if (value instanceof FormulaDate) return `a date (${toText(value)})`;
  return 'a value of another kind';
}

function accepts(receivers: readonly Receiver[], value: unknown): boolean {
  return receivers.some((kind) => {
    switch (kind) {
      case 'any':
        return true;
      case 'text':
        return typeof value === 'string' || value instanceof FormulaDate;
      case 'number':
        return typeof value === 'number';
      case 'date':
        return value instanceof FormulaDate;
      case 'list':
        return Array.isArray(value);
      case 'hash':
        return isHash(value);
    }
  });
}

/**
 * A method call that reports when it gave nil because its receiver is of a kind the method does
 * not take (`5.upcase`). A nil receiver is not reported: a blank field reads as nil, and methods
 * passing nil on is the documented way formulas handle blanks.
 */
export function checkedMethodCall(
  method: MethodSpec,
  receiver: Thunk,
  compileCall: (receiver: Thunk) => Thunk,
  position: Position,
  report: Report,
): Thunk {
  let last: unknown = null;
  const call = compileCall((frame: Frame) => (last = receiver(frame)));
  return (frame) => {
    const result = call(frame);
    if (result === null && last !== null && last !== undefined && !accepts(method.receivers, last)) {
      report(`'${method.name}' does not apply to ${describeValue(last)} ${at(position)}`);
    }
    return result;
  };
}

/** `a / b` and `a % b` that report a division by zero (nil here; Ruby raises an error). */
export function checkedDivision(
  apply: (a: unknown, b: unknown) => unknown,
  left: Thunk,
  right: Thunk,
  position: Position,
  report: Report,
): Thunk {
  return (frame) => {
    const a = left(frame);
    const b = right(frame);
    const result = apply(a, b);
    if (result === null && a !== null && a !== undefined && toNumber(b) === 0)
      report(`division by zero ${at(position)}`);
    return result;
  };
}
