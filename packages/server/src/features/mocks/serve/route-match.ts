/**
 * Which route of a mock API answers a request: the method (ANY matches every one, GET also
 * answers HEAD), then the path segment by segment, `:name` taking any one segment. A trailing
 * `.json` is optional on the request and on the route. A CRUD route's path matches itself and
 * one more segment (the record's key). The most specific route wins: at the first segment where
 * two routes differ a literal beats a parameter; then an exact method beats ANY; then the order.
 */
import type { MockRoute } from '@rowloom/contract';

export interface RouteMatch {
  route: MockRoute;
  /** Decoded path parameters by name. */
  params: Record<string, string>;
  /** A CRUD route's record key (/users/42 -> "42"), null for the collection itself or another kind. */
  crudKey: string | null;
}

interface Candidate extends RouteMatch {
  /** Per segment: 2 literal, 1 parameter. */
  ranks: number[];
  methodRank: number;
  order: number;
}

const JSON_SUFFIX = /\.json$/i;

function withoutJson(segments: string[]): string[] {
  if (segments.length === 0) return segments;
  const last = segments[segments.length - 1];
  return JSON_SUFFIX.test(last) && last.length > 5 ? [...segments.slice(0, -1), last.slice(0, -5)] : segments;
}

export function routeSegments(path: string): string[] {
  return withoutJson(path.split('/').filter((segment) => segment !== ''));
}

/** 2 exact, 1 through ANY or HEAD->GET, 0 no match. */
function methodRank(route: MockRoute, method: string): number {
  if (route.kind === 'crud') return 1;
  if (route.method === method) return 2;
  if (route.method === 'ANY' || (method === 'HEAD' && route.method === 'GET')) return 1;
  return 0;
}

function matchSegments(
  pattern: string[],
  segments: string[],
): { params: Record<string, string>; ranks: number[] } | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  const ranks: number[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i];
    if (part.startsWith(':') && part.length > 1) {
      params[part.slice(1)] = segments[i];
      ranks.push(1);
    } else if (part === segments[i]) ranks.push(2);
    else return null;
  }
  return { params, ranks };
}

function candidate(route: MockRoute, order: number, method: string, segments: string[]): Candidate | null {
  const rank = methodRank(route, method);
  if (rank === 0) return null;
  const pattern = routeSegments(route.path);
  const exact = matchSegments(pattern, segments);
  if (exact) return { route, params: exact.params, crudKey: null, ranks: exact.ranks, methodRank: rank, order };
  if (route.kind !== 'crud' || segments.length !== pattern.length + 1) return null;
  const collection = matchSegments(pattern, segments.slice(0, -1));
  if (!collection) return null;
  return {
    route,
    params: collection.params,
    crudKey: segments[segments.length - 1],
    ranks: [...collection.ranks, 1],
    methodRank: rank,
    order,
  };
}

function moreSpecific(a: Candidate, b: Candidate): number {
  for (let i = 0; i < Math.min(a.ranks.length, b.ranks.length); i++) {
    if (a.ranks[i] !== b.ranks[i]) return b.ranks[i] - a.ranks[i];
  }
  if (a.methodRank !== b.methodRank) return b.methodRank - a.methodRank;
  return a.order - b.order;
}

export function matchRoute(
  routes: readonly MockRoute[],
  method: string,
  requestSegments: string[],
): RouteMatch | undefined {
  const segments = withoutJson(requestSegments);
  let best: Candidate | null = null;
  routes.forEach((route, order) => {
    const found = candidate(route, order, method, segments);
    if (found && (!best || moreSpecific(found, best) < 0)) best = found;
  });
  if (!best) return undefined;
  const { route, params, crudKey } = best as Candidate;
  return { route, params, crudKey };
}

/** The methods some route answers at this path (for a CORS preflight and the Allow header). */
export function methodsAt(routes: readonly MockRoute[], requestSegments: string[]): string[] {
  const segments = withoutJson(requestSegments);
  const methods = new Set<string>();
  for (const route of routes) {
    const pattern = routeSegments(route.path);
    const here =
      matchSegments(pattern, segments) ??
      (route.kind === 'crud' && segments.length === pattern.length + 1
        ? matchSegments(pattern, segments.slice(0, -1))
        : null);
    if (!here) continue;
    if (route.kind === 'crud' || route.method === 'ANY')
      return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
  }
  return [...methods];
}

/** `GET /users, POST /users, ...` for the 404 message, at most `limit` of them. */
export function describeRoutes(routes: readonly MockRoute[], limit = 20): string {
  if (routes.length === 0) return 'none';
  const listed = routes
    .slice(0, limit)
    .map((route) => `${route.kind === 'crud' ? 'CRUD' : route.method} ${route.path}`);
  return listed.join(', ') + (routes.length > limit ? ` and ${routes.length - limit} more` : '');
}
