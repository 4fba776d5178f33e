/** What is wrong with an uploaded table, for callers to turn into a 4xx or a usage error. */

/**
 * What is wrong with a table and where (line, column). `limit` and `allowed` are set when a
 * fixed cap was passed (dataset-limits.ts): the server answers them beside the message.
 */
export class DatasetParseError extends Error {
  constructor(
    message: string,
    readonly limit?: string,
    readonly allowed?: number,
  ) {
    super(message);
    this.name = 'DatasetParseError';
  }
}

/**
 * The table's stored form passed the bytes it was allowed (the plan's remaining storage): the
 * server answers 403 naming the plan's limit. `line`: the line of the row that passed it.
 */
export class DatasetTooLargeError extends Error {
  constructor(
    readonly allowedBytes: number,
    readonly line: number,
    readonly rows: number,
  ) {
    super(`the table takes more than ${allowedBytes} bytes as stored (past it at line ${line}, after ${rows} rows)`);
    this.name = 'DatasetTooLargeError';
  }
}
