/**
 * Ruby's []=: `h['key'] = value` and `list[i] = value`, for mock handlers and formulas alike.
 * Keys are stored as own properties, so no key (`__proto__` included) can reach an object's
 * prototype; a list grows by at most MAX_LIST items, padded with nil as in Ruby.
 */
import { isHash } from './hash-methods.js';
import { MAX_LIST } from './limits.js';
import { toText } from './runtime.js';

/** Why a store could not happen: the target is no hash or list, or the list's index is wrong. */
export interface StoreProblem {
  message: string;
  /** The key (a list's index) is what is wrong, rather than the target. */
  atKey: boolean;
}

/** Stores the value under the key, or says why it cannot; a frozen hash is not a target. */
export function storeValue(target: unknown, key: unknown, value: unknown): StoreProblem | null {
  if (isHash(target) && !Object.isFrozen(target)) {
    Object.defineProperty(target, toText(key), { value, writable: true, enumerable: true, configurable: true });
    return null;
  }
  if (Array.isArray(target)) return storeItem(target, key, value);
  return { message: 'only a key of a hash or an item of a list can be assigned', atKey: false };
}

function storeItem(target: unknown[], key: unknown, value: unknown): StoreProblem | null {
  if (typeof key !== 'number' || !Number.isInteger(key))
    return { message: `a list's index must be a whole number, got ${toText(key) || 'nil'}`, atKey: true };
  const index = key < 0 ? target.length + key : key;
  if (index < 0) return { message: `index ${key} is before the list's first item`, atKey: true };
  if (index >= MAX_LIST) return { message: `a list may hold at most ${MAX_LIST} items`, atKey: true };
  while (target.length < index) target.push(null);
  target[index] = value;
  return null;
}

/**
 * A copy of a hash or list and of every hash and list inside it; other values as they are (texts,
 * numbers and dates are never changed in place). A formula that stores works on copies of what
 * it reads, so no store reaches another field's value, the output or the next row.
 */
export function copyForStores(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyForStores);
  if (!isHash(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: copyForStores(value[key]),
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return copy;
}
