/** Building character sets for CreateContext.declareCharacters. */

export const DIGITS = '0123456789';

/**
 * Which UTF-16 code units the running charactersOf call has met; cleared before it returns. A
 * table read per code unit instead of a string iterator and a Set: types compute the sets of
 * thousands of names when their module loads, in every worker thread, and the Set version cost
 * a thread about 5 ms of its start-up (docs/performance.md, "Worker start-up").
 */
const seen = new Uint8Array(0x10000);

/**
 * Every distinct character (code point; a lone surrogate is one too) of the given texts, as one
 * string, in the order of sorting them as strings (by UTF-16 code units).
 */
export function charactersOf(...texts: (string | Iterable<string>)[]): string {
  const units: number[] = [];
  const pairs = new Set<string>();
  try {
    for (const text of texts) {
      if (typeof text === 'string') collect(text, units, pairs);
      else for (const item of text) collect(item, units, pairs);
    }
    return ordered(units, pairs);
  } finally {
    for (const unit of units) seen[unit] = 0;
  }
}

/** Adds the code units of `text` not met before to `units`, and its surrogate pairs to `pairs`. */
function collect(text: string, units: number[], pairs: Set<string>): void {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs.add(text.slice(i, i + 2));
        i++;
        continue;
      }
    }
    if (seen[unit] === 0) {
      seen[unit] = 1;
      units.push(unit);
    }
  }
}

/**
 * The characters as `[...set].sort().join('')` would give them: by code unit, a surrogate pair
 * by its first unit and after that unit standing alone (a prefix sorts first).
 */
function ordered(units: number[], pairs: Set<string>): string {
  units.sort((a, b) => a - b);
  const sortedPairs = [...pairs].sort();
  let out = '';
  let p = 0;
  for (const unit of units) {
    while (p < sortedPairs.length && sortedPairs[p].charCodeAt(0) < unit) out += sortedPairs[p++];
    out += String.fromCharCode(unit);
  }
  while (p < sortedPairs.length) out += sortedPairs[p++];
  return out;
}

/** The union of several declared sets; unknown (null) if any is unknown. */
export function unionOfCharacters(sets: (string | null)[]): string | null {
  if (sets.some((s) => s === null)) return null;
  return charactersOf(...(sets as string[]));
}
