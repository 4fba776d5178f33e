/** The shape of one formula method: kept apart so the method tables can share it without a cycle. */
import type { CallEnvironment } from './functions.js';

export type Receiver = 'text' | 'number' | 'date' | 'list' | 'hash' | 'any';

export interface MethodSpec {
  name: string;
  receivers: readonly Receiver[];
  minArgs: number;
  maxArgs: number;
  signature: string;
  description: string;
  example: string;
  /** Checks a first argument written as literal text when the formula compiles: a message, or null when fine. */
  checkLiteral?: (text: string) => string | null;
  call(receiver: unknown, args: unknown[], environment: CallEnvironment): unknown;
  /**
   * The same method with its (at most two) arguments one by one, for the methods formulas call
   * most: a call site then fills no array (call-arguments.ts). `call` is made from it (byArguments).
   */
  direct?: (receiver: unknown, a?: unknown, b?: unknown) => unknown;
}

/** `call` and `direct` of a method that needs no environment, from its direct form. */
export function byArguments(
  direct: (receiver: unknown, a?: unknown, b?: unknown) => unknown,
): Pick<MethodSpec, 'call' | 'direct'> {
  return { direct, call: (receiver, args) => direct(receiver, args[0], args[1]) };
}
