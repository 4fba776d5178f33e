/** An error with the status and JSON body it should be answered with. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra keys for the JSON body, beside `error`. */
    readonly extra: Record<string, unknown> = {},
    /** Extra response headers (Retry-After...). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const notFound = (message: string) => new HttpError(404, message);
