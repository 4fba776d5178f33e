/**
 * Bodies are read as text whatever their Content-Type: the Mockaroo clients send their JSON as
 * application/json, text/plain or form-encoded, and dataset uploads are CSV. Each route parses
 * what it expects, so a malformed body gets an error naming what was wrong.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error.js';

export function acceptAnyBodyAsText(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
}

/** The body parsed as JSON, or undefined when there is none. */
export function jsonBody(body: unknown): unknown {
  if (typeof body !== 'string' || body.trim() === '') return undefined;
  try {
    return JSON.parse(body);
  } catch (error) {
    // An HTML form post carries the JSON in a `fields` parameter.
    const form = new URLSearchParams(body).get('fields');
    if (form !== null) {
      try {
        return JSON.parse(form);
      } catch {
        // fall through to the error about the body itself
      }
    }
    throw badRequest(`the request body is not valid JSON (${(error as Error).message}); send the fields as a JSON array`);
  }
}
