/**
 * The email of an account body. Its type and length are checked by the route's schema
 * (Credentials in the contract); its form, after trimming, is checked here.
 */
import { badRequest } from '../../http/http-error.js';

const EMAIL = /^[^\s@]+@[^\s@.][^\s@]*$/;
// Control characters (NUL included: PostgreSQL text cannot hold it) have no place in an address.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A well-formed address, trimmed; lower-cased when `lowerCase` (new accounts). */
export function emailField(value: string, lowerCase: boolean): string {
  const email = value.trim();
  if (CONTROL.test(email) || !EMAIL.test(email))
    throw badRequest('body.email must be an email address, such as ann@example.com');
  return lowerCase ? email.toLowerCase() : email;
}
