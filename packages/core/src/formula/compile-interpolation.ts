/**
 * "#{first_name} #{last_name}": a text with up to three interpolated expressions, built as one
 * closure that joins its pieces without the general loop over parts (compile-literals.ts), its
 * literal pieces joined when the formula compiles and field reads done in place (field-slots.ts).
 *
 * It gives what the loop gives: the loop evaluates a part only while the text so far is at most
 * MAX_TEXT long, so each expression here is evaluated (and turned into text, which may throw)
 * only under that same test, in the same order; literal text added past the limit changes
 * nothing, since boundedText keeps the first MAX_TEXT characters. fast-paths.test.ts compares
 * both. See docs/performance.md, "Formula fields".
 */
import type { FormulaNode } from './ast.js';
import { MAX_TEXT } from './limits.js';
import { boundedText, toText } from './runtime.js';
import type { CompileContext, Thunk } from './scope.js';
import { operand } from './field-slots.js';
import { literalRuns } from './literal-runs.js';

/** The closure, or null for another shape (more than three expressions, or long literal text): the general loop then runs. */
export function compileInterpolation(parts: readonly (string | FormulaNode)[], context: CompileContext): Thunk | null {
  // Past MAX_TEXT of literal text alone the loop would skip expressions: its rule, not this one.
  const runs = literalRuns(
    parts,
    (part) => (typeof part === 'string' ? part : null),
    (part) => part as FormulaNode,
    { live: 3, text: MAX_TEXT },
    context,
  );
  if (runs === null) return null;
  const {
    texts: [t0, t1, t2, t3],
    thunks,
    slots: [sa, sb, sc],
  } = runs;
  const [a, b, c] = thunks;
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
