/**
 * Reading xlsx files back in tests: the zip's entries (testing/zip-entries.ts), the cells through SheetJS, a spreadsheet reader that decodes
 * Excel's _xHHHH_ escapes as Excel does.
 */
import * as XLSX from 'xlsx';
export { zipEntries } from './zip-entries.js';

/** The workbook as SheetJS reads it. */
export function readWorkbook(file: Buffer): XLSX.WorkBook {
  return XLSX.read(file, { type: 'buffer', cellFormula: true, cellStyles: false });
}

/** The first sheet's cells, row by row, as SheetJS types them, as wide as the sheet (undefined: no cell). */
export function sheetRows(file: Buffer): unknown[][] {
  const book = readWorkbook(file);
  const sheet = book.Sheets[book.SheetNames[0]];
  if (!sheet['!ref']) return [];
  const width = XLSX.utils.decode_range(sheet['!ref']).e.c + 1;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true });
  return rows.map((row) => Array.from({ length: width }, (_, i) => row[i]));
}

export async function collect(pieces: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const piece of pieces) chunks.push(Buffer.from(piece));
  return Buffer.concat(chunks);
}
