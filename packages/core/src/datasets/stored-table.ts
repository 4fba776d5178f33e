/**
 * A table's stored form, written as its rows are read: the column names, the rows and the first
 * rows (the preview) as JSON texts, exactly JSON.stringify of the arrays, so the table is never
 * held as millions of small objects. The rows' text grows in one buffer, and its size as stored
 * is counted row by row, so a table that could never fit the bytes it is allowed is refused at
 * the row that passes them (DatasetTooLargeError), however long the rest of the upload.
 */
import { DatasetTooLargeError } from './dataset-errors.js';
import { DATASET_PREVIEW_ROWS } from './dataset-limits.js';
import type { TableSink } from './table-rules.js';

export interface StoredTable {
  columns: string[];
  rowCount: number;
  /** JSON of the column names. */
  columnsJson: string;
  /** UTF-8 bytes of the JSON of the rows (an array of arrays of strings). */
  rowsJson: Uint8Array;
  /** JSON of the first DATASET_PREVIEW_ROWS rows. */
  previewJson: string;
  /** What the table takes against a storage limit: UTF-8 bytes of columnsJson and rowsJson. */
  bytes: number;
}

const FIRST_CAPACITY = 64 * 1024;

export class StoredTableWriter implements TableSink {
  private columns: string[] = [];
  private columnsJson = '[]';
  private columnsBytes = 2;
  private buffer = Buffer.allocUnsafe(FIRST_CAPACITY);
  private length = 0;
  private rowCount = 0;
  private readonly preview: string[][] = [];

  /** `allowedBytes`: the most the stored table may take (null: no limit of its own). */
  constructor(private readonly allowedBytes: number | null) {
    this.append('[');
  }

  header(columns: readonly string[]): void {
    this.columns = [...columns];
    this.columnsJson = JSON.stringify(columns);
    this.columnsBytes = Buffer.byteLength(this.columnsJson);
    this.check(1);
  }

  row(values: string[], line: number): void {
    if (this.rowCount > 0) this.append(',');
    this.append(JSON.stringify(values));
    this.rowCount++;
    if (this.preview.length < DATASET_PREVIEW_ROWS) this.preview.push(values);
    this.check(line);
  }

  /** The stored form; call once, after the last row. */
  finish(): StoredTable {
    this.append(']');
    const bytes = this.columnsBytes + this.length;
    return {
      columns: this.columns,
      rowCount: this.rowCount,
      columnsJson: this.columnsJson,
      rowsJson: this.buffer.subarray(0, this.length),
      previewJson: JSON.stringify(this.preview),
      bytes,
    };
  }

  /** Throws when the table as stored so far, with the closing bracket still to come, passes what it may take. */
  private check(line: number): void {
    if (this.allowedBytes !== null && this.columnsBytes + this.length + 1 > this.allowedBytes) {
      throw new DatasetTooLargeError(this.allowedBytes, line, this.rowCount);
    }
  }

  private append(text: string): void {
    // A UTF-16 unit takes at most 3 bytes in UTF-8.
    const most = text.length * 3;
    if (this.length + most > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + most));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.length += this.buffer.write(text, this.length);
  }
}
