/**
 * DBUnit's flat XML dataset: `<dataset>` holding one empty element per row, named after the
 * table, whose attributes are the row's columns (the flat formats' columns: dotted names for
 * objects, JSON text for lists). A null column has no attribute, which is how flat XML says
 * null. DBUnit takes a table's columns from its first row unless column sensing is on
 * (`FlatXmlDataSetBuilder.setColumnSensing(true)`), so schemas with blanks need it (docs).
 *
 * Names are made valid XML names as the xml format makes them (xml-text.ts); two columns that
 * end up with one name get `_2`, `_3`... Text keeps tabs, line breaks and quotes through
 * escapes; characters XML 1.0 cannot carry are dropped (xml-text.ts says why).
 */
import type { RecordShape } from '../kernel/shape.js';
import { Verbatim, type Value } from '../kernel/values.js';
import { jsonCell, planColumns, type PlannedColumn } from './flatten.js';
import { numberText } from '../kernel/number-text.js';
import { isPlain } from './plain-text.js';
import type { ByteLayout, RowWriter } from './writer.js';
import { separatedLayout } from './byte-layout.js';
import { ATTRIBUTE_SPECIAL, xmlAttribute, xmlName } from './xml-text.js';

export class DbUnitWriter implements RowWriter {
  readonly contentType = 'application/xml; charset=utf-8';
  readonly extension = 'xml';
  private readonly columns: PlannedColumn[];
  private readonly slots: number[];
  /** Per column: ` name="` */
  private readonly prefixes: string[];
  private readonly plain: boolean[];
  /** `  <TABLE` */
  private readonly start: string;

  constructor(shape: RecordShape, table: string) {
    this.columns = planColumns(shape);
    this.slots = this.columns.map((c) => c.slot);
    this.plain = this.columns.map((c) => isPlain(c.node, ATTRIBUTE_SPECIAL));
    const used = new Set<string>();
    this.prefixes = this.columns.map((c) => {
      const name = xmlName(c.header);
      let unique = name;
      for (let n = 2; used.has(unique); n++) unique = name + '_' + n;
      used.add(unique);
      return ' ' + unique + '="';
    });
    this.start = '  <' + xmlName(table);
  }

  begin(): string {
    return '<?xml version="1.0" encoding="UTF-8"?>\n<dataset>\n';
  }

  row(values: Value[], _index: number): string {
    let s = this.start;
    const slots = this.slots;
    for (let i = 0; i < slots.length; i++) {
      const v = values[slots[i]];
      const text = typeof v === 'string' ? (this.plain[i] ? v : xmlAttribute(v)) : this.text(v, i);
      if (text !== null) s += this.prefixes[i] + text + '"';
    }
    return s + '/>\n';
  }

  end(): string {
    return '</dataset>\n';
  }

  /** A row's attributes in order; a null value leaves its attribute out (its column writes nothing). */
  byteLayout(): ByteLayout | null {
    return separatedLayout(
      this.start,
      '',
      '/>\n',
      this.slots.map((slot, column) => ({
        slot,
        plainText: this.plain[column],
        open: this.prefixes[column],
        close: '"',
        // Numbers are attribute values too: written with their name and quotes by text().
        plainNumbers: false,
        text: (value: Value) => {
          const text = typeof value === 'string' ? xmlAttribute(value) : this.text(value, column);
          return text === null ? '' : this.prefixes[column] + text + '"';
        },
      })),
    );
  }

  /** A non-string value's attribute text, escaped; null for a null. */
  private text(v: Value, column: number): string | null {
    switch (typeof v) {
      case 'number':
        return Number.isFinite(v) ? numberText(v) : null;
      case 'boolean':
        return v ? 'true' : 'false';
    }
    if (v === null || v === undefined) return null;
    if (v instanceof Verbatim) return xmlAttribute(v.text);
    const json = jsonCell(this.columns[column], v);
    return json === null ? null : xmlAttribute(json);
  }
}
