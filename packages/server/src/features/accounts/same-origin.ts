/**
 * Sign-in and sign-up have no session yet, so no CSRF token: another site could post a form
 * that signs the victim's browser into the attacker's account (login CSRF). Browsers say where a
 * request comes from (Sec-Fetch-Site, Origin); such a request from elsewhere is refused. A
 * request with neither header comes from a program (curl, a client), not a browser page.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/http-error.js';

const FOREIGN = "sign-in and sign-up are accepted only from this server's own page";

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

export function checkSameOrigin(request: FastifyRequest, publicUrl: string | null): void {
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    throw new HttpError(403, `${FOREIGN} (Sec-Fetch-Site: ${site})`);
  const origin = header(request, 'origin');
  if (origin === undefined) return;
  const host = hostOf(origin);
  const own = [header(request, 'host')?.toLowerCase(), publicUrl ? hostOf(publicUrl) : null].filter(Boolean);
  if (host === null || !own.includes(host)) throw new HttpError(403, `${FOREIGN} (Origin: ${origin.slice(0, 100)})`);
}
