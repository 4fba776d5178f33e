/**
 * Delimited text: csv, txt and custom share this writer (RFC 4180 rules with a configurable
 * delimiter and quote character).
 *
 * txt is tab-separated with the same quoting as csv: a value holding a tab, a line break or a
 * quote is quoted (quotes doubled). Plain TSV has no escaping at all, so such values would break
 * the table; quoting instead means a real CSV parser told the delimiter is "\t" gives back every
 * value exactly, and ordinary values (no tabs or line breaks) look the same as plain TSV.
 */
import { isPlain } from './plain-text.js';
import type { RecordShape } from '../kernel/shape.js';
import { Verbatim, type Value } from '../kernel/values.js';
import { jsonCell, planColumns, type PlannedColumn } from './flatten.js';
import type { ByteLayout, RowWriter } from './writer.js';
import { separatedLayout } from './byte-layout.js';
import { numberText } from '../kernel/number-text.js';

export interface DelimitedSettings {
  delimiter: string;
  quoteChar: string;
  lineEnding: 'unix' | 'windows';
  includeHeader: boolean;
  bom: boolean;
  contentType: string;
  extension: string;
  /** Prefix text that a spreadsheet would run as a formula with `'` (see neutralizeFormula). */
  neutralizeFormulas?: boolean;
}

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"): `=`,
 * `+`, `-`, `@`, and tab and carriage return, which some spreadsheets skip before them.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text value that a spreadsheet would evaluate gets a leading `'`, which spreadsheets show as
 * text and do not display. Only text: numbers (-5 from a Number field) stay numbers, since a
 * spreadsheet reads them as numbers whatever their sign, never as formulas.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? "'" + text : text;
}

/** Rejects settings that would make the output unparseable; messages name the API parameters. */
export function checkDelimitedSettings(delimiter: string, quoteChar: string): void {
  if (delimiter.length === 0) throw new RangeError('delimiter must not be empty');
  if ([...quoteChar].length !== 1) {
    throw new RangeError(`quote_char must be exactly one character (got ${JSON.stringify(quoteChar)})`);
  }
  if (delimiter.includes(quoteChar)) {
    throw new RangeError(
      `delimiter (${JSON.stringify(delimiter)}) must not contain the quote_char (${JSON.stringify(quoteChar)})`,
    );
  }
  if (/[\r\n]/.test(delimiter) || /[\r\n]/.test(quoteChar)) {
    throw new RangeError('delimiter and quote_char must not contain line breaks');
  }
}

function classChar(c: string, astral: boolean): string {
  const hex = c.codePointAt(0)!.toString(16);
  return astral ? '\\u{' + hex + '}' : '\\u' + hex.padStart(4, '0');
}

export class DelimitedWriter implements RowWriter {
  readonly contentType: string;
  readonly extension: string;
  private readonly columns: PlannedColumn[];
  private readonly slots: number[];
  private readonly delimiter: string;
  private readonly quote: string;
  private readonly doubledQuote: string;
  private readonly eol: string;
  private readonly needsQuote: RegExp;
  /** False when the delimiter or quote could appear in a number or true/false (e.g. delimiter "."). */
  private readonly plainSafe: boolean;
  private readonly header: string;
  /** Per column: its strings can never need quoting (see plain-text.ts). */
  private readonly plain: boolean[];
  private readonly neutralize: boolean;

  constructor(shape: RecordShape, settings: DelimitedSettings) {
    checkDelimitedSettings(settings.delimiter, settings.quoteChar);
    this.contentType = settings.contentType;
    this.extension = settings.extension;
    this.columns = planColumns(shape);
    this.slots = this.columns.map((c) => c.slot);
    this.delimiter = settings.delimiter;
    this.quote = settings.quoteChar;
    this.doubledQuote = settings.quoteChar + settings.quoteChar;
    this.eol = settings.lineEnding === 'windows' ? '\r\n' : '\n';
    // Any character of a multi-character delimiter triggers quoting, not just the whole
    // delimiter: with "||", an unquoted value ending in "|" would merge with the separator.
    const special = new Set([...settings.delimiter, settings.quoteChar]);
    // The `u` flag (needed for a delimiter beyond the BMP) makes every test slower, so only then.
    const astral = [...special].some((c) => c.codePointAt(0)! > 0xffff);
    this.needsQuote = new RegExp(
      '[' + [...special].map((c) => classChar(c, astral)).join('') + '\\r\\n]',
      astral ? 'u' : '',
    );
    this.plainSafe = ![...special].some((c) => /[0-9A-Za-z.+-]/.test(c));
    this.neutralize = settings.neutralizeFormulas ?? false;
    // A plain column's values skip every check, so none is plain when values may need a prefix.
    this.plain = this.columns.map((c) => !this.neutralize && isPlain(c.node, this.needsQuote));
    const headerLine = this.columns.map((c) => this.text(this.guard(c.header))).join(this.delimiter);
    this.header = (settings.bom ? '\ufeff' : '') + (settings.includeHeader ? this.lineOf(headerLine) + this.eol : '');
  }

  begin(): string {
    return this.header;
  }

  row(values: Value[], _index: number): string {
    const slots = this.slots;
    const n = slots.length;
    if (n === 0) return this.eol;
    let s = this.field(values[slots[0]], 0);
    for (let i = 1; i < n; i++) s += this.delimiter + this.field(values[slots[i]], i);
    return this.lineOf(s) + this.eol;
  }

  end(): string {
    return '';
  }

  /** A one-column row has none: an empty value there is written as "" (lineOf). */
  byteLayout(): ByteLayout | null {
    if (this.slots.length < 2) return null;
    return separatedLayout(
      '',
      this.delimiter,
      this.eol,
      this.slots.map((slot, column) => ({
        slot,
        plainText: this.plain[column],
        open: '',
        close: '',
        plainNumbers: this.plainSafe,
        text: (value: Value) => this.field(value, column),
      })),
    );
  }

  /**
   * A one-column row whose value is empty would be a blank line, which many readers skip; a
   * quoted empty field keeps the row.
   */
  private lineOf(s: string): string {
    return s.length === 0 && this.slots.length === 1 ? this.doubledQuote : s;
  }

  /** The text as written: neutralised when the option is on. */
  private guard(s: string): string {
    return this.neutralize ? neutralizeFormula(s) : s;
  }

  private text(s: string): string {
    return this.needsQuote.test(s) ? this.quote + s.replaceAll(this.quote, this.doubledQuote) + this.quote : s;
  }

  private field(v: Value, column: number): string {
    if (typeof v === 'string') {
      // `=== true`: a bare truthiness test compiles to checks for every falsy kind of value.
      if (this.plain[column] === true) return v;
      if (this.neutralize) v = neutralizeFormula(v);
      return this.needsQuote.test(v) ? this.quote + v.replaceAll(this.quote, this.doubledQuote) + this.quote : v;
    }
    if (typeof v === 'number') {
      // Non-finite numbers are nulls in every format (JSON cannot carry them).
      if (!Number.isFinite(v)) return '';
      return this.plainSafe ? numberText(v) : this.text(numberText(v));
    }
    if (typeof v === 'boolean') {
      const t = v ? 'true' : 'false';
      return this.plainSafe ? t : this.text(t);
    }
    if (v === null || v === undefined) return '';
    if (v instanceof Verbatim) return this.text(this.guard(v.text));
    const json = jsonCell(this.columns[column], v);
    return json === null ? '' : this.text(json);
  }
}
