/**
 * A type's byte form: beside its generator, a function that writes the generator's value as
 * UTF-8 straight into the output, drawing the same random numbers in the same order, so the
 * value never exists as a string. The engine uses it for a column nobody else reads, when the
 * format writes the field's text as it is (its characters need no escaping there).
 *
 * The form is kept beside the generator (in a WeakMap) rather than on it, so the generator's
 * shape, and every call site that V8 optimised for it, stay as they are.
 */
import type { CounterRandom } from '../random/counter-random.js';
import type { RowState, ValueGenerator } from '../kernel/define-type.js';
import type { ByteOut } from './byte-out.js';

/** Writes exactly the UTF-8 of the text of what the generator would return for this row. */
export type ByteEmitter = (random: CounterRandom, row: RowState, out: ByteOut) => void;

const emitters = new WeakMap<ValueGenerator, ByteEmitter>();

/**
 * Gives `generate` a byte form and returns it. Only for generators whose value is always text
 * and never null, and which the row budget does not charge (kernel/row-budget.ts): a field
 * written from its byte form is not generated, so it must not change what later fields see.
 */
export function withBytes(generate: ValueGenerator, emit: ByteEmitter): ValueGenerator {
  emitters.set(generate, emit);
  return generate;
}

/** The byte form `generate` was given, if any. */
export function byteEmitterOf(generate: ValueGenerator): ByteEmitter | undefined {
  return emitters.get(generate);
}
