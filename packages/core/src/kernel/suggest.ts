/**
 * "did you mean" suggestions by edit distance, for unknown type and field names.
 *
 * The work is bounded whatever the input: names longer than MAX_SUGGESTED_LENGTH get no
 * suggestion, candidates whose length alone puts them too far are skipped, and the distance is
 * computed only within the band that can still beat the best so far (stopping as soon as no
 * cell of a row can), so a schema of a thousand misspelt names costs milliseconds.
 */
import { MAX_SUGGESTED_LENGTH } from './limits.js';

/**
 * The edit distance between a and b when it is below `limit`, else `limit` (or more): only the
 * cells within `limit` of the diagonal are filled, and a row whose every cell reaches `limit`
 * ends the computation.
 */
export function boundedEditDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  const outside = limit; // stands for "limit or more" outside the band
  let previous = Array.from({ length: b.length + 1 }, (_, j) => (j < limit ? j : outside));
  let current = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit + 1);
    const to = Math.min(b.length, i + limit - 1);
    current.fill(outside);
    current[0] = i < limit ? i : outside;
    let rowBest = current[0];
    for (let j = from; j <= to; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      const cell = Math.min(previous[j] + 1, current[j - 1] + 1, substitution, outside);
      current[j] = cell;
      if (cell < rowBest) rowBest = cell;
    }
    if (rowBest >= limit) return limit;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[b.length], limit);
}

/** The closest candidate within a third of the word's length, compared case-insensitively. */
export function closestMatch(word: string, candidates: readonly string[]): string | null {
  if (word.length > MAX_SUGGESTED_LENGTH) return null;
  const target = word.toLowerCase();
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - target.length) >= bestDistance) continue;
    const distance = boundedEditDistance(target, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
