/**
 * Function and method calls as one closure each, with the arguments evaluated into one array
 * per call site, reused for every row (a call allocates nothing for its arguments). Safe because
 * the language has no recursion and the functions never keep or change the array; the callee is
 * invoked after all arguments are evaluated, and a nested call at another site has its own array.
 *
 * A literal argument (`'-'` in concat(a, '-', b), the 2 of round(x, 2)) is stored in the array
 * once, when the formula compiles, and the closure evaluates only the others; calls with up to
 * two such "live" arguments have their own closures, so a call costs one closure call plus the
 * function itself (see docs/performance.md, "Formula fields").
 */
import type { FormulaNode } from './ast.js';
import type { FunctionSpec } from './functions.js';
import type { MethodSpec } from './method-spec.js';
import { constantOf, NOT_CONSTANT } from './constant-value.js';
import { chargeText } from './runtime.js';
import type { CompileContext, Thunk } from './scope.js';
import { operand, slotOf } from './field-slots.js';

interface CompiledArguments {
  /** The array every evaluation fills; literal arguments are already in it. */
  readonly values: unknown[];
  /** Where each argument that depends on the row goes, and its closure. */
  readonly positions: number[];
  readonly thunks: Thunk[];
}

function compileArguments(nodes: readonly FormulaNode[], context: CompileContext): CompiledArguments {
  const values: unknown[] = new Array(nodes.length);
  const positions: number[] = [];
  const thunks: Thunk[] = [];
  nodes.forEach((node, i) => {
    const constant = constantOf(node);
    if (constant !== NOT_CONSTANT) values[i] = constant;
    else {
      positions.push(i);
      thunks.push(context.compile(node));
    }
  });
  return { values, positions, thunks };
}

/** `name(args)`: the function's result, charged to the row's text budget. */
export function compileFunctionCall(fn: FunctionSpec, nodes: readonly FormulaNode[], context: CompileContext): Thunk {
  if (fn.direct && nodes.length <= 2) return directFunctionCall(fn.direct, nodes, context);
  const { values, positions, thunks } = compileArguments(nodes, context);
  const n = thunks.length;
  if (n === 0) return (frame) => chargeText(fn.call(values, frame.environment));
  const [i0, i1] = positions;
  const [a, b] = thunks;
  if (n === 1) {
    return (frame) => {
      values[i0] = a(frame);
      return chargeText(fn.call(values, frame.environment));
    };
  }
  if (n === 2) {
    return (frame) => {
      values[i0] = a(frame);
      values[i1] = b(frame);
      return chargeText(fn.call(values, frame.environment));
    };
  }
  return (frame) => {
    for (let i = 0; i < n; i++) values[positions[i]] = thunks[i](frame);
    return chargeText(fn.call(values, frame.environment));
  };
}

/** `receiver.name(args)`: the arguments are evaluated before the receiver (as always: rand() draws keep their order). */
export function compileMethodCall(
  method: MethodSpec,
  receiver: Thunk,
  nodes: readonly FormulaNode[],
  context: CompileContext,
): Thunk {
  const direct = method.direct && nodes.length <= 2 ? directMethodCall(method.direct, receiver, nodes, context) : null;
  if (direct) return direct;
  const { values, positions, thunks } = compileArguments(nodes, context);
  const n = thunks.length;
  if (n === 0) return (frame) => chargeText(method.call(receiver(frame), values, frame.environment));
  const [i0, i1] = positions;
  const [a, b] = thunks;
  if (n === 1) {
    return (frame) => {
      values[i0] = a(frame);
      return chargeText(method.call(receiver(frame), values, frame.environment));
    };
  }
  if (n === 2) {
    return (frame) => {
      values[i0] = a(frame);
      values[i1] = b(frame);
      return chargeText(method.call(receiver(frame), values, frame.environment));
    };
  }
  return (frame) => {
    for (let i = 0; i < n; i++) values[positions[i]] = thunks[i](frame);
    return chargeText(method.call(receiver(frame), values, frame.environment));
  };
}

/** An argument: its value when it is a literal, else its closure. */
type Operand = { constant: true; value: unknown } | { constant: false; thunk: Thunk };

function operandOf(node: FormulaNode, context: CompileContext): Operand {
  const value = constantOf(node);
  return value === NOT_CONSTANT ? { constant: false, thunk: context.compile(node) } : { constant: true, value };
}

/** A function with a direct form (FunctionSpec.direct), called with up to two arguments, no array; a field argument is read in place (field-slots.ts). */
function directFunctionCall(
  direct: (a?: unknown, b?: unknown) => unknown,
  nodes: readonly FormulaNode[],
  context: CompileContext,
): Thunk {
  const operands = nodes.map((node) => operandOf(node, context));
  if (operands.length === 0) return () => chargeText(direct());
  const [first, second] = operands;
  if (operands.length === 1) {
    if (first.constant) {
      const a = first.value;
      return () => chargeText(direct(a));
    }
    const a = first.thunk;
    const sa = slotOf(a);
    return (frame) => chargeText(direct(operand(frame, sa, a)));
  }
  if (!second.constant) {
    const b = second.thunk;
    const sb = slotOf(b);
    if (first.constant) {
      const a = first.value;
      return (frame) => chargeText(direct(a, operand(frame, sb, b)));
    }
    const a = first.thunk;
    const sa = slotOf(a);
    return (frame) => {
      const x = operand(frame, sa, a);
      return chargeText(direct(x, operand(frame, sb, b)));
    };
  }
  const b = second.value;
  if (first.constant) {
    const a = first.value;
    return () => chargeText(direct(a, b));
  }
  const a = first.thunk;
  const sa = slotOf(a);
  return (frame) => chargeText(direct(operand(frame, sa, a), b));
}

/**
 * A method with a direct form (MethodSpec.direct): no argument, one, or two literal ones (`rjust(8, '0')`);
 * null for other shapes, which take the array path. Arguments are evaluated before the receiver.
 */
function directMethodCall(
  direct: (receiver: unknown, a?: unknown, b?: unknown) => unknown,
  receiver: Thunk,
  nodes: readonly FormulaNode[],
  context: CompileContext,
): Thunk | null {
  // A field receiver (`last_name.length`) is read in place (field-slots.ts).
  const slot = slotOf(receiver);
  if (nodes.length === 0) return (frame) => chargeText(direct(operand(frame, slot, receiver)));
  const constants = nodes.map(constantOf);
  if (nodes.length === 2) {
    const [a, b] = constants;
    if (a === NOT_CONSTANT || b === NOT_CONSTANT) return null;
    return (frame) => chargeText(direct(operand(frame, slot, receiver), a, b));
  }
  const a = constants[0];
  if (a !== NOT_CONSTANT) return (frame) => chargeText(direct(operand(frame, slot, receiver), a));
  const thunk = context.compile(nodes[0]);
  return (frame) => {
    const x = thunk(frame);
    return chargeText(direct(operand(frame, slot, receiver), x));
  };
}
