/**
 * Where the entity-relationship diagram puts its boxes and arrows: a layered layout written
 * here rather than a library's (a project has tens of tables, not thousands). Parents sit in a
 * column to the left of their children (a table's layer is one more than its deepest parent's,
 * cycle-closing and self references aside); within a layer, tables follow the mean position of
 * their parents, which keeps most arrows from crossing. Pure: sizes come from character counts,
 * so it runs and is tested without a browser.
 */
import type { ModelTable, TableReference } from '@rowloom/contract';
import { arrowLabel } from './reference-labels';

export const SIZES = {
  header: 30,
  row: 20,
  pad: 10,
  gutter: 26,
  char: 7.4,
  labelChar: 6.4,
  minWidth: 150,
  maxWidth: 300,
  gapY: 28,
  margin: 16,
  maxColumns: 14,
};

export interface BoxColumn {
  name: string;
  /** Part of the primary key. */
  key: boolean;
  /** A Reference field (a foreign key). */
  reference: boolean;
}

export interface Box {
  table: string;
  count: number | null;
  x: number;
  y: number;
  width: number;
  height: number;
  layer: number;
  columns: BoxColumn[];
  /** Columns left out of the box (more than SIZES.maxColumns). */
  hidden: number;
}

export interface Edge {
  /** The child table (where the reference is) and the parent (where the arrow points). */
  from: string;
  to: string;
  reference: TableReference;
  /** SVG path data, child to parent. */
  path: string;
  label: string;
  labelX: number;
  labelY: number;
  dashed: boolean;
  self: boolean;
}

export interface DiagramLayout {
  width: number;
  height: number;
  boxes: Box[];
  edges: Edge[];
}

/** A name cut to `max` characters with an ellipsis (the full name goes in a tooltip). */
export function fit(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}

/** The parents that place a table: references to another known table that do not close a cycle. */
function placingParents(table: ModelTable, known: Set<string>): string[] {
  return table.references.filter((r) => !r.self && !r.deferred && known.has(r.table)).map((r) => r.table);
}

/** Each table's layer: 0 without parents, else one more than its deepest parent's. */
export function layersOf(tables: ModelTable[]): Map<string, number> {
  const known = new Set(tables.map((t) => t.name));
  const byName = new Map(tables.map((t) => [t.name, t]));
  const layers = new Map<string, number>();
  const visiting = new Set<string>();
  const visit = (name: string): number => {
    const done = layers.get(name);
    if (done !== undefined) return done;
    // A cycle the model did not mark deferred (a project with problems): break it here.
    if (visiting.has(name)) return 0;
    visiting.add(name);
    const parents = placingParents(byName.get(name) as ModelTable, known);
    const layer = parents.length ? 1 + Math.max(...parents.map(visit)) : 0;
    visiting.delete(name);
    layers.set(name, layer);
    return layer;
  };
  for (const table of tables) visit(table.name);
  return layers;
}

/** Tables in load order first (parents first), then any the load order leaves out. */
function ordered(tables: ModelTable[], loadOrder: string[]): ModelTable[] {
  const rank = new Map(loadOrder.map((name, i) => [name, i]));
  return tables
    .map((table, i) => ({ table, i }))
    .sort(
      (a, b) => (rank.get(a.table.name) ?? loadOrder.length + a.i) - (rank.get(b.table.name) ?? loadOrder.length + b.i),
    )
    .map(({ table }) => table);
}

/** Groups tables by layer; within a layer, by the mean position of their parents in earlier layers. */
function columnsOfLayers(tables: ModelTable[], layers: Map<string, number>): ModelTable[][] {
  const result: ModelTable[][] = [];
  for (const table of tables) (result[layers.get(table.name) ?? 0] ??= []).push(table);
  const position = new Map<string, number>();
  return result.map((layer) => {
    const weight = (table: ModelTable) => {
      const places = table.references.map((r) => position.get(r.table)).filter((p) => p !== undefined);
      return places.length ? places.reduce((a, b) => a + b, 0) / places.length : -1;
    };
    const sorted = layer.map((table, i) => ({ table, i, w: weight(table) })).sort((a, b) => a.w - b.w || a.i - b.i);
    sorted.forEach(({ table }, i) => position.set(table.name, i));
    return sorted.map(({ table }) => table);
  });
}

function boxColumns(table: ModelTable): BoxColumn[] {
  const referencing = new Set(table.references.flatMap((r) => r.fields));
  return table.columns.map((c) => ({ name: c.name, key: c.key, reference: referencing.has(c.name) }));
}

/** Width from the longest text: the header (name and count) or a column (after the PK/FK gutter). */
export function boxWidth(table: ModelTable): number {
  const count = table.count === null ? 0 : table.count.toLocaleString('en').length + 2;
  const longest = Math.max(table.name.length + count, ...table.columns.map((c) => c.name.length + 4));
  const width = SIZES.pad * 2 + longest * SIZES.char;
  return Math.round(Math.min(SIZES.maxWidth, Math.max(SIZES.minWidth, width)));
}

function makeBox(table: ModelTable, layer: number): Box {
  const columns = boxColumns(table);
  const shown = columns.slice(0, SIZES.maxColumns);
  const hidden = columns.length - shown.length;
  const rows = shown.length + (hidden ? 1 : 0);
  return {
    table: table.name,
    count: table.count,
    x: 0,
    y: 0,
    width: boxWidth(table),
    height: SIZES.header + Math.max(1, rows) * SIZES.row + 6,
    layer,
    columns: shown,
    hidden,
  };
}

