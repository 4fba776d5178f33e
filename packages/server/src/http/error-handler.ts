/**
 * Every error becomes `{"error": "...", "code": "..."}` with a fitting status; never a stack
 * trace. `code` is one of the contract's stable ERROR_CODES (error-codes.ts). Schema problems
 * come back all at once, with their field and parameter in `details`.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { SchemaError, formatProblem } from '@rowloom/core';
import { HttpError } from './http-error.js';
import { errorCodeOf } from './error-codes.js';

/** PostgreSQL's "invalid byte sequence" (a NUL in text) and "unsupported Unicode escape" (\\u0000 in json). */
const POSTGRES_NUL_CODES = new Set(['22021', '22P05']);

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      void reply
        .code(error.status)
        .headers(error.headers)
        .send({ error: error.message, code: errorCodeOf(error.status, error.extra), ...error.extra });
      return;
    }
    if (error instanceof SchemaError) {
      const count = error.problems.length;
      void reply.code(400).send({
        error: `the fields have ${count} problem${count === 1 ? '' : 's'}: ${error.problems.map(formatProblem).join('; ')}`,
        code: 'invalid_schema',
        details: error.problems,
      });
      return;
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      void reply.code(413).send({
        error: `the request body is larger than the ${request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit} bytes allowed`,
        code: errorCodeOf(413),
      });
      return;
    }
    if (
      fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      fastifyError.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'
    ) {
      const status = fastifyError.statusCode ?? 415;
      void reply.code(status).send({
        error: `the request's Content-Type header is malformed (${fastifyError.message}); send e.g. application/json, or text/csv for datasets`,
        code: errorCodeOf(status),
      });
      return;
    }
    if (
      typeof fastifyError.statusCode === 'number' &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500
    ) {
      void reply
        .code(fastifyError.statusCode)
        .send({ error: fastifyError.message, code: errorCodeOf(fastifyError.statusCode) });
      return;
    }
    // The routes refuse NUL in what they store; this catches any text they missed, on PostgreSQL
    // (whose text type cannot hold NUL) as a 400 rather than a 500.
    if (POSTGRES_NUL_CODES.has((error as { code?: string }).code ?? '')) {
      void reply.code(400).send({
        error: 'a text value in the request contains a NUL character (\\u0000), which cannot be stored; remove it',
        code: errorCodeOf(400),
      });
      return;
    }
    request.log.error({ err: error }, 'request failed');
    void reply.code(500).send({ error: 'internal error; the server log has the details', code: errorCodeOf(500) });
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({
      error: `no such endpoint: ${request.method} ${request.url.split('?')[0]}; GET /api/openapi.json lists them`,
      code: errorCodeOf(404),
    });
  });
}
