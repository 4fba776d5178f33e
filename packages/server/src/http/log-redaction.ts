/**
 * API keys must never reach the log: they travel in the query string (`?key=...`), which
 * Fastify logs with every request at info. The request serializer writes the URL with every
 * `key` parameter's value replaced, however its name is spelt (`%6Bey` decodes to `key` too).
 */
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

function decodedName(part: string): string {
  const name = part.split('=', 1)[0].replaceAll('+', ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** The URL with the value of every `key` query parameter replaced; everything else as sent. */
export function redactKey(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((part) => (decodedName(part).trim().toLowerCase() === 'key' ? `${part.split('=', 1)[0]}=${REDACTED}` : part))
    .join('&');
  return `${url.slice(0, question + 1)}${query}`;
}

/** Fastify's default request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactKey(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
