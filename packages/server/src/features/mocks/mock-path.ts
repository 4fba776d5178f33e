/**
 * Route path syntax: `/users/:id`, `/orders/:id/items`. A segment is literal text or `:name`;
 * the route's shape (parameters replaced by `:`) is what makes two routes the same.
 */
import type { Problems } from './mock-problems.js';

export const MAX_PATH_SEGMENTS = 20;
export const MAX_PATH_CHARS = 2000;

/** What a literal segment may hold: RFC 3986 pchar (unreserved, sub-delims, ':', '@', %XX). */
const LITERAL = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=@]|%[0-9A-Fa-f]{2})+$/;
const PARAM = /^:([A-Za-z_][A-Za-z0-9_]{0,63})$/;

export interface ParsedPath {
  /** Parameter names in order. */
  params: string[];
  /** `/users/:` for `/users/:id`: routes with the same shape and method collide. */
  shape: string;
}

/** Parses `path`, reporting every problem under `where`; undefined when it is not usable. */
export function parseRoutePath(path: unknown, where: string, problems: Problems): ParsedPath | undefined {
  if (typeof path !== 'string' || !path.startsWith('/')) {
    problems.add(
      where,
      `must be a path starting with "/", such as /users/:id, got ${JSON.stringify(path)?.slice(0, 60)}`,
    );
    return undefined;
  }
  if (path.length > MAX_PATH_CHARS) {
    problems.add(where, `is ${path.length} characters long; at most ${MAX_PATH_CHARS} are allowed`);
    return undefined;
  }
  if (path === '/') return { params: [], shape: '/' };
  const segments = path.slice(1).split('/');
  if (segments.length > MAX_PATH_SEGMENTS) {
    problems.add(where, `has ${segments.length} segments; at most ${MAX_PATH_SEGMENTS} are allowed`);
    return undefined;
  }
  const params: string[] = [];
  const shape: string[] = [];
  let ok = true;
  segments.forEach((segment, index) => {
    const param = PARAM.exec(segment);
    if (param) {
      if (params.includes(param[1])) {
        problems.add(where, `names the parameter :${param[1]} twice; give each parameter its own name`);
        ok = false;
      }
      params.push(param[1]);
      shape.push(':');
    } else if (segment === '') {
      problems.add(where, index === segments.length - 1 ? 'must not end with "/"' : 'has an empty segment ("//")');
      ok = false;
    } else if (segment.startsWith(':')) {
      problems.add(
        where,
        `has a bad parameter "${segment.slice(0, 70)}": a parameter is ":" and a name of letters, digits and _ (not starting with a digit), filling the whole segment`,
      );
      ok = false;
    } else if (!LITERAL.test(segment)) {
      problems.add(
        where,
        `has a segment "${segment.slice(0, 70)}" with characters a URL path cannot hold as they are; percent-encode them`,
      );
      ok = false;
    } else {
      shape.push(segment);
    }
  });
  return ok ? { params, shape: '/' + shape.join('/') } : undefined;
}
