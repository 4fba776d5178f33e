/**
 * `h['key'] = value` and `list[i] = value` in handlers: Ruby's []=, which Mockaroo's handlers use
 * to adjust a generated row (`user['id'] = params['id']`). The store itself is the formulas'
 * (formula/compile-store.ts); here a store that cannot happen is the handler's error, with its
 * position.
 */
import { compileStoreWith } from '../formula/compile-store.js';
import type { CompileContext, NodeOf, Thunk } from '../formula/scope.js';
import { HandlerError } from './handler-error.js';

export function compileStore(node: NodeOf<'store'>, context: CompileContext): Thunk {
  return compileStoreWith(node, context, (problem) => {
    const at = problem.atKey ? node.key.position : node.position;
    throw new HandlerError(problem.message, at.line, at.column);
  });
}
