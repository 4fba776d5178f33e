/**
 * Methods on hashes: `{...}` literals, request_params and request_entity, and JSON
 * objects inside them. Ruby's names, so `request_params.key?('page')` reads as it would there.
 */
import type { MethodSpec } from './method-spec.js';
import { MAX_LIST } from './limits.js';
import { FormulaDate, FormulaDuration, toText } from './runtime.js';

/** A hash: a plain object (not a date, duration, list or pattern). */
export function isHash(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  if (value instanceof FormulaDate || value instanceof FormulaDuration || value instanceof RegExp) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

const hash = (fn: (h: Record<string, unknown>, args: unknown[]) => unknown) => (receiver: unknown, args: unknown[]) =>
  isHash(receiver) ? fn(receiver, args) : null;

/** Keys as own properties, so a `__proto__` key stays a key. */
function merged(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const source of [a, b])
    for (const [key, value] of Object.entries(source))
      Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
  return out;
}

const hasKey = hash((h, [key]) => Object.hasOwn(h, toText(key)));

export const HASH_METHODS: readonly MethodSpec[] = [
  {
    name: 'key?',
    receivers: ['hash'],
    minArgs: 1,
    maxArgs: 1,
    signature: 'h.key?(key)',
    description: "true when the hash has the key (request_params.key?('page')).",
    example: "{ a: 1 }.key?('a') → true",
    call: hasKey,
  },
  {
    name: 'has_key?',
    receivers: ['hash'],
    minArgs: 1,
    maxArgs: 1,
    signature: 'h.has_key?(key)',
    description: 'Same as key?.',
    example: "request_entity.has_key?('name')",
    call: hasKey,
  },
  {
    name: 'keys',
    receivers: ['hash'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'h.keys',
    description: `The keys as a list (at most ${MAX_LIST}).`,
    example: '{ a: 1, b: 2 }.keys → ["a", "b"]',
    call: hash((h) => Object.keys(h).slice(0, MAX_LIST)),
  },
  {
    name: 'values',
    receivers: ['hash'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'h.values',
    description: `The values as a list (at most ${MAX_LIST}).`,
    example: '{ a: 1, b: 2 }.values → [1, 2]',
    call: hash((h) => Object.values(h).slice(0, MAX_LIST)),
  },
  {
    name: 'merge',
    receivers: ['hash'],
    minArgs: 1,
    maxArgs: 1,
    signature: 'h.merge(other)',
    description: 'A new hash with the keys of other added (its values win); other must be a hash.',
    example: 'user.merge(entity)',
    call: hash((h, [other]) => (isHash(other) ? merged(h, other) : null)),
  },
  {
    name: 'fetch',
    receivers: ['hash'],
    minArgs: 1,
    maxArgs: 2,
    signature: 'h.fetch(key, default)',
    description: 'The value of the key, or default (nil when not given) when the hash has no such key.',
    example: "request_params.fetch('page', '1')",
    call: hash((h, [key, fallback]) => {
      const k = toText(key);
      return Object.hasOwn(h, k) ? h[k] : (fallback ?? null);
    }),
  },
];
