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
  gutter: 24,
  /** Average advance of a character: column names, bold table names, counts. */
  char: 7.2,
  nameChar: 8,
  countChar: 7,
  countGap: 14,
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

const countText = (count: number | null) => (count === null ? '' : count.toLocaleString('en'));

/** The header's room taken by the row count. */
function countRoom(count: number | null): number {
  const text = countText(count);
  return text ? SIZES.countGap + text.length * SIZES.countChar : 0;
}

/** Width from the longest text: the header (bold name and count) or a column (after the PK/FK gutter). */
export function boxWidth(table: ModelTable): number {
  const header = SIZES.pad * 2 + table.name.length * SIZES.nameChar + countRoom(table.count);
  const column = SIZES.pad * 2 + SIZES.gutter + Math.max(0, ...table.columns.map((c) => c.name.length)) * SIZES.char;
  return Math.ceil(Math.min(SIZES.maxWidth, Math.max(SIZES.minWidth, header, column)));
}

/** Characters of the table's name that fit in its header beside the count. */
export function nameRoom(box: Box): number {
  return Math.floor((box.width - SIZES.pad * 2 - countRoom(box.count) + 0.01) / SIZES.nameChar);
}

/** Characters of a column's name that fit in the box. */
export function columnRoom(box: Box): number {
  return Math.floor((box.width - SIZES.pad * 2 - SIZES.gutter + 0.01) / SIZES.char);
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

interface Route {
  path: string;
  /** Where the label's middle goes. */
  label: Point;
  /** Every point the path passes or bends towards, for the drawing's bounds. */
  points: Point[];
}

/** The column a layer's boxes occupy. */
interface LayerSpan {
  left: number;
  right: number;
  boxes: Box[];
}

function spansOf(boxes: Iterable<Box>): LayerSpan[] {
  const spans: LayerSpan[] = [];
  for (const box of boxes) {
    const span = (spans[box.layer] ??= { left: Infinity, right: -Infinity, boxes: [] });
    span.left = Math.min(span.left, box.x);
    span.right = Math.max(span.right, box.x + box.width);
    span.boxes.push(box);
  }
  return spans;
}

const CLEAR = 14;

/** A y at which a line crosses the layer without going through a box: `want`, or just above or below the box in the way. */
function freeY(span: LayerSpan | undefined, want: number): number {
  if (!span) return want;
  const blocked = (y: number) => span.boxes.some((b) => y > b.y - CLEAR + 2 && y < b.y + b.height + CLEAR - 2);
  if (!blocked(want)) return want;
  const candidates = span.boxes
    .flatMap((b) => [b.y - CLEAR, b.y + b.height + CLEAR])
    .filter((y) => y >= 4 && !blocked(y))
    .sort((p, q) => Math.abs(p - want) - Math.abs(q - want));
  return candidates[0] ?? want;
}

/** A cubic between two points leaving and arriving horizontally. */
function bend(a: Point, b: Point): string {
  const mx = (a[0] + b[0]) / 2;
  return ` C ${mx} ${a[1]}, ${mx} ${b[1]}, ${b[0]} ${b[1]}`;
}

/** The middle of bend(a, b). */
function bendMiddle(a: Point, b: Point): Point {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

/**
 * Child to parent across layers: a bend in each gap, and a straight run across each layer in
 * between, at a height that misses that layer's boxes. The label sits in the gap next to the child.
 */
function across(child: Box, parent: Box, from: number, to: number, spans: LayerSpan[]): Route {
  const leftward = parent.layer < child.layer;
  const start: Point = leftward ? [child.x, from] : [child.x + child.width, from];
  const end: Point = leftward ? [parent.x + parent.width + 6, to] : [parent.x - 6, to];
  const between: number[] = [];
  for (let l = child.layer + (leftward ? -1 : 1); l !== parent.layer; l += leftward ? -1 : 1) between.push(l);
  const points: Point[] = [start];
  between.forEach((layer, i) => {
    const span = spans[layer];
    const want = from + ((to - from) * (i + 1)) / (between.length + 1);
    const y = freeY(span, want);
    if (!span) return;
    points.push(
      leftward ? [span.right + 4, y] : [span.left - 4, y],
      leftward ? [span.left - 4, y] : [span.right + 4, y],
    );
  });
  points.push(end);
  let path = `M ${start[0]} ${start[1]}`;
  for (let i = 1; i < points.length; i++)
    path += i % 2 === 1 ? bend(points[i - 1], points[i]) : ` L ${points[i][0]} ${points[i][1]}`;
  return { path, label: bendMiddle(points[0], points[1]), points };
}

/** A loop on the right of the box, from the field to the key; its label beside it. */
function loop(box: Box, from: number, to: number, label: string): Route {
  const x = box.x + box.width;
  const end = to === from ? to + SIZES.row / 2 : to;
  const reach = 40 + Math.abs(end - from) * 0.2;
  const path = `M ${x} ${from} C ${x + reach} ${from}, ${x + reach} ${end}, ${x + 6} ${end}`;
  const labelX = x + reach * 0.75 + (label.length * SIZES.labelChar) / 2 + 10;
  return {
    path,
    label: [labelX, (from + end) / 2],
    points: [
      [x, from],
      [x + reach, end],
    ],
  };
}

/** Two boxes of one layer (a reference that closes a cycle): bulge out to the left of both. */
function sideways(child: Box, parent: Box, from: number, to: number): Route {
  const bulge = 50 + Math.abs(to - from) * 0.12;
  const left = Math.min(child.x, parent.x) - bulge;
  const path = `M ${child.x} ${from} C ${left} ${from}, ${left} ${to}, ${parent.x - 6} ${to}`;
  return {
    path,
    label: [left + bulge * 0.25, (from + to) / 2],
    points: [
      [left, from],
      [left, to],
    ],
  };
}

/** The path from the child's field to the parent's key, by where the two boxes sit. */
function route(child: Box, parent: Box, reference: TableReference, label: string, spans: LayerSpan[]): Route {
  const from = columnY(child, reference.fields[0]);
  const to = columnY(parent, reference.columns[0]);
  if (reference.self || child === parent) return loop(child, from, to, label);
  if (child.layer === parent.layer) return sideways(child, parent, from, to);
  return across(child, parent, from, to, spans);
}

function edgesOf(tables: ModelTable[], boxes: Map<string, Box>) {
  const spans = spansOf(boxes.values());
  const edges: Edge[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  for (const table of tables) {
    const child = boxes.get(table.name) as Box;
    for (const reference of table.references) {
      const parent = boxes.get(reference.table);
      if (!parent) continue;
      const label = arrowLabel(reference);
      const { path, label: at, points } = route(child, parent, reference, label, spans);
      const half = (label.length * SIZES.labelChar) / 2 + 6;
      xs.push(...points.map((p) => p[0]), at[0] - half, at[0] + half);
      ys.push(...points.map((p) => p[1]), at[1] + 12);
      edges.push({
        from: table.name,
        to: reference.table,
        reference,
        path,
        label,
        labelX: Math.round(at[0]),
        labelY: Math.round(at[1]),
        dashed: reference.deferred,
        self: reference.self || reference.table === table.name,
      });
    }
  }
  return { edges, minX: Math.min(Infinity, ...xs), maxX: Math.max(0, ...xs), maxY: Math.max(0, ...ys) };
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
  const { edges, maxX, maxY } = shift > 0 ? edgesOf(tables, boxes) : first;
  const width = Math.max(size.width + shift, maxX + SIZES.margin);
  const height = Math.max(size.height, maxY + SIZES.margin);
  return { width: Math.ceil(width), height: Math.ceil(height), boxes: [...boxes.values()], edges };
}
