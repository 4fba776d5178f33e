/**
 * concat(a, b, ...) with up to three arguments that depend on the row, built as one closure: the
 * literal arguments are turned into text when the formula compiles (toText of a literal is
 * fixed), and the row's pieces are joined in order without an argument array or a loop. The
 * text is the one the table's concat (functions.ts) makes: every argument is evaluated first,
 * then each is read as text, left to right, and the result is charged to the row's budget.
 * See docs/performance.md, "Formula fields, 2026-11-25"; fast-paths.test.ts compares both.
 */
import type { FormulaNode } from './ast.js';
import { constantOf, NOT_CONSTANT } from './constant-value.js';
import { chargeText, toText } from './runtime.js';
import type { CompileContext, Thunk } from './scope.js';
import { operand, slotOf } from './field-slots.js';

/** The closure, or null when more than three arguments depend on the row (the table's concat then runs). */
export function compileConcat(nodes: readonly FormulaNode[], context: CompileContext): Thunk | null {
  // texts[i] is the literal text before the i-th row-dependent argument; texts[k] comes after the last.
  const texts: string[] = [''];
  const live: FormulaNode[] = [];
  for (const node of nodes) {
    const constant = constantOf(node);
    if (constant !== NOT_CONSTANT) texts[texts.length - 1] += toText(constant);
    else {
      live.push(node);
      texts.push('');
    }
  }
  if (live.length > 3) return null;
  const thunks = live.map(context.compile);
  const [t0, t1, t2, t3] = texts;
  const [a, b, c] = thunks;
  // Field arguments (`id`) are read in place, not called (field-slots.ts).
  const [sa, sb, sc] = thunks.map(slotOf);
  switch (thunks.length) {
    case 0:
      return () => chargeText(t0);
    case 1:
      return (frame) => chargeText(t0 + toText(operand(frame, sa, a)) + t1);
    case 2:
      return (frame) => {
        const x = operand(frame, sa, a);
        const y = operand(frame, sb, b);
        const first = toText(x);
        return chargeText(t0 + first + t1 + toText(y) + t2);
      };
    default:
      return (frame) => {
        const x = operand(frame, sa, a);
        const y = operand(frame, sb, b);
        const z = operand(frame, sc, c);
        const first = toText(x);
        const second = toText(y);
        return chargeText(t0 + first + t1 + second + t2 + toText(z) + t3);
      };
  }
}
