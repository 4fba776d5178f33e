/**
 * The known-device cookie (OWASP's "device cookies"): a browser that signed in to an account
 * gets `rowloom_device` = "<user id>.<device id>.<password tag>", signed by @fastify/cookie with a
 * key derived from the server secret. On a later sign-in to that account the browser is counted
 * in its own bucket only, not in the account's shared one, so strangers failing from anywhere
 * cannot lock its owner out (sign-in-limit.ts). The password tag ties the cookie to the
 * password: after a change or a reset, older device cookies are strangers again. Sent only to
 * /api/session (sign-in and sign-up), HttpOnly, SameSite=Strict.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const DEVICE_COOKIE = 'rowloom_device';
/** How long a browser stays known without signing in again. */
export const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

function passwordTag(passwordHash: string): string {
  return createHash('sha256').update(passwordHash, 'utf8').digest('base64url').slice(0, 22);
}

function attributes(publicUrl: string | null) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/api/session',
    secure: publicUrl?.startsWith('https:') ?? false,
  };
}

/** Marks this browser as known to the user, whose password hash is now `passwordHash`. */
export function setDeviceCookie(
  reply: FastifyReply,
  user: { id: string; passwordHash: string },
  publicUrl: string | null,
): void {
  const value = [user.id, randomBytes(16).toString('base64url'), passwordTag(user.passwordHash)].join('.');
  void reply.setCookie(DEVICE_COOKIE, value, {
    ...attributes(publicUrl),
    signed: true,
    maxAge: DEVICE_MAX_AGE_SECONDS,
  });
}

/** The device id when the request carries a valid device cookie of this user with this password, else null. */
export function knownDevice(
  request: FastifyRequest,
  user: { id: string; passwordHash: string | null } | undefined,
): string | null {
  const raw = (request.cookies as Record<string, string | undefined> | undefined)?.[DEVICE_COOKIE];
  if (!raw || !user?.passwordHash) return null;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || value === null) return null;
  const [userId, deviceId, tag, extra] = value.split('.');
  return extra === undefined &&
    userId === user.id &&
    tag === passwordTag(user.passwordHash) &&
    DEVICE_ID.test(deviceId ?? '')
    ? deviceId!
    : null;
}
