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

export interface ByteForm {
  readonly emit: ByteEmitter;
  /**
   * The generator charges the row's budget (kernel/row-budget.ts): a field written from its byte
   * form is not generated, so it does not charge it, and later fields could see a different
   * budget. Such a form is used only where rows are small (SchemaPlan.smallRows), whose values
   * together are a small fraction of the budget, so it never runs out there.
   */
  readonly charged: boolean;
}

const forms = new WeakMap<ValueGenerator, ByteForm>();

/**
 * Gives `generate` a byte form and returns it. Only for generators whose value is always text
 * and never null, and which draw nothing shared with other fields but their family records.
 */
export function withBytes(generate: ValueGenerator, emit: ByteEmitter, charged = false): ValueGenerator {
  forms.set(generate, { emit, charged });
  return generate;
}

/** The byte form `generate` was given, if any. */
export function byteFormOf(generate: ValueGenerator): ByteForm | undefined {
  return forms.get(generate);
}
