/**
 * Field reads folded into the closure that uses them. A compiled node is a closure, and a call
 * from one node to another is megamorphic in V8 (closures of one function literal share their
 * type feedback), so `id` in `id * 2` cost a full call that did nothing but read the row's slot.
 * A field of the formula's own scope (not a date field, which is read as a date) is
 * `frame.row.values[slot]`; the slot is known when the formula compiles, so the operator, call or
 * interpolation reads it itself, and calls only the other operands' closures. See
 * docs/performance.md, "Formula fields".
 */
import type { Frame, Thunk } from './scope.js';

/** The slot each field-read closure reads (compile time only). */
const SLOTS = new WeakMap<Thunk, number>();

/** Records that `thunk` is `(frame) => frame.row.values[slot]`, and returns it. */
export function fieldRead(thunk: Thunk, slot: number): Thunk {
  SLOTS.set(thunk, slot);
  return thunk;
}

/** The slot `thunk` reads, or -1 when it is any other node: the argument `operand` takes. */
export function slotOf(thunk: Thunk): number {
  return SLOTS.get(thunk) ?? -1;
}

/**
 * The value of an operand compiled as `thunk` with `slot = slotOf(thunk)`. Small enough for V8
 * to inline into every caller, where the slot test replaces the call for a field read.
 */
export function operand(frame: Frame, slot: number, thunk: Thunk): unknown {
  return slot < 0 ? thunk(frame) : frame.row.values[slot];
}
