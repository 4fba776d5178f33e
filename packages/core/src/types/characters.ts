/** Building character sets for CreateContext.declareCharacters. */

export const DIGITS = '0123456789';

/** Every distinct character of the given texts, as one string. */
export function charactersOf(...texts: (string | Iterable<string>)[]): string {
  const set = new Set<string>();
  for (const text of texts) {
    if (typeof text === 'string') for (const ch of text) set.add(ch);
    else for (const item of text) for (const ch of item) set.add(ch);
  }
  return [...set].sort().join('');
}

/** The union of several declared sets; unknown (null) if any is unknown. */
export function unionOfCharacters(sets: (string | null)[]): string | null {
  if (sets.some((s) => s === null)) return null;
  return charactersOf(...(sets as string[]));
}
