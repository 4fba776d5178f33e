/**
 * Bounds that keep every pattern cheap: no pattern, however written, can make one value take
 * more than a fixed amount of work or memory.
 */

/** Longest accepted pattern, in UTF-16 code units. */
export const MAX_PATTERN_LENGTH = 1000;

/** `*`, `+` and `{n,}` repeat at most this many times more than their minimum. */
export const UNBOUNDED_EXTRA = 10;

/** Largest number accepted in `{n}` / `{n,m}`. */
export const MAX_REPEAT = 1000;

/**
 * A value stops growing at about this many characters: repetitions stop early once it is
 * reached. Patterns whose shortest match is longer are rejected.
 */
export const MAX_VALUE_LENGTH = 10_000;

/** Most repetition rounds in one value (nested empty repetitions would otherwise multiply). */
export const MAX_ROUNDS = 100_000;
