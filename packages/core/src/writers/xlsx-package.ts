/**
 * The xlsx file around a worksheet's XML: a zip (OPC package) of the content types, the
 * relationships, the workbook naming the sheet, a style sheet (a bold font for the header) and
 * the worksheet, streamed through yazl: the worksheet is deflated as its text arrives and is never
 * held whole. Every entry's time is fixed, so the same rows give the same bytes.
 */
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type * as Yazl from 'yazl';
import { FORMAT_MEDIA_TYPES } from './writer.js';
import { xmlAttribute } from './xml-text.js';

/**
 * yazl (and with it node:zlib) is loaded on the first file packed, never at import: generation
 * threads import the writers but never pack, and start faster without them (worker-scripts.test.ts).
 */
let yazl: typeof Yazl | undefined;
const loadYazl = () => (yazl ??= createRequire(import.meta.url)('yazl') as typeof Yazl);

export const XLSX_CONTENT_TYPE = FORMAT_MEDIA_TYPES.xlsx;

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOCUMENT_RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const TYPES = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const CONTENT_TYPES =
  DECLARATION +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/xl/workbook.xml" ContentType="${TYPES}.sheet.main+xml"/>` +
  `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TYPES}.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="${TYPES}.styles+xml"/>` +
  '</Types>';

const ROOT_RELATIONSHIPS =
  DECLARATION +
  `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${DOCUMENT_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELATIONSHIPS =
  DECLARATION +
  `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
  `<Relationship Id="rId1" Type="${DOCUMENT_RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${DOCUMENT_RELATIONSHIPS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/** Style 0: the default; style 1: bold (the header row). */
const STYLES =
  DECLARATION +
  `<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

function workbook(sheetName: string): string {
  return (
    DECLARATION +
    `<workbook xmlns="${MAIN}" xmlns:r="${DOCUMENT_RELATIONSHIPS}"><sheets><sheet name="${xmlAttribute(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

/**
 * Entry options. The time is a local-time date (zip times are local, without a zone) and the
 * extended UTC time field is left out, so the bytes do not depend on the machine's time zone.
 * Level 1: about 2.3 times the speed of the default for a file a sixth larger (docs/formats.md).
 */
const ENTRY = { mtime: new Date(2025, 0, 1), forceDosTimestamp: true, compressionLevel: 1 } as const;

/** The xlsx file's bytes, from the worksheet's XML as it comes. Stopping early stops reading `sheetXml`. */
export async function* packXlsx(
  sheetXml: AsyncIterable<Buffer | string>,
  sheetName: string,
): AsyncGenerator<Buffer, void, undefined> {
  const zip = new (loadYazl().ZipFile)();
  const sheet = Readable.from(sheetXml, { objectMode: false });
  // yazl's output is a PassThrough (its types say only ReadableStream).
  const output = zip.outputStream as Readable;
  // A failing source (a generation error) fails the file, through the output stream: yazl pipes
  // the sheet without listening for its errors, and reports its own as 'error' events.
  zip.on('error', (error: Error) => output.destroy(error));
  sheet.on('error', (error: Error) => output.destroy(error));
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml', ENTRY);
  zip.addBuffer(Buffer.from(ROOT_RELATIONSHIPS), '_rels/.rels', ENTRY);
  zip.addBuffer(Buffer.from(workbook(sheetName)), 'xl/workbook.xml', ENTRY);
  zip.addBuffer(Buffer.from(WORKBOOK_RELATIONSHIPS), 'xl/_rels/workbook.xml.rels', ENTRY);
  zip.addBuffer(Buffer.from(STYLES), 'xl/styles.xml', ENTRY);
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', ENTRY);
  zip.end();
  try {
    for await (const chunk of output) yield chunk as Buffer;
  } finally {
    sheet.destroy();
    output.destroy();
  }
}
