/**
 * XML: a declaration, the root element, one record element per row (one line each), the root's
 * end tag.
 *
 * Decisions:
 * - A null value writes nothing: no element, no attribute, no text. An empty element would read
 *   back as "" (`<a/>` and `<a></a>` are the same to every parser), so omitting is the only way
 *   to keep null and "" apart. Nulls inside a repeated field are omitted the same way.
 * - An empty string is `<key></key>`; an object or item with no content is `<key/>`.
 * - Verbatim values (SQL Expression, code()) are written as escaped text: XML has no quotes to
 *   leave off, and raw markup from a value could break the document.
 * - A list in a place that holds one value (an attribute or text from a repeated field) is
 *   written as its JSON text, the same text the flat formats use.
 * - Names are made valid by xmlName (see xml-text.ts); two attributes of one element that end up
 *   with the same name get `_2`, `_3`... so the element stays well-formed.
 */
import type { RecordShape, ShapeNode } from '../kernel/shape.js';
import { ItemList, Verbatim, type Value } from '../kernel/values.js';
import { jsonValue } from './json-encode.js';
import { TEXT_SPECIAL, xmlAttribute, xmlName, xmlText } from './xml-text.js';
import { isPlain } from './plain-text.js';
import type { ByteLayout, RowWriter } from './writer.js';
import { separatedLayout } from './byte-layout.js';
import { numberText } from '../kernel/number-text.js';

const TEXT = 0;
const FIELD = 1;
const OBJECT = 2;
const ITEMS = 3;

interface Attribute {
  /** ` name="` */
  prefix: string;
  slot: number;
}

interface ContentEntry {
  kind: typeof TEXT | typeof FIELD | typeof OBJECT | typeof ITEMS;
  slot: number;
  repeated: boolean;
  /** FIELD: `<key>`; OBJECT, ITEMS: `<key` (attributes follow). */
  open: string;
  /** `</key>` */
  close: string;
  /** OBJECT, ITEMS: the element's own layout. */
  plan: ElementPlan | null;
  /** FIELD, TEXT: its strings never need escaping (see plain-text.ts). */
  plain: boolean;
}

interface ElementPlan {
  attributes: Attribute[];
  content: ContentEntry[];
}

function planElement(nodes: readonly ShapeNode[]): ElementPlan {
  const attributes: Attribute[] = [];
  const content: ContentEntry[] = [];
  const used = new Set<string>();
  for (const node of nodes) {
    const name = xmlName(node.key);
    if (node.kind === 'field' && node.xml === 'attribute') {
      let unique = name;
      for (let n = 2; used.has(unique); n++) unique = name + '_' + n;
      used.add(unique);
      attributes.push({ prefix: ' ' + unique + '="', slot: node.slot });
    } else if (node.kind === 'field' && node.xml === 'text') {
      content.push({
        kind: TEXT,
        slot: node.slot,
        repeated: node.repeated,
        open: '',
        close: '',
        plan: null,
        plain: isPlain(node, TEXT_SPECIAL),
      });
    } else if (node.kind === 'field') {
      content.push({
        kind: FIELD,
        slot: node.slot,
        repeated: node.repeated,
        open: '<' + name + '>',
        close: '</' + name + '>',
        plan: null,
        plain: isPlain(node, TEXT_SPECIAL),
      });
    } else {
      content.push({
        kind: node.kind === 'object' ? OBJECT : ITEMS,
        slot: node.kind === 'items' ? node.slot : -1,
        repeated: false,
        open: '<' + name,
        close: '</' + name + '>',
        plan: planElement(node.children),
        plain: false,
      });
    }
  }
  return { attributes, content };
}

/** The text of a single value, not yet escaped; null when nothing should be written. */
function valueText(v: Value): string | null {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      return Number.isFinite(v) ? numberText(v) : null;
    case 'boolean':
      return v ? 'true' : 'false';
  }
  if (v === null || v === undefined) return null;
  if (v instanceof Verbatim) return v.text;
  return jsonValue(v);
}

/** `<start` + attributes + (`/>` or `>` content `close`), from one scope's values. */
function writeElement(start: string, close: string, plan: ElementPlan, values: Value[]): string {
  let s = start;
  const attributes = plan.attributes;
  for (let i = 0; i < attributes.length; i++) {
    const v = values[attributes[i].slot];
    const t = typeof v === 'string' ? v : valueText(v);
    if (t !== null) s += attributes[i].prefix + xmlAttribute(t) + '"';
  }
  const body = writeContent(plan.content, values);
  return body.length === 0 ? s + '/>' : s + '>' + body + close;
}

function writeContent(content: ContentEntry[], values: Value[]): string {
  let s = '';
  for (let i = 0; i < content.length; i++) {
    const e = content[i];
    if (e.kind === OBJECT) {
      s += writeElement(e.open, e.close, e.plan!, values);
      continue;
    }
    const v = values[e.slot];
    if (typeof v === 'string') {
      const text = e.plain ? v : xmlText(v);
      s += e.kind === TEXT ? text : e.open + text + e.close;
    } else if (e.kind === ITEMS) {
      if (v instanceof ItemList) {
        for (const item of v.items) s += writeElement(e.open, e.close, e.plan!, item);
      }
    } else if (e.kind === FIELD && e.repeated && Array.isArray(v)) {
      for (let j = 0; j < v.length; j++) {
        const t = valueText(v[j]);
        if (t !== null) s += e.open + xmlText(t) + e.close;
      }
    } else {
      const t = valueText(v);
      if (t !== null) s += e.kind === TEXT ? xmlText(t) : e.open + xmlText(t) + e.close;
    }
  }
  return s;
}

export class XmlWriter implements RowWriter {
  readonly contentType = 'application/xml; charset=utf-8';
  readonly extension = 'xml';
  private readonly plan: ElementPlan;
  private readonly recordStart: string;
  private readonly recordClose: string;
  private readonly head: string;
  private readonly tail: string;

  constructor(shape: RecordShape, rootElement: string, recordElement: string) {
    this.plan = planElement(shape.nodes);
    const record = xmlName(recordElement);
    const root = xmlName(rootElement);
    this.recordStart = '<' + record;
    this.recordClose = '</' + record + '>';
    this.head = '<?xml version="1.0" encoding="UTF-8"?>\n<' + root + '>\n';
    this.tail = '</' + root + '>\n';
  }

  begin(): string {
    return this.head;
  }

  row(values: Value[], _index: number): string {
    return writeElement(this.recordStart, this.recordClose, this.plan, values) + '\n';
  }

  end(): string {
    return this.tail;
  }

  /** Only for records of plain elements: no attributes, text content, repetition or nesting. */
  byteLayout(): ByteLayout | null {
    const { attributes, content } = this.plan;
    if (attributes.length > 0) return null;
    if (content.some((e) => e.kind !== FIELD || e.repeated)) return null;
    const layout = separatedLayout(
      this.recordStart + '>',
      '',
      this.recordClose + '\n',
      content.map((e) => ({
        slot: e.slot,
        plainText: e.plain,
        open: e.open,
        close: e.close,
        plainNumbers: false,
        text: (value: Value) => {
          const text = valueText(value);
          return text === null ? '' : e.open + xmlText(text) + e.close;
        },
      })),
    );
    return (
      layout && {
        ...layout,
        emptyRow: {
          text: this.recordStart + '/>\n',
          isEmptyRow: (values) => content.every((e) => valueText(values[e.slot]) === null),
        },
      }
    );
  }
}
