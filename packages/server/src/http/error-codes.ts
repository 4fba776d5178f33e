/**
 * Which stable code (the contract's ERROR_CODES) an error answer carries: the one its HttpError
 * names, else the status's. A 429 with a `limit` is a plan's limit; any other 429 is too many
 * attempts.
 */
import type { ErrorCode } from '@rowloom/contract';

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  502: 'bad_gateway',
  503: 'unavailable',
};

export function errorCodeOf(status: number, extra: Record<string, unknown> = {}): ErrorCode {
  if (status === 429 && 'limit' in extra) return 'limit_reached';
  return BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'invalid_request');
}
