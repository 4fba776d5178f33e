/**
 * How deeply a parsed JSON value nests, measured without recursion. JSON.parse accepts any
 * depth, but JSON.stringify, structuredClone (worker threads) and every recursive walk of a
 * schema overflow the stack somewhere past a few thousand levels; callers reject input deeper
 * than MAX_JSON_DEPTH before it reaches any of them.
 */

/** Far beyond any real schema (a JSON Array inside a JSON Array is 4 levels), far below the stack. */
export const MAX_JSON_DEPTH = 100;

/** The first path (`[0].values[0][0]...`) deeper than `limit`, or null when none is. */
export function pathDeeperThan(value: unknown, limit = MAX_JSON_DEPTH): string | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { value: current, depth, path } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return path;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], depth: depth + 1, path: `${path}[${i}]` });
    } else {
      for (const [key, child] of Object.entries(current))
        stack.push({ value: child, depth: depth + 1, path: `${path}.${key}` });
    }
  }
  return null;
}
