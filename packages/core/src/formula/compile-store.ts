/**
 * `h['key'] = value` and `list[i] = value` in a formula, as Ruby users write them to build a
 * hash or list over several statements (`h = {}`, `h['total'] = qty * price`, `h`). The hash or
 * list changes in place, as in Ruby; what the formula reads from the row or the request is a
 * copy (compile-names.ts, when the formula has a store), so a store never reaches another field,
 * the output or the next row. A store that cannot happen (into nil, a text, an index past the
 * list limit) gives nil, as a method that does not apply does.
 */
import type { FormulaNode } from './ast.js';
import { children } from './parser.js';
import type { CompileContext, NodeOf, Thunk } from './scope.js';
import { storeValue, type StoreProblem } from './store-values.js';

export function compileFormulaStore(node: NodeOf<'store'>, context: CompileContext): Thunk {
  return compileStoreWith(node, context, () => null);
}

/**
 * Ruby's []= (store-values.ts), evaluating the receiver, the key and the value in that order; a
 * store that cannot happen gives what `failed` returns (nil in a formula; a handler throws).
 */
export function compileStoreWith(
  node: NodeOf<'store'>,
  context: CompileContext,
  failed: (problem: StoreProblem) => unknown,
): Thunk {
  const receiver = context.compile(node.receiver);
  const key = context.compile(node.key);
  const value = context.compile(node.value);
  return (frame) => {
    const target = receiver(frame);
    const k = key(frame);
    const v = value(frame);
    const problem = storeValue(target, k, v);
    return problem === null ? v : failed(problem);
  };
}

/** Whether the tree stores into a hash or list anywhere, blocks included. */
export function containsStore(node: FormulaNode): boolean {
  if (node.kind === 'store') return true;
  if (node.kind === 'method' && node.block && containsStore(node.block.body)) return true;
  return children(node).some(containsStore);
}
