import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { RecordShape, ShapeNode } from '../kernel/shape.js';
import { ItemList, Verbatim, type Value } from '../kernel/values.js';
import { xmlName } from './xml-text.js';
import {
  assertRangesJoin,
  field,
  items,
  object,
  plainValue,
  richRows,
  richShape,
  writeAll,
} from './writer-fixtures.js';

type Parsed = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Numeric character references (&#13;) are decoded only with this on; we emit no HTML entities.
  htmlEntities: true,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  textNodeName: '#text',
  isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute,
});

function parseXml(text: string): Parsed {
  assert.equal(XMLValidator.validate(text), true);
  return parser.parse(text) as Parsed;
}

/** The documented dropping: characters XML 1.0 cannot carry. */
function carried(s: string): string {
  return s.replace(
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '',
  );
}

function textOf(v: Value): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (v instanceof Verbatim) return carried(v.text);
  if (Array.isArray(v)) return JSON.stringify(plainValue(v));
  return carried(String(v));
}

function elementText(e: unknown): string {
  if (typeof e === 'string') return e;
  return ((e as Parsed)['#text'] as string | undefined) ?? '';
}

function asElement(e: unknown): Parsed {
  return typeof e === 'string' ? (e === '' ? {} : { '#text': e }) : (e as Parsed);
}

/** Walks the shape and checks that the parsed element holds exactly the row's values. */
function checkElement(nodes: readonly ShapeNode[], values: readonly Value[], parsed: Parsed, where: string): void {
  let text = '';
  for (const node of nodes) {
    const at = `${where}.${node.key}`;
    if (node.kind === 'object') {
      const list = parsed[node.key] as unknown[];
      assert.equal(list?.length, 1, at);
      checkElement(node.children, values, asElement(list[0]), at);
    } else if (node.kind === 'items') {
      const v = values[node.slot];
      const list = (parsed[node.key] as unknown[] | undefined) ?? [];
      const expected = v instanceof ItemList ? v.items : [];
      assert.equal(list.length, expected.length, at);
      expected.forEach((item, i) => checkElement(node.children, item, asElement(list[i]), `${at}[${i}]`));
    } else {
      const v = values[node.slot];
      if (node.xml === 'attribute') {
        assert.equal(parsed['@' + node.key], textOf(v) ?? undefined, at);
      } else if (node.xml === 'text') {
        text += textOf(v) ?? '';
      } else if (node.repeated && Array.isArray(v)) {
        const expected = v.map(textOf).filter((t) => t !== null);
        const list = (parsed[node.key] as unknown[] | undefined) ?? [];
        assert.deepEqual(list.map(elementText), expected, at);
      } else {
        const t = textOf(v);
        const list = parsed[node.key] as unknown[] | undefined;
        if (t === null) assert.equal(list, undefined, `${at}: null is omitted`);
        else assert.deepEqual(list?.map(elementText), [t], at);
      }
    }
  }
  assert.equal(elementText(parsed), text, `${where} text`);
}

function records(parsed: Parsed, root = 'dataset', record = 'record'): Parsed[] {
  const rootElement = asElement((parsed[root] as unknown[])[0]);
  return ((rootElement[record] as unknown[] | undefined) ?? []).map(asElement);
}

