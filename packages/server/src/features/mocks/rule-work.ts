/**
 * Counting what a rule's query reads of a request body (a JSONPath into JSON, an XPath into XML):
 * a short expression can ask for polynomial work on a body (nested descendant steps, filters
 * that re-query the whole document per candidate), and the libraries that evaluate them have no
 * budget of their own. So they are given the body through proxies that charge every property
 * read, every key list by its length and every string by its KiB to the request's
 * MatchSteps.jsonReads, and stop with RuleWorkError past it.
 */
import { REQUEST_JSON_READS, type MatchSteps } from './rule-regex.js';

/** A rule's expression that asked for more work than the request has left, or cannot be used; the message follows the rule's name. */
export class RuleWorkError extends Error {}

/** Rule expressions compiled and kept, per language (the least recently added out first past this). */
const COMPILED_KEPT = 500;

/**
 * `compile` (a pure function of the text: the compiled form, or why it cannot be used) with its
 * results kept, so a route's rules are compiled once; an expression that cannot be used (refused
 * on save, but maybe by older rules) throws RuleWorkError each time it is asked for.
 */
export function keptCompiler<T>(compile: (source: string) => T | string): (source: string) => T {
  const kept = new Map<string, T | RuleWorkError>();
  return (source) => {
    let entry = kept.get(source);
    if (entry === undefined) {
      const compiled = compile(source);
      entry = typeof compiled === 'string' ? new RuleWorkError(compiled) : compiled;
      if (kept.size >= COMPILED_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(source, entry);
    }
    if (entry instanceof RuleWorkError) throw entry;
    return entry;
  };
}

function charge(steps: MatchSteps, reads: number): void {
  if (reads > steps.jsonReads)
    throw new RuleWorkError(
      `could not be evaluated: this request's JSONPath and XPath rules would read more than ${REQUEST_JSON_READS} values of the body; use a narrower path (fewer "..", "//" and filters) or send a smaller body`,
    );
  steps.jsonReads -= reads;
}

/**
 * A property the view answers itself (undefined: read the object's own): given the object, the
 * property, and a function from a value seen through the view back to the object behind it.
 */
export type ViewOverride = (target: object, key: PropertyKey, unwrap: (seen: unknown) => unknown) => unknown;

/** `value` seen through proxies that charge `steps` for every read (the same proxy for the same object, so identity holds). */
export function countedView<T>(value: T, steps: MatchSteps, override?: ViewOverride): T {
  const views = new WeakMap<object, object>();
  const targets = new WeakMap<object, object>();
  const unwrap = (seen: unknown) => (seen !== null && typeof seen === 'object' ? (targets.get(seen) ?? seen) : seen);
  const view = (inner: unknown): unknown => {
    if (typeof inner === 'string') {
      charge(steps, inner.length >> 10);
      return inner;
    }
    if (inner === null || typeof inner !== 'object') return inner;
    let proxy = views.get(inner);
    if (proxy === undefined) {
      proxy = new Proxy(inner, {
        get(target, key, receiver) {
          charge(steps, 1);
          const own = override?.(target, key, unwrap);
          return own !== undefined ? own : view(Reflect.get(target, key, receiver));
        },
        ownKeys(target) {
          const keys = Reflect.ownKeys(target);
          charge(steps, keys.length);
          return keys;
        },
      });
      views.set(inner, proxy);
      targets.set(proxy, inner);
    }
    return proxy;
  };
  return view(value) as T;
}
