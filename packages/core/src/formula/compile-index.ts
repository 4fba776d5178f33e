/** `receiver[...]`: an index, a start and a length, a range, or a hash key, as in Ruby. */
import { textOf, toInteger, toText } from './runtime.js';
import type { CompileContext, NodeOf, Thunk } from './scope.js';
import { constantOf, NOT_CONSTANT } from './constant-value.js';
import { operand, slotOf } from './field-slots.js';

export function compileIndex(node: NodeOf<'index'>, context: CompileContext): Thunk {
  const { compile } = context;
  const compiled = compile(node.receiver);
  // A date read from a field is indexed as the text it was read from (this[0, 4]).
  const receiver: Thunk = (frame) => {
    const value = compiled(frame);
    return textOf(value) ?? value;
  };
  const [first, second] = node.args;
  if (node.args.length === 1 && first.kind === 'range') {
    const from = compile(first.from);
    const to = compile(first.to);
    const exclusive = first.exclusive;
    return (frame) => slice(receiver(frame), toInteger(from(frame)), toInteger(to(frame)), exclusive);
  }
  if (node.args.length === 2) {
    const literalStart = constantOf(first);
    const literalLength = constantOf(second);
    if (literalStart !== NOT_CONSTANT && literalLength !== NOT_CONSTANT) {
      // name[0, 1]: the bounds are read once, and the receiver's text read here, without a call each
      // (nor one for a field receiver: field-slots.ts).
      const s = toInteger(literalStart);
      const length = toInteger(literalLength);
      const slot = slotOf(compiled);
      return (frame) => {
        const value = operand(frame, slot, compiled);
        return sliceLength(textOf(value) ?? value, s, length);
      };
    }
    const start = compile(first);
    const length = compile(second);
    return (frame) => {
      const r = receiver(frame);
      const s = toInteger(start(frame));
      return sliceLength(r, s, toInteger(length(frame)));
    };
  }
  if (node.args.length !== 1)
    return context.fail('[...] takes an index, a start and a length, or a range', node.position);
  const key = compile(first);
  return (frame) => at(receiver(frame), key(frame));
}

/** Ruby-style index: negative counts from the end; out of range is nil. */
function at(receiver: unknown, key: unknown): unknown {
  if (typeof receiver === 'string' || Array.isArray(receiver)) {
    if (typeof key !== 'number') return null;
    const i = key < 0 ? receiver.length + key : Math.trunc(key);
    return i >= 0 && i < receiver.length ? receiver[i] : null;
  }
  if (receiver && typeof receiver === 'object' && !(receiver instanceof Date)) {
    const k = toText(key);
    return Object.hasOwn(receiver, k) ? (receiver as Record<string, unknown>)[k] : null;
  }
  return null;
}

function sliceLength(receiver: unknown, start: number, length: number): unknown {
  if (typeof receiver !== 'string' && !Array.isArray(receiver)) return null;
  const s = start < 0 ? receiver.length + start : start;
  if (s < 0 || s > receiver.length || length < 0) return null;
  return receiver.slice(s, s + length);
}

function slice(receiver: unknown, from: number, to: number, exclusive: boolean): unknown {
  if (typeof receiver !== 'string' && !Array.isArray(receiver)) return null;
  const n = receiver.length;
  const s = from < 0 ? n + from : from;
  let e = to < 0 ? n + to : to;
  if (!exclusive) e += 1;
  if (s < 0 || s > n) return null;
  return receiver.slice(s, Math.max(s, e));
}
