/**
 * The rowloom_session cookie, through @fastify/cookie. Not signed: it holds a random 256-bit
 * token looked up by its hash, so a signature would add nothing an attacker could not already
 * fail to guess. httpOnly (scripts cannot read it), SameSite=Lax (other sites' sub-requests and
 * form posts do not carry it), Secure when the server's public address is https.
 */
import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../users/sessions.js';

function attributes(publicUrl: string | null) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: publicUrl?.startsWith('https:') ?? false };
}

export function setSessionCookie(reply: FastifyReply, token: string, publicUrl: string | null): void {
  void reply.setCookie(SESSION_COOKIE, token, { ...attributes(publicUrl), maxAge: Math.floor(SESSION_TTL_MS / 1000) });
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string | null): void {
  void reply.clearCookie(SESSION_COOKIE, attributes(publicUrl));
}
