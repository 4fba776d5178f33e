/** The address a client reached this server at (shared by every feature that writes URLs into rows or answers). */
import type { FastifyRequest } from 'fastify';

/**
 * Where the client reached this server, for the image URLs Avatar and Dummy Image URL write:
 * the configured PUBLIC_URL, else the request's own scheme and Host (when it looks like a host).
 */
export function publicUrlOf(request: FastifyRequest, configured: string | null): string | undefined {
  if (configured) return configured;
  return /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/.test(request.host)
    ? `${request.protocol}://${request.host}`
    : undefined;
}
