/**
 * Fastify validates the input routes declare, with Ajv, before their handler runs: path
 * parameters and query strings always, a body when the route's body schema is marked
 * jsonBodySchema(). A failure is a 400 `{"error", "code": "invalid_request"}` whose sentence names
 * the place (validation-message.ts). Choices, and why:
 * - Bodies arrive as text whatever their Content-Type (body.ts: the Mockaroo clients send JSON as
 *   text/plain or form-encoded, datasets are CSV); a route whose body is a JSON document opts in,
 *   and its body is parsed (depth-checked) and then checked. Routes that read their own bodies
 *   (generate, downloads, datasets, mocks, the schema PUT) keep their schema as a description.
 * - Query values are text: they are coerced to a declared number or boolean (only "true"/"false"),
 *   and a repeated parameter counts as its last value, as query.ts reads them. The Mockaroo-facing
 *   routes keep their query schemas as descriptions (describedOnly()): their hand checks accept
 *   what Mockaroo's clients send (True/False, blank values) with the messages those clients know.
 * - Bodies are never coerced ("5" is not a number) nor trimmed of unknown keys, and Ajv stops at
 *   the first error (no allErrors): the work per request stays bounded by the body limit.
 */
import type { FastifyInstance } from 'fastify';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { checkJsonDepth } from './body.js';
import { badRequest, HttpError } from './http-error.js';
import { tooLargeMessage, validationMessage, type RequestPart } from './validation-message.js';

const JSON_BODIES = new WeakSet<object>();
const DESCRIBED_ONLY = new WeakSet<object>();

/** Marks a route's body schema as a JSON document that Fastify parses and checks before the handler. */
export function jsonBodySchema<T extends object>(schema: T): T {
  JSON_BODIES.add(schema);
  return schema;
}

/** Marks a query or params schema as describing only: the route checks that part itself. */
export function describedOnly<T extends object>(schema: T): T {
  DESCRIBED_ONLY.add(schema);
  return schema;
}

const COMMON = {
  strict: false,
  allErrors: false,
  useDefaults: false,
  removeAdditional: false,
  verbose: true,
  addUsedSchema: false,
} as const;
/** Bodies: JSON has types of its own, so none is coerced. */
const bodyAjv = new Ajv({ ...COMMON, coerceTypes: false });
/** Query strings and path parameters are text: "25" may be the integer 25. */
const textAjv = new Ajv({ ...COMMON, coerceTypes: true });

type Outcome = { value: unknown } | { error: HttpError };

function failure(errors: ErrorObject[] | null | undefined, part: RequestPart): { error: HttpError } {
  return { error: badRequest(validationMessage(errors ?? [], part)) };
}

/** The body's text as JSON; an empty body is an empty object, so a missing field is named. */
function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? {};
  if (body.trim() === '') return {};
  try {
    return checkJsonDepth(JSON.parse(body), 'the request body');
  } catch (error) {
    if (error instanceof SyntaxError)
      throw badRequest(`the request body is not valid JSON (${error.message}); send a JSON object`);
    throw error;
  }
}

function bodyValidator(check: ValidateFunction): (body: unknown) => Outcome {
  return (body) => {
    let value: unknown;
    try {
      value = parseBody(body);
    } catch (error) {
      if (error instanceof HttpError) return { error };
      throw error;
    }
    return check(value) ? { value } : failure(check.errors, 'body');
  };
}

/** A repeated parameter (`?a=1&a=2`) counts as its last value, as query.ts reads it. */
function lastValues(query: unknown): Record<string, unknown> {
  // fromEntries defines own properties: `?__proto__=x` stays a parameter, not a prototype.
  return Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).map(([name, value]) => [
      name,
      Array.isArray(value) ? value[value.length - 1] : value,
    ]),
  );
}

/**
 * Ajv turns any digits into a number, however many: "9" repeated 400 times becomes Infinity and
 * passes as an integer. A number no double holds exactly is refused here, naming the parameter.
 */
function unsafeNumber(
  value: Record<string, unknown>,
  text: Record<string, unknown>,
  part: RequestPart,
): Outcome | null {
  for (const [name, number] of Object.entries(value)) {
    if (typeof number !== 'number' || typeof text[name] !== 'string') continue;
    if (Number.isFinite(number) && (!Number.isInteger(number) || Number.isSafeInteger(number))) continue;
    return { error: badRequest(tooLargeMessage(part, name, text[name])) };
  }
  return null;
}

function textValidator(check: ValidateFunction, part: RequestPart): (data: unknown) => Outcome {
  return (data) => {
    const value = part === 'querystring' ? lastValues(data) : { ...((data ?? {}) as Record<string, unknown>) };
    const text = { ...value };
    if (!check(value)) return failure(check.errors, part);
    return unsafeNumber(value, text, part) ?? { value };
  };
}

const ACCEPT = () => true;

export function installValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const part = (httpPart ?? 'body') as RequestPart;
    if (part === 'body') return JSON_BODIES.has(schema) ? bodyValidator(bodyAjv.compile(schema)) : ACCEPT;
    if (DESCRIBED_ONLY.has(schema) || part === 'headers') return ACCEPT;
    return textValidator(textAjv.compile(schema), part);
  });
}
