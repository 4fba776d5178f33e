/**
 * The byte engine: a row written as bytes straight into the output, following the writer's
 * layout (writers/writer.ts, ByteLayout) in one loop over the schema's columns. What it saves
 * over a row of text: the row's string (joins, flattening, one encoding of every character),
 * the strings of the values nobody reads, and the texts of numbers.
 *
 * - A column whose field has a byte form (bytes/byte-forms.ts) and that nothing else reads is
 *   not generated at all: its bytes are written from the form (pooled names copied from
 *   pre-encoded tables, digits), when the format writes its text as it is.
 * - Any other column is generated as before, and written from its value: numbers as digits,
 *   plain text copied, the rest as the writer's own text for it.
 *
 * The bytes are exactly the text writer.row() gives (engine/byte-rows.test.ts compares every
 * type in every format).
 */
import { wordBytes, writeByte, writePiece, writeText, type ByteOut, type WordBytes } from '../bytes/byte-out.js';
import { byteFormOf, type ByteEmitter } from '../bytes/byte-forms.js';
import { writeNumber } from '../bytes/number-bytes.js';
import { CounterRandom, combineKeys } from '../random/counter-random.js';
import type { FieldPlan, SchemaPlan } from '../schema/plan.js';
import type { Value } from '../kernel/values.js';
import type { LayoutColumn, RowWriter } from '../writers/writer.js';
import { RowEngine } from './row-engine.js';

interface ByteColumn {
  readonly slot: number;
  readonly plainText: boolean;
  /** What goes either side of a text value written from its value (LayoutColumn.open, close). */
  readonly open: WordBytes;
  readonly close: WordBytes;
  /** `open` and `close` when they are one byte (JSON's and SQL's quotes), else -1. */
  readonly openByte: number;
  readonly closeByte: number;
  readonly plainNumbers: boolean;
  readonly text: (value: Value) => string;
  /** The bytes before this column (the writer's piece, with an emitted value's quotes). */
  readonly before: WordBytes;
  /** The one byte before this column when that is all (a delimiter), else -1. */
  readonly beforeByte: number;
  /** Set when the column is written from its field's byte form instead of its value. */
  readonly emit: ByteEmitter | null;
  /** The emitted field's name (for tests and measurements). */
  readonly emittedField: string | null;
  readonly random: CounterRandom | null;
  readonly familyInstance: number;
}

export class ByteRows {
  private constructor(
    private readonly engine: RowEngine,
    private readonly columns: readonly ByteColumn[],
    private readonly firstRowPrefix: WordBytes,
    private readonly laterRowPrefix: WordBytes,
    private readonly last: WordBytes,
    private readonly rowKey: ((index: number) => string) | null,
    /** The layout's emptyRow, when a row can be empty (no column is emitted: those always write). */
    private readonly emptyRow: { readonly bytes: WordBytes; isEmptyRow(values: Value[]): boolean } | null,
  ) {}

  /** The byte engine for these rows, or null when the writer's rows have no fixed layout. */
  static of(engine: RowEngine, writer: RowWriter): ByteRows | null {
    const layout = engine.partial ? null : (writer.byteLayout?.() ?? null);
    if (layout === null) return null;
    const plan = engine.plan;
    const emitted = emittedBySlot(layout.columns, plan);
    const generated = new Set(plan.root.fields.filter((f) => !emitted.has(f.slot)));
    const rows = emitted.size > 0 ? new RowEngine(plan, engine.seed, generated) : engine;
    // An emitted column's value is always text: what goes around it (JSON's quotes, XML's tags)
    // is known in advance and joined to the pieces, so the loop writes one piece between values.
    const isEmitted = (i: number) => i >= 0 && i < layout.columns.length && emitted.has(layout.columns[i].slot);
    const piece = (i: number) =>
      (isEmitted(i - 1) ? layout.columns[i - 1].close : '') +
      layout.pieces[i] +
      (isEmitted(i) ? layout.columns[i].open : '');
    const columns = layout.columns.map((column, i) =>
      byteColumn(column, piece(i), emitted.get(column.slot) ?? null, plan, engine.seed),
    );
    return new ByteRows(
      rows,
      columns,
      wordBytes(layout.firstRowPrefix),
      wordBytes(layout.laterRowPrefix),
      wordBytes(piece(layout.columns.length)),
      layout.rowKey ? (index) => layout.rowKey!(index) : null,
      layout.emptyRow && emitted.size === 0
        ? { bytes: wordBytes(layout.emptyRow.text), isEmptyRow: layout.emptyRow.isEmptyRow }
        : null,
    );
  }