describe('xml writer', () => {
  test('declaration, root, one record per line; values re-parse exactly', () => {
    const out = writeAll(richShape, { format: 'xml', count: 3 }, richRows);
    assert.ok(out.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<dataset>\n'));
    assert.ok(out.endsWith('</record>\n</dataset>\n'));
    const recs = records(parseXml(out));
    assert.equal(recs.length, 3);
    recs.forEach((r, i) => checkElement(richShape.nodes, richRows[i], r, `row ${i}`));
  });

  test('null omits the element or attribute; "" is an empty element', () => {
    const shape = {
      nodes: [
        field('a', 0),
        field('b', 1),
        field('c', 2, 'string', { xml: 'attribute' }),
        field('d', 3, 'string', { xml: 'attribute' }),
      ],
    };
    const out = writeAll(shape, { format: 'xml', count: 1 }, [[null, '', null, '']]);
    const [rec] = records(parseXml(out));
    assert.equal(rec.a, undefined);
    assert.deepEqual(rec.b, ['']);
    assert.equal(rec['@c'], undefined);
    assert.equal(rec['@d'], '');
  });

  test('attributes and $value text on nested elements, items and repeated elements', () => {
    const shape: RecordShape = {
      nodes: [
        object('firstName', [
          field('short', 0, 'string', { xml: 'attribute' }),
          field('value', 1, 'string', { xml: 'text' }),
        ]),
        field('friend', 2, 'string', { repeated: true }),
        items('pet', 3, [
          field('kind', 0, 'string', { xml: 'attribute' }),
          field('name', 1, 'string', { xml: 'text' }),
        ]),
      ],
    };
    const row: Value[] = [
      'Bob',
      'Robert',
      ['x', null, 'y'],
      new ItemList([
        ['cat', 'Tom'],
        ['dog', null],
      ]),
    ];
    const out = writeAll(shape, { format: 'xml', count: 1 }, [row]);
    assert.ok(
      out.includes(
        '<firstName short="Bob">Robert</firstName><friend>x</friend><friend>y</friend><pet kind="cat">Tom</pet><pet kind="dog"/>',
      ),
    );
    checkElement(shape.nodes, row, records(parseXml(out))[0], 'row');
  });

  test('invalid names are made valid deterministically', () => {
    assert.equal(xmlName('first name'), 'first_name');
    assert.equal(xmlName('2fa'), '_2fa');
    assert.equal(xmlName('-x'), '_-x');
    assert.equal(xmlName('a:b'), 'a_b');
    assert.equal(xmlName(''), '_');
    assert.equal(xmlName(' x'), '_x');
    assert.equal(xmlName('😀x'), '_x');
    assert.equal(xmlName('Zürich·ok-1.2'), 'Zürich·ok-1.2');
    const shape = {
      nodes: [
        field('1st', 0),
        field('a b', 1, 'string', { xml: 'attribute' }),
        field('a_b', 2, 'string', { xml: 'attribute' }),
        object('x<y', [field('&', 3)]),
      ],
    };
    const out = writeAll(shape, { format: 'xml', count: 1, rootElement: '9 rows', recordElement: 'my record' }, [
      ['v', 'p', 'q', 'r'],
    ]);
    const parsed = parseXml(out);
    const [rec] = records(parsed, '_9_rows', 'my_record');
    assert.deepEqual(rec['_1st'], ['v']);
    assert.equal(rec['@a_b'], 'p');
    assert.equal(rec['@a_b_2'], 'q');
    assert.deepEqual(rec['x_y'], [{ _: ['r'] }]);
  });

  test('names reserved by XML (xml..., xmlns) are never written as they are: no namespace can be declared', () => {
    assert.equal(xmlName('xmlns'), '_xmlns');
    assert.equal(xmlName('XMLns'), '_XMLns');
    assert.equal(xmlName('xml:lang'), '_xml_lang');
    assert.equal(xmlName('xmlish'), '_xmlish');
    assert.equal(xmlName('xm'), 'xm');
    // The XHTML-script shape: record element "script", an xmlns attribute, the code as text.
    const shape = {
      nodes: [field('xmlns', 0, 'string', { xml: 'attribute' }), field('$value', 1, 'string', { xml: 'text' })],
    };
    const out = writeAll(shape, { format: 'xml', count: 1, rootElement: 'xmlns', recordElement: 'script' }, [
      ['http://www.w3.org/1999/xhtml', 'alert(1)'],
    ]);
    assert.ok(!/\sxmlns[=:]/.test(out), out);
    const [rec] = records(parseXml(out), '_xmlns', 'script');
    assert.equal(rec['@_xmlns'], 'http://www.w3.org/1999/xhtml');
  });

  test('forbidden characters are dropped, CR and attribute whitespace survive', () => {
    const shape = { nodes: [field('a', 0, 'string', { xml: 'attribute' }), field('b', 1)] };
    const nasty = 'a\u0000b\u0001c\td\ne\r\nf\ud800g\udc00h\uffff&<>"\'😀';
    const out = writeAll(shape, { format: 'xml', count: 1 }, [[nasty, nasty]]);
    const [rec] = records(parseXml(out));
    const expected = 'abc\td\ne\r\nfgh&<>"\'😀';
    assert.equal(rec['@a'], expected);
    assert.deepEqual(rec.b, [expected]);
  });

  test('rows written in ranges by separate writers join to the same bytes', () => {
    assertRangesJoin(richShape, { format: 'xml', count: 3 }, richRows);
  });

  test('property: any strings round-trip as attribute, element and text (after the documented dropping)', () => {
    const shape: RecordShape = {
      nodes: [field('a', 0, 'string', { xml: 'attribute' }), field('b', 1), field('c', 2, 'string', { xml: 'text' })],
    };
    const char = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 1 }),
      fc.constantFrom('&', '<', '>', '"', "'", '\r', '\n', '\t', ' ', '\ud800', '\uffff', ']]>'),
    );
    const text = fc.string({ unit: char });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.option(text), fc.option(text), text), { maxLength: 5 }), (rows) => {
        const out = writeAll(shape, { format: 'xml', count: rows.length }, rows);
        const recs = records(parseXml(out));
        assert.equal(recs.length, rows.length);
        recs.forEach((r, i) => checkElement(shape.nodes, rows[i], r, `row ${i}`));
      }),
      { numRuns: 300 },
    );
  });
});
