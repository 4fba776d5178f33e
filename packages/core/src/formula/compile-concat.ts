/**
 * concat(a, b, ...) with up to three arguments that depend on the row, built as one closure: the
 * literal arguments are turned into text when the formula compiles (toText of a literal is
 * fixed), and the row's pieces are joined in order without an argument array or a loop. The
 * text is the one the table's concat (functions.ts) makes: every argument is evaluated first,
 * then each is read as text, left to right, and the result is charged to the row's budget.
 * See docs/performance.md, "Formula fields"; fast-paths.test.ts compares both.
 */
import type { FormulaNode } from './ast.js';
import { constantOf, NOT_CONSTANT } from './constant-value.js';
import { chargeText, toText } from './runtime.js';
import type { CompileContext, Thunk } from './scope.js';
import { operand } from './field-slots.js';
import { literalRuns } from './literal-runs.js';

/** The closure, or null when more than three arguments depend on the row (the table's concat then runs). */
export function compileConcat(nodes: readonly FormulaNode[], context: CompileContext): Thunk | null {
  const runs = literalRuns(nodes, literalTextOf, (node) => node, { live: 3, text: Infinity }, context);
  if (runs === null) return null;
  // Field arguments (`id`) are read in place, not called (field-slots.ts).
  const {
    texts: [t0, t1, t2, t3],
    thunks,
    slots: [sa, sb, sc],
  } = runs;
  const [a, b, c] = thunks;
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

/** A literal argument's text (toText of a literal is fixed), or null for one that depends on the row. */
function literalTextOf(node: FormulaNode): string | null {
  const constant = constantOf(node);
  return constant === NOT_CONSTANT ? null : toText(constant);
}
