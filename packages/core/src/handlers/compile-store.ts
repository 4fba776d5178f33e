/**
 * `h['key'] = value` and `list[i] = value` in handlers: Ruby's []=, which Mockaroo's handlers use
 * to adjust a generated row (`user['id'] = params['id']`). The store itself is the formulas'
 * (formula/store-values.ts); here a store that cannot happen is the handler's error, with its
 * position.
 */
import type { CompileContext, NodeOf, Thunk } from '../formula/scope.js';
import { storeValue } from '../formula/store-values.js';
import { HandlerError } from './handler-error.js';

export function compileStore(node: NodeOf<'store'>, context: CompileContext): Thunk {
  const receiver = context.compile(node.receiver);
  const key = context.compile(node.key);
  const value = context.compile(node.value);
  return (frame) => {
    const target = receiver(frame);
    const k = key(frame);
    const v = value(frame);
    const problem = storeValue(target, k, v);
    if (problem) {
      const at = problem.atKey ? node.key.position : node.position;
      throw new HandlerError(problem.message, at.line, at.column);
    }
    return v;
  };
}
