/**
 * A page of a REST mock list once writes are laid over the generated rows. The list is a range of
 * generated positions (a whole table, or a parent's children), minus the written positions inside
 * it that are not shown (deleted, or a child moved to another parent), plus the written rows
 * outside it that are shown (created rows, or children moved here), all in position order. A
 * written row inside the range that is shown stands in for the generated one. Finding where a
 * page starts walks the written rows only, never the generated ones: a page costs its own rows.
 */

/** A written row of the list's table: its position and whether this list shows it. */
export interface OverlayEntry {
  position: number;
  shown: boolean;
}

/** A row of the page: generated at a position, or the written row at that position. */
export type PageItem = { generated: number } | { written: number };

export interface OverlayPage {
  /** The rows the list shows in all (X-Total). */
  total: number;
  items: PageItem[];
}

/** `entries` in ascending position order; the range is [start, start + count). */
export function overlayPage(
  range: { start: number; count: number },
  entries: readonly OverlayEntry[],
  offset: number,
  limit: number,
): OverlayPage {
  const end = range.start + range.count;
  const inside = (e: OverlayEntry) => e.position >= range.start && e.position < end;
  const before = entries.filter((e) => e.shown && e.position < range.start).map((e) => e.position);
  const after = entries.filter((e) => e.shown && e.position >= end).map((e) => e.position);
  const hidden = entries.filter((e) => !e.shown && inside(e)).map((e) => e.position);
  const written = new Set(entries.filter((e) => e.shown && inside(e)).map((e) => e.position));
  const middle = range.count - hidden.length;
  const total = before.length + middle + after.length;
  const stop = Math.min(total, offset + limit);
  const items: PageItem[] = [];
  let shown = offset;
  for (; shown < stop && shown < before.length; shown++) items.push({ written: before[shown] });
  // The n-th generated row shown is at start + n, moved past every hidden position up to it.
  let position = range.start + (shown - before.length);
  let next = 0;
  while (next < hidden.length && hidden[next] <= position) {
    position++;
    next++;
  }
  for (; shown < stop && shown < before.length + middle; shown++) {
    while (next < hidden.length && hidden[next] === position) {
      position++;
      next++;
    }
    items.push(written.has(position) ? { written: position } : { generated: position });
    position++;
  }
  for (; shown < stop; shown++) items.push({ written: after[shown - before.length - middle] });
  return { total, items };
}
