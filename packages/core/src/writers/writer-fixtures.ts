/**
 * Hand-built shapes and rows for the writer tests, plus an independent model of what each format
 * should give back once re-parsed (kept deliberately naive: it is the yardstick, not the code).
 */
import assert from 'node:assert/strict';
import type { FieldNode, ItemsNode, ObjectNode, RecordShape, ShapeNode, XmlRole } from '../kernel/shape.js';
import type { OutputKind } from '../kernel/define-type.js';
import { ItemList, Verbatim, type Value } from '../kernel/values.js';
import { createWriter, type WriterOptions } from './index.js';

export function field(
  key: string,
  slot: number,
  output: OutputKind = 'string',
  extra: { xml?: XmlRole; repeated?: boolean; characters?: string } = {},
): FieldNode {
  return {
    kind: 'field',
    key,
    slot,
    output,
    xml: extra.xml ?? 'element',
    repeated: extra.repeated ?? false,
    characters: extra.characters ?? null,
  };
}

export function object(key: string, children: ShapeNode[]): ObjectNode {
  return { kind: 'object', key, children, xml: 'element' };
}

export function items(key: string, slot: number, children: ShapeNode[]): ItemsNode {
  return { kind: 'items', key, slot, children, xml: 'element' };
}

/** A shape using every node kind and XML role. */
export const richShape: RecordShape = {
  nodes: [
    field('id', 0, 'integer', { xml: 'attribute' }),
    field('first_name', 1),
    object('address', [field('city', 2), field('zip', 3), field('kind', 4, 'string', { xml: 'attribute' })]),
    field('tags', 5, 'string', { repeated: true }),
    items('friends', 6, [field('name', 0), field('age', 1, 'integer'), object('pet', [field('species', 2)])]),
    field('active', 7, 'boolean'),
    field('score', 8, 'number'),
    field('code', 9),
    field('note', 10),
  ],
};

const LONG = 'x"y,z\n'.repeat(100_000 / 6) + 'end';

/** Rows of richShape; strings chosen to stress every format's escaping. */
export const richRows: Value[][] = [
  [
    1,
    'O\'Brien, "Pat"',
    'Tab\there',
    '12\r\n34',
    'home & <work>',
    ['a', 'b,c', '"q"'],
    new ItemList([
      ['Ann', 30, 'cat'],
      ['Bo\nb', null, null],
    ]),
    true,
    3.25,
    new Verbatim('1 + 2', false),
    null,
  ],
  [2, 'emoji 😀 𝄞 and 中文', '', null, null, [], new ItemList([]), false, -0.5, new Verbatim('42', true), LONG],
  [3, null, 'Zürich', 'x', 'y', null, null, null, 1e21, null, "back\\slash 'single' \u0007bell"],
];

/** What JSON output holds for a row (includeNulls decides whether null keys stay). */
export function plainObject(
  nodes: readonly ShapeNode[],
  values: readonly Value[],
  includeNulls = true,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const node of nodes) {
    let v: unknown;
    if (node.kind === 'object') v = plainObject(node.children, values, includeNulls);
    else if (node.kind === 'items') {
      const list = values[node.slot];
      v = list instanceof ItemList ? list.items.map((item) => plainObject(node.children, item, includeNulls)) : null;
    } else v = plainValue(values[node.slot]);
    if (v === null && !includeNulls) continue;
    out[node.key] = v;
  }
  return out;
}

export function plainValue(v: Value): unknown {
  if (v instanceof Verbatim) return v.everywhere ? JSON.parse(v.text) : v.text;
  if (Array.isArray(v)) return v.map(plainValue);
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  return v;
}

export function writeAll(shape: RecordShape, options: WriterOptions, rows: readonly Value[][]): string {
  const w = createWriter(shape, options);
  let s = w.begin();
  rows.forEach((r, i) => (s += w.row(r, i)));
  return s + w.end();
}

/**
 * Splits the rows at every position, writes the two ranges with separate writers (the later
 * range first, as a faster worker thread would) and checks the joined text equals one writer's.
 */
export function assertRangesJoin(shape: RecordShape, options: WriterOptions, rows: readonly Value[][]): void {
  const whole = writeAll(shape, options, rows);
  for (let split = 0; split <= rows.length; split++) {
    const first = createWriter(shape, options);
    const second = createWriter(shape, options);
    const tail =
      rows
        .slice(split)
        .map((r, i) => second.row(r, split + i))
        .join('') + second.end();
    const head =
      first.begin() +
      rows
        .slice(0, split)
        .map((r, i) => first.row(r, i))
        .join('');
    assert.equal(head + tail, whole, `split at ${split}`);
  }
}

/** A flat shape of string columns named c0, c1, ... */
export function stringColumns(n: number): RecordShape {
  return { nodes: Array.from({ length: n }, (_, i) => field('c' + i, i)) };
}
