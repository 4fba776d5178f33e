/** Literals: numbers, text (with `#{...}` interpolation), lists, hashes and regular expressions. */
import type { FormulaNode } from './ast.js';
import { compileRegex } from './regex-value.js';
import { MAX_TEXT } from './limits.js';
import { boundedText, toText } from './runtime.js';
import type { CompileContext, NodeOf, Thunk } from './scope.js';
import { operand, slotOf } from './field-slots.js';
import { compileInterpolation } from './compile-interpolation.js';

export function compileConstant(node: NodeOf<'number'> | NodeOf<'boolean'> | NodeOf<'nil'>): Thunk {
  const value = node.kind === 'nil' ? null : node.value;
  return () => value;
}

export function compileText(node: NodeOf<'string'>, context: CompileContext): Thunk {
  if (node.parts.every((p) => typeof p === 'string')) {
    const text = node.parts.join('');
    return () => text;
  }
  const joined = compileInterpolation(node.parts, context);
  if (joined) return joined;
  // Literal pieces stay text, read without a call; the others are closures.
  const parts: (string | Thunk)[] = node.parts.map((p) => (typeof p === 'string' ? p : context.compile(p)));
  // A field ("#{first_name}") is read in place, not called (field-slots.ts).
  const slots = parts.map((p) => (typeof p === 'string' ? -1 : slotOf(p)));
  const n = parts.length;
  // Cut like every text a formula builds: "#{t}#{t}#{t}..." must not multiply a long text.
  return (frame) => {
    let out = '';
    for (let i = 0; i < n && out.length <= MAX_TEXT; i++) {
      const part = parts[i];
      out += typeof part === 'string' ? part : toText(operand(frame, slots[i], part));
    }
    return boundedText(out);
  };
}

export function compileList(node: NodeOf<'array'>, context: CompileContext): Thunk {
  const items = node.items.map(context.compile);
  return (frame) => items.map((t) => t(frame));
}

export function compileHash(node: NodeOf<'hash'>, context: CompileContext): Thunk {
  const entries = node.entries.map((e) => [e.key, context.compile(e.value)] as const);
  return (frame) => Object.fromEntries(entries.map(([k, t]) => [k, t(frame)]));
}

export function compileRegexLiteral(node: NodeOf<'regex'>, context: CompileContext): Thunk {
  try {
    const regex = compileRegex(node.source, node.flags);
    return () => regex;
  } catch (error) {
    return context.fail((error as Error).message, node.position);
  }
}

/** The text of a quoted literal without interpolation, else null. */
export function literalText(node: FormulaNode | undefined): string | null {
  return node?.kind === 'string' && node.parts.every((p) => typeof p === 'string') ? node.parts.join('') : null;
}
