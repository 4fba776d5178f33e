/**
 * The body template of a mock callback (a webhook): text with {{…}} placeholders that take the
 * request's values. No expressions, no loops: a template is read once into literal pieces and
 * lookups, so rendering is linear in its size plus the values inserted.
 *   {{request.method}} {{request.path}} {{request.params.NAME}} {{request.query.NAME}}
 *   {{request.headers.NAME}} {{request.body}} {{request.body.a.b.0}} {{now}}
 * A missing value renders as nothing (JSON: null when the placeholder is a whole JSON value).
 */
export type Piece = { text: string } | { lookup: string[] };

export interface TemplateRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** The parsed JSON body, the text when it is not JSON, or null. */
  body: unknown;
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const NAMED_ROOTS = new Set(['params', 'query', 'headers']);

/** The placeholder's lookup path, or why it is not one. */
function lookupOf(expression: string): string[] | string {
  if (expression === 'now') return ['now'];
  const parts = expression.split('.');
  if (parts[0] !== 'request' || parts.length < 2 || parts.some((part) => part === ''))
    return `{{${expression}}} is not a placeholder; use {{request.method}}, {{request.path}}, {{request.params.id}}, {{request.query.x}}, {{request.headers.x}}, {{request.body.user.id}} or {{now}}`;
  const root = parts[1];
  if ((root === 'method' || root === 'path') && parts.length === 2) return parts;
  if (NAMED_ROOTS.has(root) && parts.length >= 3) return [...parts.slice(0, 2), parts.slice(2).join('.')];
  if (root === 'body') return parts;
  return `{{${expression}}} reads request.${root}, which a request does not have; use method, path, params, query, headers or body`;
}

/** The template as pieces, or the first problem with it. */
export function parseTemplate(template: string): Piece[] | string {
  const pieces: Piece[] = [];
  let last = 0;
  for (const found of template.matchAll(PLACEHOLDER)) {
    if (found.index > last) pieces.push({ text: template.slice(last, found.index) });
    const lookup = lookupOf(found[1]);
    if (typeof lookup === 'string') return lookup;
    pieces.push({ lookup });
    last = found.index + found[0].length;
  }
  if (last < template.length) pieces.push({ text: template.slice(last) });
  return pieces;
}

function own(record: object, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

function valueOf(lookup: string[], request: TemplateRequest, now: Date): unknown {
  const [first, root, ...rest] = lookup;
  if (first === 'now') return now.toISOString();
  if (root === 'method') return request.method;
  if (root === 'path') return request.path;
  if (root === 'params' || root === 'query') return own(request[root], rest[0]);
  if (root === 'headers') return own(request.headers, rest[0].toLowerCase());
  let value: unknown = request.body;
  for (const key of rest) {
    if (value === null || typeof value !== 'object') return undefined;
    value = own(value, key);
  }
  return value;
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** JSON-escaped, without the quotes: the placeholder sits inside a JSON string the template writes. */
const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1);

export function renderTemplate(
  pieces: readonly Piece[],
  request: TemplateRequest,
  json: boolean,
  now = new Date(),
): string {
  return pieces
    .map((piece) => {
      if ('text' in piece) return piece.text;
      const text = asText(valueOf(piece.lookup, request, now));
      return json ? jsonEscaped(text) : text;
    })
    .join('');
}