  /** The fields written from their byte forms, in column order. */
  emittedColumns(): string[] {
    return this.columns.flatMap((column) => (column.emittedField === null ? [] : [column.emittedField]));
  }

  /** Writes row `index` (0-based) into `out`. */
  write(index: number, out: ByteOut): void {
    const values = this.engine.row(index);
    const prefix = index === 0 ? this.firstRowPrefix : this.laterRowPrefix;
    if (prefix.length > 0) writePiece(out, prefix);
    if (this.rowKey !== null) writeText(out, this.rowKey(index));
    if (this.emptyRow !== null && this.emptyRow.isEmptyRow(values)) return writePiece(out, this.emptyRow.bytes);
    const columns = this.columns;
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i];
      if (column.beforeByte >= 0) writeByte(out, column.beforeByte);
      else if (column.before.length > 0) writePiece(out, column.before);
      if (column.emit !== null) this.engine.emit(column.emit, column.random!, column.familyInstance, out);
      else writeValue(out, values[column.slot], column);
    }
    writePiece(out, this.last);
  }
}

function writeValue(out: ByteOut, value: Value, column: ByteColumn): void {
  if (typeof value === 'string' && column.plainText === true) {
    if (column.openByte >= 0) writeByte(out, column.openByte);
    else if (column.open.length > 0) writePiece(out, column.open);
    writeText(out, value);
    if (column.closeByte >= 0) writeByte(out, column.closeByte);
    else if (column.close.length > 0) writePiece(out, column.close);
  } else if (typeof value === 'number' && column.plainNumbers === true && Number.isFinite(value)) {
    writeNumber(out, value);
  } else writeText(out, column.text(value));
}

/** The byte forms the columns are written from, by slot: the columns whose field has a usable one. */
function emittedBySlot(columns: readonly LayoutColumn[], plan: SchemaPlan): Map<number, ByteEmitter> {
  // Once per run, not per column: a schema may have a thousand fields, and a server does this per request.
  const read = new Set<FieldPlan>();
  for (const reads of plan.dependsOn.values()) for (const field of reads) read.add(field);
  const fieldAt = new Map(plan.root.fields.map((field) => [field.slot, field]));
  const emitted = new Map<number, ByteEmitter>();
  for (const column of columns) {
    const field = fieldAt.get(column.slot);
    const emitter = field && column.plainText && !read.has(field) ? emitterOf(field, plan) : undefined;
    if (emitter) emitted.set(column.slot, emitter);
  }
  return emitted;
}

/**
 * A field's byte form, when the field may be written from it: a plain field of the row (no
 * blanks, repetition, items or formula) that no other field reads (the caller asks), so leaving
 * its value out of the row changes nothing else (see ByteForm.charged for the row's budget).
 */
function emitterOf(field: FieldPlan, plan: SchemaPlan): ByteEmitter | undefined {
  if (field.scope !== plan.root || field.percentBlank > 0 || field.parsed.repeat !== null) return undefined;
  if (field.childScope !== null || field.formula !== null) return undefined;
  const form = byteFormOf(field.generate);
  return form === undefined || (form.charged && !plan.smallRows) ? undefined : form.emit;
}

function byteColumn(
  column: LayoutColumn,
  before: string,
  emit: ByteEmitter | null,
  plan: SchemaPlan,
  seed: number,
): ByteColumn {
  const field = emit === null ? undefined : plan.root.fields.find((f) => f.slot === column.slot);
  return {
    slot: column.slot,
    plainText: column.plainText,
    open: wordBytes(column.open),
    close: wordBytes(column.close),
    openByte: singleByte(column.open),
    closeByte: singleByte(column.close),
    plainNumbers: column.plainNumbers,
    text: column.text,
    before: wordBytes(before),
    beforeByte: singleByte(before),
    emit,
    emittedField: field ? field.name : null,
    // The field's own randomness, keyed as the engine keys it (engine/row-engine.ts).
    random: field ? new CounterRandom(combineKeys(seed, field.nameKey)) : null,
    familyInstance: field ? field.familyInstance : 0,
  };
}

/** The byte of a one-byte text (an ASCII character), else -1. */
function singleByte(text: string): number {
  return Buffer.byteLength(text) === 1 ? text.charCodeAt(0) : -1;
}