/** The room between layers: enough for the longest arrow label, within bounds. */
function gapX(tables: ModelTable[]): number {
  const longest = Math.max(0, ...tables.flatMap((t) => t.references.map((r) => arrowLabel(r).length)));
  return Math.round(Math.min(280, Math.max(110, longest * SIZES.labelChar + 40)));
}

function place(layers: ModelTable[][], boxes: Map<string, Box>, gap: number): { width: number; height: number } {
  const heights = layers.map((layer) =>
    layer.reduce((sum, t, i) => sum + (boxes.get(t.name) as Box).height + (i ? SIZES.gapY : 0), 0),
  );
  const tallest = Math.max(0, ...heights);
  let x = SIZES.margin;
  layers.forEach((layer, i) => {
    let y = SIZES.margin + (tallest - heights[i]) / 2;
    const widest = Math.max(0, ...layer.map((t) => (boxes.get(t.name) as Box).width));
    for (const table of layer) {
      const box = boxes.get(table.name) as Box;
      box.x = x;
      box.y = Math.round(y);
      y += box.height + SIZES.gapY;
    }
    x += widest + gap;
  });
  return { width: x - gap + SIZES.margin, height: tallest + SIZES.margin * 2 };
}

/** The y of a column's row in its box (the box's middle when the column is not shown). */
export function columnY(box: Box, column: string | undefined): number {
  const i = box.columns.findIndex((c) => c.name === column);
  if (i < 0) return box.y + box.height / 2;
  return box.y + SIZES.header + i * SIZES.row + SIZES.row / 2 + 3;
}

type Point = [number, number];

function curve(points: [Point, Point, Point, Point]): { path: string; mid: Point; left: number; right: number } {
  const [a, b, c, d] = points;
  const left = Math.min(a[0], b[0], c[0], d[0]);
  const right = Math.max(a[0], b[0], c[0], d[0]);
  const path = `M ${a[0]} ${a[1]} C ${b[0]} ${b[1]}, ${c[0]} ${c[1]}, ${d[0]} ${d[1]}`;
  const mid: Point = [(a[0] + 3 * b[0] + 3 * c[0] + d[0]) / 8, (a[1] + 3 * b[1] + 3 * c[1] + d[1]) / 8];
  return { path, mid, left, right };
}

/** The curve from the child's field to the parent's key, by where the two boxes sit. */
function route(child: Box, parent: Box, reference: TableReference): ReturnType<typeof curve> {
  const from = columnY(child, reference.fields[0]);
  const to = columnY(parent, reference.columns[0]);
  if (reference.self || child === parent) {
    const x = child.x + child.width;
    const end = to === from ? to + SIZES.row / 2 : to;
    const reach = 46 + Math.abs(end - from) * 0.15;
    return curve([
      [x, from],
      [x + reach, from],
      [x + reach, end],
      [x + 6, end],
    ]);
  }
  if (parent.x + parent.width <= child.x) {
    const [sx, ex] = [child.x, parent.x + parent.width + 6];
    const d = Math.max(30, (sx - ex) / 2);
    return curve([
      [sx, from],
      [sx - d, from],
      [ex + d, to],
      [ex, to],
    ]);
  }
  if (parent.x >= child.x + child.width) {
    const [sx, ex] = [child.x + child.width, parent.x - 6];
    const d = Math.max(30, (ex - sx) / 2);
    return curve([
      [sx, from],
      [sx + d, from],
      [ex - d, to],
      [ex, to],
    ]);
  }
  // Same layer (a reference that closes a cycle): bulge out to the left of both boxes.
  const bulge = 50 + Math.abs(to - from) * 0.12;
  const left = Math.min(child.x, parent.x);
  return curve([
    [child.x, from],
    [left - bulge, from],
    [left - bulge, to],
    [parent.x - 6, to],
  ]);
}

function edgesOf(tables: ModelTable[], boxes: Map<string, Box>): { edges: Edge[]; minX: number; maxX: number } {
  const edges: Edge[] = [];
  let minX = Infinity;
  let maxX = 0;
  for (const table of tables) {
    const child = boxes.get(table.name) as Box;
    for (const reference of table.references) {
      const parent = boxes.get(reference.table);
      if (!parent) continue;
      const { path, mid, left, right } = route(child, parent, reference);
      const label = arrowLabel(reference);
      const half = (label.length * SIZES.labelChar) / 2 + 6;
      minX = Math.min(minX, left, mid[0] - half);
      maxX = Math.max(maxX, right, mid[0] + half);
      edges.push({
        from: table.name,
        to: reference.table,
        reference,
        path,
        label,
        labelX: Math.round(mid[0]),
        labelY: Math.round(mid[1]),
        dashed: reference.deferred,
        self: reference.self || reference.table === table.name,
      });
    }
  }
  return { edges, minX, maxX };
}

export function layoutDiagram(tables: ModelTable[], loadOrder: string[]): DiagramLayout {
  const layerOf = layersOf(tables);
  const layers = columnsOfLayers(ordered(tables, loadOrder), layerOf);
  const boxes = new Map(tables.map((t) => [t.name, makeBox(t, layerOf.get(t.name) ?? 0)]));
  const size = place(layers, boxes, gapX(tables));
  const first = edgesOf(tables, boxes);
  // A cycle's bulge (or its label) may reach left of the first layer: move everything right.
  const shift = Math.ceil(Math.max(0, SIZES.margin - first.minX));
  for (const box of boxes.values()) box.x += shift;
  const { edges, maxX } = shift > 0 ? edgesOf(tables, boxes) : first;
  const width = Math.max(size.width + shift, maxX + SIZES.margin);
  return { width: Math.ceil(width), height: Math.ceil(size.height), boxes: [...boxes.values()], edges };
}
