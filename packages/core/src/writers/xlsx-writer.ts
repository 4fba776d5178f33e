/**
 * Excel (xlsx): the writer makes the worksheet's XML, row by row like every other format, and
 * `pack` zips it with the workbook's other (fixed) parts into the file (xlsx-package.ts). The
 * sheet XML of any row range depends only on its rows, so it streams in constant memory.
 *
 * Cells keep their types: numbers are number cells, booleans boolean cells, text is an inline
 * string (`t="inlineStr"`: no shared-strings table to hold in memory). A null is no cell at all:
 * an empty cell. A cell is never a formula: text starting with `=` is a string cell, which Excel
 * shows as text and never evaluates (no formula injection). Lists and JSON Arrays are their JSON
 * text, as in csv. Text longer than Excel's 32,767 characters is cut there (xlsx-text.ts).
 */
import type { RecordShape } from '../kernel/shape.js';
import { Verbatim, type Value } from '../kernel/values.js';
import { jsonCell, planColumns, type PlannedColumn } from './flatten.js';
import { integerText } from '../kernel/integer-text.js';
import { numberText } from '../kernel/number-text.js';
import { isPlain } from './plain-text.js';
import type { RowWriter } from './writer.js';
import { CELL_SPECIAL_CHARACTERS, cellLength, cellText, needsPreserve, sheetRowsProblem } from './xlsx-text.js';
import { packXlsx, XLSX_CONTENT_TYPE } from './xlsx-package.js';

const MAIN_NAMESPACE = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** A, B, ... Z, AA, AB, ...: the letters of column `index` (0-based). */
export function columnLetters(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** An inline string cell; `prefix` is `<c r="B` (the row number follows). */
function stringCell(prefix: string, row: string, text: string, style: string): string {
  const open = needsPreserve(text) ? '<t xml:space="preserve">' : '<t>';
  return prefix + row + '"' + style + ' t="inlineStr"><is>' + open + cellText(text) + '</t></is></c>';
}

export class XlsxWriter implements RowWriter {
  readonly contentType = XLSX_CONTENT_TYPE;
  readonly extension = 'xlsx';
  private readonly columns: PlannedColumn[];
  private readonly slots: number[];
  /** Per column: `<c r="B` */
  private readonly prefixes: string[];
  /** Per column: its strings can never need escaping (see plain-text.ts). */
  private readonly plain: boolean[];
  /** Sheet rows before the first data row (the header). */
  private readonly offset: number;
  private readonly head: string;

  constructor(
    shape: RecordShape,
    count: number,
    includeHeader: boolean,
    private readonly sheetName: string,
  ) {
    const problem = sheetRowsProblem(count, includeHeader);
    if (problem !== null) throw new RangeError(problem);
    this.columns = planColumns(shape);
    this.slots = this.columns.map((c) => c.slot);
    this.prefixes = this.columns.map((_, i) => '<c r="' + columnLetters(i));
    this.plain = this.columns.map((c) => isPlain(c.node, CELL_SPECIAL_CHARACTERS));
    this.offset = includeHeader ? 1 : 0;
    // The header row stays in view while scrolling (a frozen pane), in bold (style 1).
    const frozen = includeHeader && this.columns.length > 0;
    this.head =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      `<worksheet xmlns="${MAIN_NAMESPACE}">` +
      (frozen
        ? '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
        : '') +
      '<sheetData>' +
      (includeHeader
        ? '<row r="1">' +
          this.columns.map((c, i) => stringCell(this.prefixes[i], '1', c.header, ' s="1"')).join('') +
          '</row>'
        : '');
  }

  begin(): string {
    return this.head;
  }

  row(values: Value[], index: number): string {
    const row = integerText(index + 1 + this.offset);
    let s = '<row r="' + row + '">';
    const slots = this.slots;
    for (let i = 0; i < slots.length; i++) {
      const v = values[slots[i]];
      if (typeof v === 'string') {
        s +=
          this.plain[i] && !needsPreserve(v)
            ? this.prefixes[i] + row + '" t="inlineStr"><is><t>' + cellLength(v) + '</t></is></c>'
            : stringCell(this.prefixes[i], row, v, '');
      } else if (typeof v === 'number') {
        if (Number.isFinite(v)) s += this.prefixes[i] + row + '"><v>' + numberText(v) + '</v></c>';
      } else if (typeof v === 'boolean') {
        s += this.prefixes[i] + row + (v ? '" t="b"><v>1</v></c>' : '" t="b"><v>0</v></c>');
      } else if (v !== null && v !== undefined) {
        const text = v instanceof Verbatim ? v.text : jsonCell(this.columns[i], v);
        if (text !== null) s += stringCell(this.prefixes[i], row, text, '');
      }
    }
    return s + '</row>';
  }

  end(): string {
    return '</sheetData></worksheet>';
  }

  pack(text: AsyncIterable<Buffer | string>): AsyncIterable<Buffer> {
    return packXlsx(text, this.sheetName);
  }
}
