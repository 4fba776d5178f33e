/**
 * GET on the collection. Without filters, q or _sort the database pages (order by position,
 * offset/limit). Otherwise the collection is scanned in batches of SCAN_BATCH records (the
 * database first drops records that cannot match the equality filters, see prefilters), each
 * parsed, tested and dropped, keeping only small entries (key, position, size, sort values)
 * for the matches; the page's records are then loaded by key. A request so holds at most one
 * batch plus the page in memory, whatever the collection (MOCK_LIMITS.crudRecords records of up
 * to MOCK_LIMITS.crudRecordBytes each). A page larger than PAGE_MAX_CHARS of JSON is refused
 * before it is loaded, naming the parameter that makes it smaller.
 */
import { sql } from 'kysely';
import type { CrudReply } from './crud-contract.js';
import { pageHeaders } from './crud-links.js';
import { compareSortValues, matches, sortValues, type SortValues } from './crud-match.js';
import { parseListQuery, type ListQuery, type ListWindow } from './crud-query.js';
import { fail } from './crud-reply.js';
import { countRecords, type CollectionId, type Db } from './crud-store.js';

/** Records parsed at a time while scanning: at most this many × 64 KB of JSON in memory. */
export const SCAN_BATCH = 100;
/** Most JSON text one list response carries (a page of 1000 records of 64 KB would be 64 MB). */
export const PAGE_MAX_CHARS = 16 * 1024 * 1024;

interface Entry {
  key: string;
  position: number;
  length: number;
  sort?: SortValues;
}

interface Selection {
  total: number;
  page: Entry[];
}

export async function listRecords(
  db: Db,
  id: CollectionId,
  query: Record<string, string>,
  url: string,
): Promise<CrudReply> {
  const list = parseListQuery(query);
  const scan = list.filters.length > 0 || list.q !== null || list.sort.length > 0;
  const selection = scan ? await scanSelection(db, id, list) : await pagedSelection(db, id, list.window);
  checkPageSize(selection.page, list.window);
  const records = await loadPage(db, id, selection.page);
  return { status: 200, body: records, headers: { ...pageHeaders(url, query, list.window, selection.total) }, rows: 0 };
}

async function pagedSelection(db: Db, id: CollectionId, window: ListWindow): Promise<Selection> {
  const total = await countRecords(db, id);
  const rows = await db
    .selectFrom('mock_records')
    .select(['record_key', 'position', sql<number>`length(data)`.as('length')])
    .where('mock_api_id', '=', id.mockApiId)
    .where('route_id', '=', id.routeId)
    .orderBy('position')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return {
    total,
    page: rows.map((row) => ({ key: row.record_key, position: Number(row.position), length: Number(row.length) })),
  };
}

async function scanSelection(db: Db, id: CollectionId, list: ListQuery): Promise<Selection> {
  const found: Entry[] = [];
  let after = -1;
  for (;;) {
    const batch = await db
      .selectFrom('mock_records')
      .select(['record_key', 'position', 'data'])
      .where('mock_api_id', '=', id.mockApiId)
      .where('route_id', '=', id.routeId)
      .where('position', '>', after)
      .where((eb) => eb.and(prefilters(list).map((pattern) => sql<boolean>`data like ${pattern} escape '!'`)))
      .orderBy('position')
      .limit(SCAN_BATCH)
      .execute();
    for (const row of batch) {
      const record = JSON.parse(row.data) as unknown;
      if (!matches(record, list)) continue;
      found.push({
        key: row.record_key,
        position: Number(row.position),
        length: row.data.length,
        ...(list.sort.length > 0 ? { sort: sortValues(record, list.sort) } : {}),
      });
    }
    if (batch.length < SCAN_BATCH) break;
    after = Number(batch[batch.length - 1].position);
  }
  // Array.prototype.sort is stable: ties stay in collection order.
  if (list.sort.length > 0) found.sort((a, b) => compareSortValues(a.sort!, b.sort!, list.sort));
  return { total: found.length, page: found.slice(list.window.offset, list.window.offset + list.window.limit) };
}

/** Characters JSON writes escaped (or, for lone surrogates, as \u escapes) in a string. */
const ESCAPED_IN_JSON = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * LIKE patterns every record matching the equality filters must contain: a record whose value
 * at the path has the text `v` holds `v` literally in its JSON text (strings unescaped, numbers,
 * true/false/null as written) unless `v` has a character JSON escapes. So the database drops
 * most non-matches before they are parsed; the exact test still runs on what is left. (LIKE
 * ignores ASCII case on SQLite: more rows pass, none are lost.)
 */
function prefilters(list: ListQuery): string[] {
  return list.filters
    .filter((filter) => filter.operator === 'eq' && filter.value !== '' && !ESCAPED_IN_JSON.test(filter.value))
    .map((filter) => `%${filter.value.replace(/[!%_]/g, '!$&')}%`);
}

function checkPageSize(page: Entry[], window: ListWindow): void {
  const chars = page.reduce((sum, entry) => sum + entry.length, 0);
  if (chars <= PAGE_MAX_CHARS) return;
  const fitting = Math.max(1, Math.floor((page.length * PAGE_MAX_CHARS) / chars));
  throw fail(
    400,
    `this page of ${page.length} records is ${(chars / 1024 / 1024).toFixed(1)} MiB of JSON, more than the ${PAGE_MAX_CHARS / 1024 / 1024} MiB one response carries; ask for fewer records per page (e.g. ${sizeParameter(window)}=${fitting})`,
  );
}

/** The parameter that sets the page size in the client's words. */
function sizeParameter(window: ListWindow): string {
  if (window.style === 'start') return '_limit';
  return window.style === 'json-server' ? window.sizeName : 'per_page';
}

/** The page's records in the page's order (a record deleted meanwhile is left out). */
async function loadPage(db: Db, id: CollectionId, page: Entry[]): Promise<unknown[]> {
  if (page.length === 0) return [];
  const rows = await db
    .selectFrom('mock_records')
    .select(['record_key', 'data'])
    .where('mock_api_id', '=', id.mockApiId)
    .where('route_id', '=', id.routeId)
    .where(
      'record_key',
      'in',
      page.map((entry) => entry.key),
    )
    .execute();
  const byKey = new Map(rows.map((row) => [row.record_key, row.data]));
  return page.flatMap((entry) => {
    const data = byKey.get(entry.key);
    return data === undefined ? [] : [JSON.parse(data) as unknown];
  });
}
