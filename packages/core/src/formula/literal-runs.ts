/**
 * A list of pieces (concat's arguments, an interpolation's parts) as the literal text between
 * the pieces that depend on the row, joined when the formula compiles, and those pieces compiled
 * with their field slots (field-slots.ts): what compile-concat.ts and compile-interpolation.ts
 * build their closures from.
 */
import type { FormulaNode } from './ast.js';
import type { CompileContext, Thunk } from './scope.js';
import { slotOf } from './field-slots.js';

export interface LiteralRuns {
  /** texts[i] is the literal text before the i-th live piece; the last one comes after the last. */
  readonly texts: string[];
  readonly thunks: Thunk[];
  readonly slots: number[];
}

/** Up to this many live pieces, and this much literal text in all. */
export interface RunLimits {
  readonly live: number;
  readonly text: number;
}

/** The runs, or null past `limits` (nothing is compiled then, so the caller's other rule compiles each node once). */
export function literalRuns<P>(
  pieces: readonly P[],
  literalOf: (piece: P) => string | null,
  nodeOf: (piece: P) => FormulaNode,
  limits: RunLimits,
  context: CompileContext,
): LiteralRuns | null {
  const texts: string[] = [''];
  const live: FormulaNode[] = [];
  for (const piece of pieces) {
    const text = literalOf(piece);
    if (text !== null) texts[texts.length - 1] += text;
    else {
      live.push(nodeOf(piece));
      texts.push('');
    }
  }
  if (live.length > limits.live || texts.join('').length > limits.text) return null;
  const thunks = live.map(context.compile);
  return { texts, thunks, slots: thunks.map(slotOf) };
}
