/**
 * How a method reads its receiver: as a text (a date read from a field offers the text it was read
 * from), a number, a date, or a text or list; a receiver of another kind gives nil.
 */
import { isHash } from './hash-methods.js';
import { FormulaDate, textOf } from './runtime.js';

/** A text method; a date read from a field offers the text it was read from. */
export const text = (fn: (s: string, args: unknown[]) => unknown) => (receiver: unknown, args: unknown[]) => {
  const s = textOf(receiver);
  return s === null ? null : fn(s, args);
};
/** A text method's direct form (method-spec.ts byArguments): nil unless the receiver is a text or a date's text. */
export const textDirect =
  (fn: (s: string, a: unknown, b: unknown) => unknown) => (receiver: unknown, a?: unknown, b?: unknown) => {
    const s = textOf(receiver);
    return s === null ? null : fn(s, a, b);
  };
export const number = (fn: (n: number, args: unknown[]) => unknown) => (receiver: unknown, args: unknown[]) =>
  typeof receiver === 'number' ? fn(receiver, args) : null;
export const date = (fn: (d: Date) => unknown) => (receiver: unknown) =>
  receiver instanceof FormulaDate ? fn(new Date(receiver.epochMs)) : null;

/** The receiver of a method for texts and lists: a text (or a date's text), a list, else null. */
export function textOrList(receiver: unknown): string | unknown[] | null {
  return textOf(receiver) ?? (Array.isArray(receiver) ? receiver : null);
}

export function lengthOf(receiver: unknown): number | null {
  return isHash(receiver) ? Object.keys(receiver).length : (textOrList(receiver)?.length ?? null);
}

/** The smallest number of a list (other items ignored); nil when it has none. */
export function smallest(list: unknown[]): number | null {
  const numbers = list.filter((x): x is number => typeof x === 'number');
  return numbers.length > 0 ? Math.min(...numbers) : null;
}
