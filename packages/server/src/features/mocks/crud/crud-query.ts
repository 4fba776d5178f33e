/**
 * The list request's query parameters: which window of the collection (Mockaroo/Rails
 * page + per_page, json-server's _page + _per_page or _limit, _start + _end or _limit), the
 * order (_sort, _order) and the filters (field=value, field_gt/_gte/_lt/_lte/_ne/_like, q).
 * Names starting with "_", and key, page, per_page, q, are never filters.
 */
import { fail } from './crud-reply.js';

/** Most records one list response carries (the default when no page is asked for). */
export const MAX_PAGE_RECORDS = 1000;
/** per_page when a page is asked for without a size (json-server's default). */
export const DEFAULT_PER_PAGE = 10;
const MAX_FILTERS = 20;
const MAX_SORT_FIELDS = 5;
/** q and filter values longer than this are refused: every record is tested against them. */
export const MAX_FILTER_CHARS = 256;
const MAX_PATH_SEGMENTS = 16;

export type FilterOperator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'like';
const SUFFIXES: [string, FilterOperator][] = [
  ['_gte', 'gte'],
  ['_lte', 'lte'],
  ['_gt', 'gt'],
  ['_lt', 'lt'],
  ['_ne', 'ne'],
  ['_like', 'like'],
];

export interface Filter {
  /** The parameter as sent, for messages. */
  parameter: string;
  path: string[];
  operator: FilterOperator;
  value: string;
}

export interface SortKey {
  path: string[];
  descending: boolean;
}

/** How the client asked for its window; the Link header answers in the same words. */
export type WindowStyle = 'rails' | 'json-server' | 'start' | 'none';

export interface ListWindow {
  style: WindowStyle;
  offset: number;
  limit: number;
  /** The name of the size parameter the client used (per_page, _per_page, _limit, _end). */
  sizeName: string;
}

export interface ListQuery {
  window: ListWindow;
  sort: SortKey[];
  filters: Filter[];
  /** Lower-cased full-text search, or null. */
  q: string | null;
}

/** Parameters that are about something else than the records (the API key, the method override). */
const NOT_FILTERS = new Set(['key', 'q', 'page', 'per_page']);
export const PAGING_PARAMETERS = ['page', 'per_page', '_page', '_per_page', '_limit', '_start', '_end'];

export function parseListQuery(query: Record<string, string>): ListQuery {
  return { window: parseWindow(query), sort: parseSort(query), filters: parseFilters(query), q: parseQ(query) };
}

function whole(
  query: Record<string, string>,
  name: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  const text = query[name];
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,15}$/.test(text.trim()))
    throw fail(400, `parameter "${name}" must be a whole number, not ${JSON.stringify(text.slice(0, 40))}`);
  const value = Number(text.trim());
  if (value < min || value > max)
    throw fail(400, `parameter "${name}" must be between ${min} and ${max}, not ${value}`);
  return value;
}

function has(query: Record<string, string>, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(query, name) && query[name] !== '';
}

function parseWindow(query: Record<string, string>): ListWindow {
  const start = whole(query, '_start', 0);
  if (start !== undefined) return startWindow(query, start);
  const rails = has(query, 'page') || has(query, 'per_page');
  const pageName = rails ? 'page' : '_page';
  const sizeName = rails ? 'per_page' : has(query, '_per_page') ? '_per_page' : '_limit';
  const page = whole(query, pageName, 1);
  const size = whole(query, sizeName, 1, MAX_PAGE_RECORDS);
  if (page === undefined && size === undefined)
    return { style: 'none', offset: 0, limit: MAX_PAGE_RECORDS, sizeName: 'per_page' };
  const limit = size ?? DEFAULT_PER_PAGE;
  const offset = ((page ?? 1) - 1) * limit;
  if (!Number.isSafeInteger(offset)) throw fail(400, `parameter "${pageName}" is too large`);
  return { style: rails ? 'rails' : 'json-server', offset, limit, sizeName };
}

function startWindow(query: Record<string, string>, start: number): ListWindow {
  const end = whole(query, '_end', 0);
  if (end !== undefined) {
    if (end < start) throw fail(400, `parameter "_end" (${end}) must not be less than "_start" (${start})`);
    if (end - start > MAX_PAGE_RECORDS)
      throw fail(
        400,
        `_start=${start}&_end=${end} asks for ${end - start} records; one response carries at most ${MAX_PAGE_RECORDS}`,
      );
    return { style: 'start', offset: start, limit: end - start, sizeName: '_end' };
  }
  const limit = whole(query, '_limit', 1, MAX_PAGE_RECORDS) ?? MAX_PAGE_RECORDS;
  return { style: 'start', offset: start, limit, sizeName: '_limit' };
}

function fieldPath(name: string, parameter: string): string[] {
  const path = name.split('.');
  if (path.length > MAX_PATH_SEGMENTS || path.some((segment) => segment === '')) {
    throw fail(
      400,
      `parameter "${parameter.slice(0, 80)}" must name a field or a dotted path (address.city) of at most ${MAX_PATH_SEGMENTS} names`,
    );
  }
  return path;
}

function parseSort(query: Record<string, string>): SortKey[] {
  const text = query._sort;
  if (text === undefined || text.trim() === '') return [];
  const names = text.split(',').map((name) => name.trim());
  if (names.length > MAX_SORT_FIELDS)
    throw fail(400, `parameter "_sort" names ${names.length} fields; sort by at most ${MAX_SORT_FIELDS}`);
  const orders = (query._order ?? '').split(',').map((order) => order.trim().toLowerCase());
  for (const order of orders)
    if (order !== '' && order !== 'asc' && order !== 'desc')
      throw fail(
        400,
        `parameter "_order" must be asc or desc (or a comma-separated list of them), not ${JSON.stringify(order.slice(0, 40))}`,
      );
  return names.map((name, index) => {
    const order = orders.length === 1 ? orders[0] : (orders[index] ?? '');
    const descending = name.startsWith('-') !== (order === 'desc');
    return { path: fieldPath(name.replace(/^-/, ''), '_sort'), descending };
  });
}

function parseFilters(query: Record<string, string>): Filter[] {
  const filters: Filter[] = [];
  for (const [parameter, value] of Object.entries(query)) {
    if (parameter.startsWith('_') || NOT_FILTERS.has(parameter)) continue;
    if (filters.length === MAX_FILTERS)
      throw fail(400, `more than ${MAX_FILTERS} filter parameters; use at most ${MAX_FILTERS}`);
    if (value.length > MAX_FILTER_CHARS)
      throw fail(
        400,
        `parameter "${parameter.slice(0, 80)}" is ${value.length} characters long; filter values may be at most ${MAX_FILTER_CHARS}`,
      );
    const suffix = SUFFIXES.find(([ending]) => parameter.endsWith(ending) && parameter.length > ending.length);
    const name = suffix ? parameter.slice(0, -suffix[0].length) : parameter;
    filters.push({ parameter, path: fieldPath(name, parameter), operator: suffix ? suffix[1] : 'eq', value });
  }
  return filters;
}

function parseQ(query: Record<string, string>): string | null {
  const q = query.q;
  if (q === undefined || q === '') return null;
  if (q.length > MAX_FILTER_CHARS)
    throw fail(400, `parameter "q" is ${q.length} characters long; search for at most ${MAX_FILTER_CHARS}`);
  return q.toLowerCase();
}
