/**
 * Bodies are read as text whatever their Content-Type: the Mockaroo clients send their JSON as
 * application/json, text/plain or form-encoded, and dataset uploads are CSV. Each route parses
 * what it expects (or has validation.ts parse and check its JSON), so a malformed body gets an
 * error naming what was wrong.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH, pathDeeperThan } from '@rowloom/core';
import { badRequest } from './http-error.js';

export function acceptAnyBodyAsText(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads an uploaded file (see limitJsonBodies). */
    takesFiles?: boolean;
  }
}

/** Route option `config: TAKES_FILES`: the route reads an uploaded file, so its body may be as large as BODY_LIMIT_BYTES. */
export const TAKES_FILES = { takesFiles: true } as const;

/**
 * Bodies that are JSON (fields, schemas, mock documents, a mock client's request) are bounded by
 * `jsonLimit`, files (dataset uploads, OpenAPI documents: routes marked TAKES_FILES) by the app's
 * body limit. Fastify refuses a body past its route's limit from its Content-Length, or as soon
 * as the stream passes it, before anything is parsed; so one request cannot make the thread that
 * answers everyone parse megabytes of JSON. Must be installed before the routes.
 */
export function limitJsonBodies(app: FastifyInstance, jsonLimit: number): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined && route.config?.takesFiles !== true) route.bodyLimit = jsonLimit;
  });
}

/**
 * Rejects JSON nested deeper than MAX_JSON_DEPTH: serialising or walking it would overflow the
 * stack (a 500), and no schema needs it.
 */
export function checkJsonDepth(json: unknown, where: string): unknown {
  const path = pathDeeperThan(json);
  if (path !== null)
    throw badRequest(
      `${where} nests more than ${MAX_JSON_DEPTH} levels deep (at ${path.length > 60 ? path.slice(0, 60) + '...' : path}); flatten it`,
    );
  return json;
}

/** The body parsed as JSON, or undefined when there is none. */
export function jsonBody(body: unknown): unknown {
  if (typeof body !== 'string' || body.trim() === '') return undefined;
  try {
    return checkJsonDepth(JSON.parse(body), 'the request body');
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    // An HTML form post carries the JSON in a `fields` parameter.
    const form = new URLSearchParams(body).get('fields');
    if (form !== null) {
      let json: unknown;
      try {
        json = JSON.parse(form);
      } catch {
        // fall through to the error about the body itself
      }
      if (json !== undefined) return checkJsonDepth(json, 'the "fields" form value');
    }
    throw badRequest(`the request body is not valid JSON (${error.message}); send the fields as a JSON array`);
  }
}
