/**
 * An OpenAPI document's text (JSON or YAML) -> plain JSON data. JSON is bounded by the server's
 * body limit; YAML, whose parser is about a hundred times slower (some 0.6 ms per KiB; the
 * server reads it on a worker thread, openapi-parse-thread.ts), by MAX_YAML_BYTES. YAML aliases
 * are capped (a "billion laughs" document expands a few hundred bytes into gigabytes), and so
 * is nesting.
 */
import { MAX_JSON_DEPTH, pathDeeperThan } from '@rowloom/core';
import { parse } from 'yaml';
import { badRequest, HttpError } from '../../http/http-error.js';

/** Far more than a real document uses (they reuse anchors a handful of times, if at all). */
export const MAX_YAML_ALIASES = 100;
/** About 0.6 s of parsing at most; larger documents come as JSON. */
export const MAX_YAML_BYTES = 1024 * 1024;

export function parseOpenApiText(text: string): Record<string, unknown> {
  const source = text.replace(/^\uFEFF/, '');
  if (source.trim() === '')
    throw badRequest('the body must be an OpenAPI 3.x document as JSON or YAML text; it is empty');
  const data = parsed(source);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw badRequest(
      'the body must be an OpenAPI 3.x document (an object with "openapi": "3.x" and "paths"), as JSON or YAML',
    );
  }
  const deep = pathDeeperThan(data);
  if (deep !== null)
    throw badRequest(`the OpenAPI document nests more than ${MAX_JSON_DEPTH} levels deep (at ${deep.slice(0, 60)})`);
  return data as Record<string, unknown>;
}

function parsed(source: string): unknown {
  // Most documents are JSON: its parser is faster and gives plain data directly.
  if (/^\s*[{[]/.test(source)) {
    try {
      return JSON.parse(source);
    } catch {
      // YAML flow style also starts with { or [; let the YAML parser judge it
    }
  }
  const bytes = Buffer.byteLength(source, 'utf8');
  if (bytes > MAX_YAML_BYTES) {
    throw new HttpError(
      413,
      `the OpenAPI document is ${bytes} bytes of YAML; YAML is read up to ${MAX_YAML_BYTES} bytes (send larger documents as JSON, up to the body limit)`,
    );
  }
  try {
    return parse(source, {
      maxAliasCount: MAX_YAML_ALIASES,
      prettyErrors: false,
      uniqueKeys: false,
      logLevel: 'error',
    });
  } catch (error) {
    // RangeError: a nesting deep enough to exhaust the parser's stack.
    const message =
      error instanceof RangeError ? 'it nests too deeply' : (error as Error).message.split('\n')[0].slice(0, 300);
    throw badRequest(`the body is neither JSON nor valid YAML: ${message}`);
  }
}
