/** Reading the small JSON bodies of the account routes: every problem is a 400 naming the field. */
import { badRequest } from '../../http/http-error.js';

/** Longest address RFC 5321 allows in a path. */
export const MAX_EMAIL_LENGTH = 254;
const EMAIL = /^[^\s@]+@[^\s@.][^\s@]*$/;
// Control characters (NUL included: PostgreSQL text cannot hold it) have no place in an address.
const CONTROL = /[\u0000-\u001f\u007f]/;

export function accountBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'string' || body.trim() === '')
    throw badRequest('the body must be a JSON object, such as {"email": "ann@example.com", "password": "..."}');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw badRequest(`the body is not valid JSON (${(error as Error).message}); send a JSON object`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw badRequest('the body must be a JSON object, such as {"email": "ann@example.com", "password": "..."}');
  return json as Record<string, unknown>;
}

/** A well-formed address, trimmed; lower-cased when `lowerCase` (new accounts). */
export function emailField(body: Record<string, unknown>, lowerCase: boolean): string {
  const value = body.email;
  if (typeof value !== 'string') throw badRequest('"email" must be a string (your email address)');
  const email = value.trim();
  if (email.length > MAX_EMAIL_LENGTH) throw badRequest(`"email" must be at most ${MAX_EMAIL_LENGTH} characters long`);
  if (CONTROL.test(email) || !EMAIL.test(email))
    throw badRequest('"email" must be an email address, such as ann@example.com');
  return lowerCase ? email.toLowerCase() : email;
}

/** A password given to be checked: a string of bounded length (its strength is not our business here). */
export function givenPassword(body: Record<string, unknown>, field: string, maxLength: number): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '')
    throw badRequest(`"${field}" must be a non-empty string (the password)`);
  if ([...value].length > maxLength) throw badRequest(`"${field}" must be at most ${maxLength} characters long`);
  return value;
}
