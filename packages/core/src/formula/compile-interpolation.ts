/**
 * "#{first_name} #{last_name}": a text with up to three interpolated expressions, built as one
 * closure that joins its pieces without the general loop over parts (compile-literals.ts), its
 * literal pieces joined when the formula compiles and field reads done in place (field-slots.ts).
 *
 * It gives what the loop gives: the loop evaluates a part only while the text so far is at most
 * MAX_TEXT long, so each expression here is evaluated (and turned into text, which may throw)
 * only under that same test, in the same order; literal text added past the limit changes
 * nothing, since boundedText keeps the first MAX_TEXT characters. fast-paths.test.ts compares
 * both. See docs/performance.md, "Formula fields, 2026-11-28".
 */
import type { FormulaNode } from './ast.js';
import { MAX_TEXT } from './limits.js';
import { boundedText, toText } from './runtime.js';
import type { CompileContext, Thunk } from './scope.js';
import { operand, slotOf } from './field-slots.js';

/** The closure, or null for another shape (more than three expressions, or long literal text): the general loop then runs. */
export function compileInterpolation(parts: readonly (string | FormulaNode)[], context: CompileContext): Thunk | null {
  // texts[i] is the literal text before the i-th expression; texts[k] comes after the last.
  const texts: string[] = [''];
  const live: FormulaNode[] = [];
  for (const part of parts) {
    if (typeof part === 'string') texts[texts.length - 1] += part;
    else {
      live.push(part);
      texts.push('');
    }
  }
  // Past MAX_TEXT of literal text alone the loop would skip expressions: its rule, not this one.
  if (live.length > 3 || texts.join('').length > MAX_TEXT) return null;
  const thunks = live.map(context.compile);
  const [t0, t1, t2, t3] = texts;
  const [a, b, c] = thunks;
  const [sa, sb, sc] = thunks.map(slotOf);
  switch (thunks.length) {
    case 1:
      return (frame) => boundedText(t0 + toText(operand(frame, sa, a)) + t1);
    case 2:
      return (frame) => {
        const first = t0 + toText(operand(frame, sa, a)) + t1;
        return boundedText(first.length > MAX_TEXT ? first : first + toText(operand(frame, sb, b)) + t2);
      };
    default:
      return (frame) => {
        const first = t0 + toText(operand(frame, sa, a)) + t1;
        if (first.length > MAX_TEXT) return boundedText(first);
        const second = first + toText(operand(frame, sb, b)) + t2;
        return boundedText(second.length > MAX_TEXT ? second : second + toText(operand(frame, sc, c)) + t3);
      };
  }
}
