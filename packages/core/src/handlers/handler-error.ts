/** A problem running a mock handler, where it is (1-based), so the server can answer it as a clear message. */
export class HandlerError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} at ${line}:${column}`);
    this.name = 'HandlerError';
  }
}
