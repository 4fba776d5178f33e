/** Why a pattern cannot be used, with the 1-based position of the fault in the message. */
export class PatternError extends Error {
  constructor(
    message: string,
    /** 0-based offset into the pattern (the pattern's length for "at the end"). */
    readonly offset: number,
  ) {
    super(message);
    this.name = 'PatternError';
  }
}
