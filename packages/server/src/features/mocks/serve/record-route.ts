/**
 * Recording (a proxy with `record`): a back end's answer to an unmatched request becomes a route
 * of the mock API, method and literal path, answering the same status, headers and body, so the
 * next such request is answered offline. A route is recorded once per method and path (the
 * first answer wins; reset by deleting the route); what a route cannot hold is not recorded,
 * and the answer says why in X-Rowloom-Not-Recorded: a binary body, one over the literal body
 * limit, a path a route cannot have, a document at its route or size limit. Each recording
 * holds the API's row while it reads and writes the document, so two at once never lose one.
 */
import type { Kysely } from 'kysely';
import { MOCK_LIMITS, type MockApiDocument, type MockBody, type MockRoute } from '@rowloom/contract';
import type { Tables } from '../../../db/tables.js';
import { readMockApi } from '../mock-validation.js';
import type { MockCall } from './mock-call.js';
import type { ProxiedAnswer } from './proxy-forward.js';
import { matchRoute } from './route-match.js';

/** Headers of the back end's answer that describe that moment, not the resource. */
const NOT_RECORDED = new Set([
  'date',
  'server',
  'etag',
  'last-modified',
  'age',
  'expires',
  'via',
  'x-powered-by',
  'vary',
]);
const TEXTUAL = /^text\/|[+/](json|xml|javascript|csv|x-www-form-urlencoded)\b|^application\/(json|xml)/i;

/** The body as a route holds it; a string says why it cannot be. */
function recordedBody(answer: ProxiedAnswer): MockBody | string {
  if (answer.body.length === 0) return { type: 'empty' };
  if (answer.body.length > MOCK_LIMITS.literalBodyBytes)
    return `the body is ${answer.body.length} bytes; a route holds at most ${MOCK_LIMITS.literalBodyBytes}`;
  const contentType = answer.headers['content-type'] ?? '';
  if (!TEXTUAL.test(contentType)) return `the body is not text (content type ${contentType || 'none'})`;
  const text = answer.body.toString('utf8');
  if (/json/i.test(contentType)) {
    try {
      return { type: 'json', value: JSON.parse(text) as unknown };
    } catch {
      // Not JSON after all: kept as text.
    }
  }
  return { type: 'text', text, contentType };
}

function recordedHeaders(answer: ProxiedAnswer, body: MockBody): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (NOT_RECORDED.has(name) || name.startsWith('access-control-')) continue;
    // A JSON body sets its own content type; a text body carries it.
    if (name === 'content-type' && (body.type === 'text' || /^application\/json\b/i.test(value))) continue;
    if (Object.keys(headers).length < MOCK_LIMITS.headersPerResponse) headers[name] = value;
  }
  return headers;
}

/** The route for this answer, checked as a document's route is; a string says why there is none. */
function routeFor(call: MockCall, answer: ProxiedAnswer, url: string): MockRoute | string {
  const body = recordedBody(answer);
  if (typeof body === 'string') return body;
  const path = call.path.replace(/\/+$/, '') || '/';
  const sent = {
    name: 'recorded',
    routes: [
      {
        method: call.method,
        path,
        description: `recorded from ${call.method} ${url.slice(0, 500)} on ${new Date().toISOString()}`,
        responses: [{ status: answer.status, headers: recordedHeaders(answer, body), body }],
      },
    ],
  };
  const read = readMockApi(sent);
  if (read.problems) return `a route cannot hold it: ${read.problems[0].message}`;
  return read.document.routes[0];
}

/** Appends the route in one transaction that holds the API's row: recordings at once queue, none is lost. */
async function append(db: Kysely<Tables>, apiId: string, route: MockRoute, call: MockCall): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    // The row's lock first (SQLite takes its write lock at once), then the document as it is now.
    await trx
      .updateTable('mock_apis')
      .set((eb) => ({ document: eb.ref('document') }))
      .where('id', '=', apiId)
      .execute();
    const row = await trx.selectFrom('mock_apis').select('document').where('id', '=', apiId).executeTakeFirst();
    if (!row) return 'the mock API is gone';
    const document = JSON.parse(row.document) as MockApiDocument;
    if (matchRoute(document.routes, call.method, call.segments)) return null;
    if (document.routes.length >= MOCK_LIMITS.routes)
      return `the mock API has ${document.routes.length} routes, the most it may hold`;
    const ids = new Set(document.routes.map((existing) => existing.id));
    const added = ids.has(route.id) ? { ...route, id: `${route.id.slice(0, 30)}-${ids.size}` } : route;
    const text = JSON.stringify({ ...document, routes: [...document.routes, added] });
    if (Buffer.byteLength(text) > MOCK_LIMITS.documentBytes)
      return `the document would be over ${MOCK_LIMITS.documentBytes} bytes`;
    await trx
      .updateTable('mock_apis')
      .set({ document: text, updated_at: new Date().toISOString() })
      .where('id', '=', apiId)
      .execute();
    return null;
  });
}

/** Records the answer as a route; null when recorded (or already there), else why not. */
export async function recordRoute(
  db: Kysely<Tables>,
  apiId: string,
  call: MockCall,
  answer: ProxiedAnswer,
  url: string,
): Promise<string | null> {
  const route = routeFor(call, answer, url);
  if (typeof route === 'string') return route;
  return append(db, apiId, route, call);
}
