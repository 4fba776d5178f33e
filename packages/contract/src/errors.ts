/** The body of every error answer. */
import Type, { type Static } from 'typebox';

/**
 * A problem in a schema (core's Problem): the field by its name (`#3` for a nameless one, null
 * for the schema as a whole) and the parameter at fault (null for the field itself).
 */
export const FieldProblem = Type.Object({
  field: Type.Union([Type.String(), Type.Null()]),
  param: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
});
export type FieldProblem = Static<typeof FieldProblem>;

/** One entry of an error's details: a schema's FieldProblem, or a mock API's or scenario's {path, message}. */
export const ProblemDetail = Type.Object({
  path: Type.Optional(
    Type.String({ description: "The JSON path of the offending value (a mock API's routes[0].path)" }),
  ),
  field: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  param: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  message: Type.String(),
});
export type ProblemDetail = Static<typeof ProblemDetail>;

/**
 * The stable codes of error answers, with what each means: a program branches on `code` (the
 * status alone says too little: 429 is a plan's limit or too many attempts), a person reads
 * `error`. Codes are never renamed; a new kind of error gets a new code.
 */
export const ERROR_CODES = {
  invalid_request: 'A parameter, header or body is malformed or out of range (400); `error` names it',
  invalid_schema: 'The fields have problems (400); `details` lists each with its field and parameter',
  unauthorized: 'No valid API key or session (401)',
  forbidden:
    'The caller is known but may not do this: another site, a missing CSRF token, the plan, an admin-only route (403)',
  not_found: 'No such endpoint, schema, dataset, job or mock route (404)',
  conflict: 'The resource exists already, or is not in a state that allows this (409)',
  gone: 'The resource was there and is no more: an expired file (410)',
  payload_too_large: 'The body is over the limit (413)',
  uri_too_long: 'The address is over the limit (414)',
  unsupported_media_type: 'The Content-Type is malformed or not one the route reads (415)',
  unprocessable: 'Well-formed, but it cannot be done: a mock header the policy refuses, a handler fault (422)',
  limit_reached:
    "A plan's limit for the day, or the background jobs one user may have at once (429, with limit, allowed and Retry-After)",
  rate_limited: 'Too many attempts (sign-in); wait Retry-After seconds (429)',
  internal: 'A fault of the server (500); its log has the details',
  bad_gateway: "A mock API's back end (its proxy) could not be reached, was too slow or answered too much (502)",
  unavailable: 'Busy, or a service it needs (the job queue) is down (503); try again',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'What is wrong and how to fix it, naming the field or position' }),
    code: Type.Optional(
      Type.Enum(Object.keys(ERROR_CODES) as ErrorCode[], {
        description: "The kind of error, stable across versions (ERROR_CODES in @rowloom/contract's errors.ts)",
      }),
    ),
    details: Type.Optional(
      Type.Array(ProblemDetail, { description: 'Every problem, when there are several (schemas, mock APIs)' }),
    ),
  },
  {
    description:
      'Every error: a message saying what is wrong and how to fix it, sometimes with more keys (limit, allowed, retry_after...)',
  },
);
export type ErrorBody = Static<typeof ErrorBody>;
