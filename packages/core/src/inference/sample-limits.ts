/**
 * How much of a sample CSV inference reads, whatever its size: the work is bounded by these, so
 * a huge file or a very wide header cannot hold a thread for long.
 */

/** Data rows read at most (the rest of a file is not looked at). */
export const MAX_SAMPLE_ROWS = 1000;

/** Cells read at most: a wide header reads fewer rows (1,000 columns: 50 rows). */
export const MAX_SAMPLE_CELLS = 50_000;

/** Characters of the text read at most; past this the text is cut at a line break. */
export const MAX_SAMPLE_CHARS = 1024 * 1024;

/** Columns at most: as many as a schema may have fields. */
export const MAX_SAMPLE_COLUMNS = 1000;
