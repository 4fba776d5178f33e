/**
 * The handler's last value as a response body: a hash or list as JSON, text as text, nil as an
 * empty body. The JSON is written here rather than by JSON.stringify so that its size is
 * checked as it grows: a list holding the same long list ten thousand times would otherwise be
 * written out in full (gigabytes) before anything could say it is too big.
 */
import { Verbatim } from '../kernel/values.js';
import { MAX_JSON_DEPTH } from '../schema/json-depth.js';
import { durationSeconds } from '../formula/duration-methods.js';
import { FormulaDate, FormulaDuration, toText } from '../formula/runtime.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

export interface Body {
  body: string;
  contentType: string;
}

/**
 * Levels of nesting a body may have: well past what a schema makes (MAX_JSON_DEPTH, inside a few
 * lists and hashes of the handler's own), short of what could exhaust the stack (a request body
 * returned as it came may be nested thousands deep).
 */
export const MAX_BODY_DEPTH = 4 * MAX_JSON_DEPTH;

/** Thrown by handlerBody when the body passes its limit. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the response body is larger than ${limit.toLocaleString('en-US')} bytes`);
  }
}

/** Thrown by handlerBody when the body is nested deeper than MAX_BODY_DEPTH. */
export class BodyTooDeep extends Error {
  constructor() {
    super(`the response body is nested more than ${MAX_BODY_DEPTH} levels deep`);
  }
}

/** The body of `value`, at most `maxBytes` bytes of UTF-8; throws BodyTooLarge past that. */
export function handlerBody(value: unknown, maxBytes: number): Body {
  let body: Body;
  if (value === null || value === undefined) body = { body: '', contentType: TEXT_CONTENT_TYPE };
  else if (typeof value === 'string' || value instanceof FormulaDate || value instanceof Verbatim)
    body = { body: toText(value), contentType: TEXT_CONTENT_TYPE };
  else body = { body: boundedJson(value, maxBytes), contentType: JSON_CONTENT_TYPE };
  if (Buffer.byteLength(body.body, 'utf8') > maxBytes) throw new BodyTooLarge(maxBytes);
  return body;
}

/** JSON text of a formula value; throws BodyTooLarge as soon as it passes `limit` characters. */
function boundedJson(value: unknown, limit: number): string {
  const parts: string[] = [];
  let length = 0;
  const put = (text: string): void => {
    length += text.length;
    if (length > limit) throw new BodyTooLarge(limit);
    parts.push(text);
  };
  let depth = 0;
  const write = (v: unknown): void => {
    if (++depth > MAX_BODY_DEPTH) throw new BodyTooDeep();
    writeValue(v);
    depth--;
  };
  const writeValue = (v: unknown): void => {
    if (v === null || v === undefined) put('null');
    else if (typeof v === 'number') put(Number.isFinite(v) ? JSON.stringify(v) : 'null');
    else if (typeof v === 'string' || typeof v === 'boolean') put(JSON.stringify(v));
    else if (v instanceof FormulaDuration) put(JSON.stringify(durationSeconds(v)));
    else if (v instanceof FormulaDate || v instanceof Verbatim || v instanceof RegExp) put(JSON.stringify(toText(v)));
    else if (Array.isArray(v)) {
      put('[');
      v.forEach((item, i) => {
        if (i > 0) put(',');
        write(item);
      });
      put(']');
    } else if (typeof v === 'object') {
      put('{');
      let first = true;
      for (const [key, item] of Object.entries(v)) {
        put(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        write(item);
      }
      put('}');
    } else put(JSON.stringify(toText(v)));
  };
  write(value);
  return parts.join('');
}
