/** The signed-in user (GET /api/session, sign-in, sign-up) and today's usage (GET /api/usage). */
import Type, { type Static } from 'typebox';

const limit = (description?: string) => Type.Union([Type.Integer(), Type.Null()], description ? { description } : {});

export const SessionUser = Type.Object({
  email: Type.String(),
  plan: Type.String(),
  admin: Type.Boolean({ description: 'Whether the user may use the admin endpoints (/api/admin/...)' }),
});
export type SessionUser = Static<typeof SessionUser>;

export const SessionAnswer = Type.Object({
  user: SessionUser,
  csrfToken: Type.String({
    description: 'Send it as X-CSRF-Token on every cookie-authenticated request that is not GET or HEAD',
  }),
});
export type SessionAnswer = Static<typeof SessionAnswer>;

/**
 * GET /api/session?optional=true when nobody is signed in: a 200 instead of the 401, so a page
 * that only wants to know does not log a failed request. `signup`: the sign-up policy.
 */
export const SignedOutAnswer = Type.Object({
  signedIn: Type.Literal(false),
  signup: Type.Union([Type.Literal('open'), Type.Literal('domains'), Type.Literal('invite')]),
});
export type SignedOutAnswer = Static<typeof SignedOutAnswer>;

/** GET and POST /api/key: your API key (POST makes a new one). */
export const KeyAnswer = Type.Object({ key: Type.String() });
export type KeyAnswer = Static<typeof KeyAnswer>;

export const PlanLimits = Type.Object(
  {
    name: Type.String(),
    recordsPerRequest: limit(),
    recordsPerJob: Type.Optional(
      limit('Rows one background job (POST /api/downloads) may ask for; absent from servers without jobs'),
    ),
    requestsPerDay: limit(),
    recordsPerDay: limit(),
    datasets: Type.Optional(limit()),
    datasetBytes: Type.Optional(limit()),
  },
  { description: 'The plan and its limits; null means no limit' },
);
export type PlanLimits = Static<typeof PlanLimits>;

export const Usage = Type.Object({
  day: Type.String({ description: 'YYYY-MM-DD, UTC' }),
  requests: Type.Integer(),
  records: Type.Integer(),
  plan: PlanLimits,
});
export type Usage = Static<typeof Usage>;

/**
 * PUT /api/account/password: every session ended. A caller with the session cookie gets its new
 * session (its user and CSRF token; the old token is dead); a caller with a key gets only success.
 */
export const PasswordChanged = Type.Object({
  success: Type.Boolean(),
  user: Type.Optional(SessionUser),
  csrfToken: Type.Optional(
    Type.String({ description: "The new session's token, when the cookie authenticated the change" }),
  ),
});
export type PasswordChanged = Static<typeof PasswordChanged>;

/** The longest password accepted (code points). */
export const MAX_PASSWORD_LENGTH = 256;
/** The longest email address accepted: the longest RFC 5321 allows in a path. */
export const MAX_EMAIL_LENGTH = 254;

/** POST /api/session (sign in) and POST /api/session/signup: the credentials. */
export const Credentials = Type.Object({
  email: Type.String({ maxLength: MAX_EMAIL_LENGTH, description: 'Your email address' }),
  password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
});
export type Credentials = Static<typeof Credentials>;

/** PUT /api/account/password: the current password and the new one (which follows the sign-up rules). */
export const PasswordChange = Type.Object({
  current: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH, description: 'Your current password' }),
  password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH, description: 'The new password' }),
});
export type PasswordChange = Static<typeof PasswordChange>;
