/** Bounds on the work one formula evaluation may ask for (documented in docs/formulas.md). */

/** Longest text a function or method builds (rjust, ljust, pad, gsub...); longer results are cut here. */
export const MAX_TEXT = 100_000;

/** Most items a list built by a formula may hold (array + array, split, scan). */
export const MAX_LIST = 10_000;
