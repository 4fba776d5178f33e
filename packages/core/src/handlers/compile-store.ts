/**
 * `h['key'] = value` and `list[i] = value` in handlers: Ruby's []=, which Mockaroo's handlers use
 * to adjust a generated row (`user['id'] = params['id']`). Keys are stored as own properties, so
 * no key (`__proto__` included) can reach an object's prototype; a list grows by at most
 * MAX_LIST items, padded with nil as in Ruby.
 */
import type { Position } from '../formula/ast.js';
import { isHash } from '../formula/hash-methods.js';
import { MAX_LIST } from '../formula/limits.js';
import { toText } from '../formula/runtime.js';
import type { CompileContext, NodeOf, Thunk } from '../formula/scope.js';
import { HandlerError } from './handler-error.js';

const failAt = (position: Position, message: string): never => {
  throw new HandlerError(message, position.line, position.column);
};

export function compileStore(node: NodeOf<'store'>, context: CompileContext): Thunk {
  const receiver = context.compile(node.receiver);
  const key = context.compile(node.key);
  const value = context.compile(node.value);
  return (frame) => {
    const target = receiver(frame);
    const k = key(frame);
    const v = value(frame);
    if (isHash(target) && !Object.isFrozen(target)) storeKey(target, toText(k), v);
    else if (Array.isArray(target)) storeItem(target, k, v, node.key.position);
    else failAt(node.position, 'only a key of a hash or an item of a list can be assigned');
    return v;
  };
}

function storeKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

function storeItem(target: unknown[], key: unknown, value: unknown, position: Position): void {
  if (typeof key !== 'number' || !Number.isInteger(key)) return failAt(position, `a list's index must be a whole number, got ${toText(key) || 'nil'}`);
  const index = key < 0 ? target.length + key : key;
  if (index < 0) return failAt(position, `index ${key} is before the list's first item`);
  if (index >= MAX_LIST) return failAt(position, `a list may hold at most ${MAX_LIST} items`);
  while (target.length < index) target.push(null);
  target[index] = value;
}
