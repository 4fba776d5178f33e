/**
 * The list response's paging headers: X-Total-Count (json-server) and an RFC 8288 Link header
 * with first/prev/next/last, in the paging words the client used (page & per_page, _page &
 * _per_page or _limit, _start & _end or _limit). Other query parameters (filters, sort, the key)
 * are kept in the links so following one gives the next page of the same list.
 */
import { PAGING_PARAMETERS, type ListWindow } from './crud-query.js';

export interface PageLinks {
  'x-total-count': string;
  link?: string;
  'access-control-expose-headers': string;
}

function pagingParameters(window: ListWindow, offset: number): [string, string][] {
  if (window.style === 'start') {
    return [
      ['_start', String(offset)],
      window.sizeName === '_end' ? ['_end', String(offset + window.limit)] : ['_limit', String(window.limit)],
    ];
  }
  const page = Math.floor(offset / window.limit) + 1;
  const pageName = window.style === 'json-server' ? '_page' : 'page';
  return [
    [pageName, String(page)],
    [window.sizeName, String(window.limit)],
  ];
}

/** `url` is the collection's URL without query, or '' for links relative to the request's URL. */
export function pageHeaders(url: string, query: Record<string, string>, window: ListWindow, total: number): PageLinks {
  const headers: PageLinks = { 'x-total-count': String(total), 'access-control-expose-headers': 'X-Total-Count, Link' };
  // No paging asked for and everything fits: nothing to link to.
  if (window.style === 'none' && total <= window.limit) return headers;
  const kept = Object.entries(query).filter(([name]) => !PAGING_PARAMETERS.includes(name));
  const link = (offset: number, rel: string) =>
    `<${url}?${new URLSearchParams([...kept, ...pagingParameters(window, offset)]).toString()}>; rel="${rel}"`;
  const step = window.limit;
  // The last window: page-aligned for page styles, the final `limit` records for _start.
  const last = window.style === 'start' ? Math.max(0, total - step) : Math.max(0, Math.ceil(total / step) - 1) * step;
  const links = [link(0, 'first')];
  if (window.offset > 0) links.push(link(Math.max(0, window.offset - step), 'prev'));
  if (window.offset + step < total) links.push(link(window.offset + step, 'next'));
  links.push(link(last, 'last'));
  headers.link = links.join(', ');
  return headers;
}
