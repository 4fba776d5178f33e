/**
 * Statements and locals in a formula: `a = random(1, 10)` on one line and `a > 5 ? 'big' :
 * 'small'` on the next, as Ruby reads them. A statement sequence's value is its last
 * statement's; a local gets a slot in the frame when its first assignment compiles, and a name
 * is that local from there on (before it, the name means what it always did: a field, a
 * function). Locals are nil again at the start of each evaluation (compile-formula.ts), so
 * nothing passes from one row to the next.
 */
import type { CompileContext, NodeOf, Thunk } from './scope.js';

export function compileSequence(node: NodeOf<'block'>, context: CompileContext): Thunk {
  const statements = node.statements.map((statement) => context.compile(statement));
  if (statements.length === 1) return statements[0];
  return (frame) => {
    let value: unknown = null;
    for (const run of statements) value = run(frame);
    return value;
  };
}

/** `name = value`; its value is the value assigned, as in Ruby. */
export function compileAssignment(node: NodeOf<'assign'>, context: CompileContext, locals: Map<string, number>): Thunk {
  // The value first: `x = x + 1` reads a local that does not exist yet, as in Ruby.
  const value = context.compile(node.value);
  let slot = locals.get(node.name);
  if (slot === undefined) {
    slot = newLocalSlot(context);
    locals.set(node.name, slot);
  }
  const at = slot;
  return (frame) => (frame.locals![at] = value(frame));
}

/** A local's value, or null when `name` is not (yet) a local. */
export function readLocal(name: string, context: CompileContext): Thunk | null {
  const slot = context.locals?.get(name);
  return slot === undefined ? null : (frame) => frame.locals![slot] ?? null;
}

/** A slot no other local uses (block parameters take slots too, so the map's size is not the count). */
export function newLocalSlot(context: CompileContext): number {
  if (!context.localSlots) throw new Error('locals need a slot counter');
  return context.localSlots.count++;
}
