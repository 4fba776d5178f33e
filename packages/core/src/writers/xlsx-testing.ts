/**
 * Reading xlsx files back in tests: the zip's entries through yauzl (every entry's CRC checked
 * against its inflated bytes), the cells through SheetJS, a spreadsheet reader that decodes
 * Excel's _xHHHH_ escapes as Excel does.
 */
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import * as XLSX from 'xlsx';
import yauzl from 'yauzl';

/** Every entry of the zip, by name, each checked against the CRC-32 its headers give. */
export async function zipEntries(file: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(file, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, z) =>
      error ? reject(error) : resolve(z),
    ),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          const bytes = Buffer.concat(chunks);
          assert.equal(crc32(bytes), entry.crc32, `CRC-32 of ${entry.fileName}`);
          entries.set(entry.fileName, bytes);
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

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
