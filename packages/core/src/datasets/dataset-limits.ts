/**
 * What one uploaded table may hold, whatever the plan: the server refuses an upload past these
 * (a 400 naming the line, the column and the limit), and the command line's --dataset files
 * follow the same rules. How many rows a table may have is the plan's storage allowance (every
 * row takes its values' JSON) and the server's body limit, not a figure of its own.
 */

/** Columns per table: as many as a schema may have fields. */
export const MAX_DATASET_COLUMNS = 1000;

/** UTF-8 bytes of one column name (the header cell, spaces around it trimmed): as long as a field name may be. */
export const MAX_DATASET_COLUMN_NAME_BYTES = 256;

/** UTF-8 bytes of one value (a data cell). */
export const MAX_DATASET_VALUE_BYTES = 64 * 1024;

/** Rows shown as a dataset's preview, kept apart when it is stored so showing them reads no other row. */
export const DATASET_PREVIEW_ROWS = 10;
