import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { overlayPage, type OverlayEntry, type PageItem } from './rest-overlay-page.js';

/** The list the slow way: every position of the range, then the written rows outside it. */
function wholeList(range: { start: number; count: number }, entries: OverlayEntry[]): PageItem[] {
  const byPosition = new Map(entries.map((e) => [e.position, e]));
  const positions = new Set([...entries.map((e) => e.position)]);
  for (let p = range.start; p < range.start + range.count; p++) positions.add(p);
  const inside = (p: number) => p >= range.start && p < range.start + range.count;
  return [...positions]
    .sort((a, b) => a - b)
    .flatMap((p): PageItem[] => {
      const entry = byPosition.get(p);
      if (entry) return entry.shown ? [{ written: p }] : [];
      return inside(p) ? [{ generated: p }] : [];
    });
}

test('a page is the slice of the whole list, for any writes and any page', () => {
  const entries = fc
    .uniqueArray(fc.record({ position: fc.nat(60), shown: fc.boolean() }), { selector: (e) => e.position })
    .map((list) => list.sort((a, b) => a.position - b.position));
  fc.assert(
    fc.property(
      fc.nat(30),
      fc.nat(30),
      entries,
      fc.nat(70),
      fc.integer({ min: 1, max: 20 }),
      (start, count, list, offset, limit) => {
        const whole = wholeList({ start, count }, list);
        const page = overlayPage({ start, count }, list, offset, limit);
        assert.equal(page.total, whole.length);
        assert.deepEqual(page.items, whole.slice(offset, offset + limit));
      },
    ),
    { numRuns: 2000 },
  );
});

test('created rows come after the generated ones; deleted ones are skipped', () => {
  const page = overlayPage(
    { start: 0, count: 5 },
    [
      { position: 1, shown: false },
      { position: 3, shown: true },
      { position: 6, shown: true },
    ],
    0,
    10,
  );
  assert.equal(page.total, 5);
  assert.deepEqual(page.items, [{ generated: 0 }, { generated: 2 }, { written: 3 }, { generated: 4 }, { written: 6 }]);
});
