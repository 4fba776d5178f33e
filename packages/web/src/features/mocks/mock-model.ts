/**
 * Editing helpers for the mock API document: fresh routes and responses, copies with new ids,
 * moves, and sample values for a route's path parameters (for the test panel).
 */
import type { MockApiDocument, MockBody, MockResponse, MockRoute, BodyType } from './mock-types';

/** A client-side id: the server keeps ids it is given and fills the missing ones. */
export function newId(prefix: string): string {
  const random = globalThis.crypto?.randomUUID?.().slice(0, 8) ?? Math.random().toString(36).slice(2, 10);
  return `${prefix}_${random}`;
}

export function newResponse(status = 200, body: MockBody = { type: 'json', value: { ok: true } }): MockResponse {
  return { id: newId('res'), status, body };
}

/** What a new route answers: `GET /items` is a collection, so a list of items, as its clients expect. */
const SAMPLE_ITEMS = [
  { id: 1, name: 'First item' },
  { id: 2, name: 'Second item' },
];

export function newRoute(existing: MockRoute[]): MockRoute {
  let path = '/items';
  for (let n = 2; existing.some((r) => r.path === path); n++) path = `/items${n}`;
  const list = newResponse(200, { type: 'json', value: structuredClone(SAMPLE_ITEMS) });
  return { id: newId('route'), method: 'GET', path, kind: 'responses', mode: 'rules', responses: [list] };
}

export function duplicateRoute(route: MockRoute): MockRoute {
  const copy = structuredClone(route);
  return { ...copy, id: newId('route'), responses: copy.responses.map((r) => ({ ...r, id: newId('res') })) };
}

export function duplicateResponse(response: MockResponse): MockResponse {
  return { ...structuredClone(response), id: newId('res'), default: false };
}

export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items;
  const next = items.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function replaceAt<T>(items: T[], index: number, item: T): T[] {
  return items.map((existing, i) => (i === index ? item : existing));
}

/** A body of another type, keeping nothing of the old one (each type has its own fields). */
export function emptyBody(type: BodyType, schemas: string[]): MockBody {
  switch (type) {
    case 'schema':
      return { type, schema: schemas[0] ?? '', count: 1 };
    case 'json':
      return { type, value: {} };
    case 'text':
      return { type, text: '', contentType: 'text/plain; charset=utf-8' };
    case 'handler':
      return { type, source: "status 200\n{ id: params['id'], at: now() }" };
    default:
      return { type: 'empty' };
  }
}

/** The `:name` parameters of a route path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
}

/** The route's path with each parameter replaced by a sample (1 for ids, else "sample"). */
export function samplePath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => (/id$/i.test(name) ? '1' : 'sample'));
}

/** For the unsaved-changes check: the same JSON means nothing changed. */
export function sameDocument(a: MockApiDocument, b: MockApiDocument): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The document without the answer-only fields (url, warnings), as PUT takes it. */
export function documentOf(
  stored: MockApiDocument & { url?: string; warnings?: string[]; updatedAt?: string },
): MockApiDocument {
  const { url: _url, warnings: _warnings, updatedAt: _updated, ...document } = stored;
  return document;
}
