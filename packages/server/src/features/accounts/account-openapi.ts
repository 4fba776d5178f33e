/** The schemas of the account routes: the OpenAPI descriptions, and the bodies Fastify checks. */
import {
  Credentials,
  KeyAnswer,
  PasswordChange,
  PasswordChanged,
  SessionAnswer,
  SignedOutAnswer,
  Usage,
} from '@rowloom/contract';
import { errorResponses, SECURITY } from '../../http/openapi.js';
import { jsonBodySchema } from '../../http/validation.js';

const CREDENTIALS = jsonBodySchema(Credentials);
const SUCCESS = { type: 'object', properties: { success: { type: 'boolean' } } } as const;
const TAGS = ['accounts'];

export const GET_SESSION = {
  summary: 'The signed-in user and the CSRF token of the session cookie',
  description:
    'Not signed in: 401 {"error", "signup": "open" | "domains" | "invite"}, the sign-up policy, so the page can offer sign-up only where it is possible; with optional=true, 200 {"signedIn": false, "signup"} instead (the page asks so, and logs no failed request).',
  tags: TAGS,
  querystring: {
    type: 'object',
    properties: {
      optional: { type: 'string', description: 'true: answer 200 {"signedIn": false, "signup"} when not signed in' },
    },
  },
  response: {
    200: { anyOf: [SessionAnswer, SignedOutAnswer], description: 'The session, or (optional=true) that there is none' },
    ...errorResponses(400, 401),
  },
};
export const SIGN_IN = {
  summary: 'Sign in with email and password: sets the rowloom_session cookie',
  description:
    "Failed attempts are limited per client address, per email from one address, and per email from browsers the account does not know; a browser holding the account's rowloom_device cookie (set on every successful sign-in) has a limit of its own (429 with Retry-After). Accepted only from the server's own page or from a program, not from another site.",
  tags: TAGS,
  body: CREDENTIALS,
  response: { 200: SessionAnswer, ...errorResponses(400, 401, 403, 413, 429) },
};
export const SIGN_UP = {
  summary: 'Create an account (when the sign-up policy allows) and sign in',
  description:
    "Password: 8 to 256 characters, not only spaces, and hard to guess (zxcvbn score 3 or more; the 400 says why not). 403 when sign-up is closed or the email's domain is not allowed; 409 when the email has an account.",
  tags: TAGS,
  body: CREDENTIALS,
  response: { 200: SessionAnswer, ...errorResponses(400, 403, 409, 413, 429) },
};
export const SIGN_OUT = {
  summary: 'Sign out: ends the session and clears the cookie',
  tags: TAGS,
  response: { 200: SUCCESS, ...errorResponses(403) },
};
export const CHANGE_PASSWORD = {
  summary: 'Change your password: every session ends; a cookie-authenticated caller gets a new session',
  description:
    'The new password follows the sign-up rules. With the session cookie the answer sets a new rowloom_session cookie and carries its user and CSRF token (the old token is dead); with a key it is {"success": true} and every session has ended.',
  tags: TAGS,
  security: SECURITY,
  body: jsonBodySchema(PasswordChange),
  response: {
    200: PasswordChanged,
    ...errorResponses(400, 401, 403, 413, 429, 503),
  },
};
export const SHOW_KEY = {
  summary: 'Your API key',
  description:
    'A key made before keys could be shown again (or sealed under another ROWLOOM_SECRET) cannot be: 409 says to regenerate it.',
  tags: TAGS,
  security: SECURITY,
  response: { 200: KeyAnswer, ...errorResponses(401, 409) },
};
export const REGENERATE_KEY = {
  summary: 'Replace your API key with a new one; the old key is refused at once',
  tags: TAGS,
  security: SECURITY,
  response: { 200: KeyAnswer, ...errorResponses(401, 403) },
};
export const USAGE = {
  summary: "Today's usage (UTC day) against your plan's limits",
  tags: TAGS,
  security: SECURITY,
  response: {
    200: Usage,
    ...errorResponses(401),
  },
};
