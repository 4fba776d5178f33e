/**
 * Text in SpreadsheetML cells and the limits a spreadsheet sets.
 *
 * Excel reads `_xHHHH_` in cell text as the UTF-16 code unit HHHH (ST_Xstring, ECMA-376 part 1,
 * 22.9.2.19), which is how it writes characters XML 1.0 cannot carry. So control characters and
 * lone surrogates are written that way and come back exactly (the xml format must drop them),
 * and text that already looks like such an escape gets its `_` escaped (`_x005F_`), or Excel
 * would decode it. CR is written `_x000D_` too (a raw one would be read as a line feed).
 */

/** Excel's most characters in one cell (its "specifications and limits"). */
export const MAX_CELL_CHARACTERS = 32_767;
/** Excel's most rows in one worksheet. */
export const MAX_SHEET_ROWS = 1_048_576;
/** Excel's longest sheet name. */
const MAX_SHEET_NAME = 31;

/** Characters (and the escape-like `_xHHHH_`) that make cell text need the slow path. */
const CELL_SPECIAL = /[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]|_x[0-9A-Fa-f]{4}_/;
/** The same as a character class, for plain-text.ts (a column without these never needs the check). */
export const CELL_SPECIAL_CHARACTERS = /[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff_]/;

const HEX = /^[0-9A-Fa-f]{4}$/;

function escapeCode(c: number): string {
  return '_x' + c.toString(16).toUpperCase().padStart(4, '0') + '_';
}

/**
 * At most MAX_CELL_CHARACTERS UTF-16 code units (as Excel counts them), never ending in half of a
 * surrogate pair. Excel refuses a workbook holding a longer cell, so longer text is cut (docs).
 */
export function cellLength(s: string): string {
  if (s.length <= MAX_CELL_CHARACTERS) return s;
  const last = s.charCodeAt(MAX_CELL_CHARACTERS - 1);
  return s.slice(0, last >= 0xd800 && last <= 0xdbff ? MAX_CELL_CHARACTERS - 1 : MAX_CELL_CHARACTERS);
}

/** Cell text, cut to Excel's limit and escaped for the XML of an inline string. */
export function cellText(s: string): string {
  s = cellLength(s);
  return CELL_SPECIAL.test(s) ? escapeSlow(s) : s;
}

function escapeSlow(s: string): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string;
    if (c === 38) rep = '&amp;';
    else if (c === 60) rep = '&lt;';
    else if (c === 62) rep = '&gt;';
    else if (c === 95) {
      if (s.charCodeAt(i + 1) !== 120 || s.charCodeAt(i + 6) !== 95 || !HEX.test(s.slice(i + 2, i + 6))) continue;
      rep = '_x005F_';
    } else if (c < 0x20) {
      if (c === 9 || c === 10) continue;
      rep = escapeCode(c);
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++; // a proper pair: kept as it is
        continue;
      }
      rep = escapeCode(c);
    } else if ((c >= 0xdc00 && c <= 0xdfff) || c === 0xfffe || c === 0xffff) rep = escapeCode(c);
    else continue;
    out += s.slice(last, i) + rep;
    last = i + 1;
  }
  return out + s.slice(last);
}

/** Whether the text starts or ends with whitespace, which `<t>` keeps only with xml:space="preserve". */
export function needsPreserve(s: string): boolean {
  if (s.length === 0) return false;
  const first = s.charCodeAt(0);
  const last = s.charCodeAt(s.length - 1);
  return (
    first === 32 ||
    first === 9 ||
    first === 10 ||
    first === 13 ||
    last === 32 ||
    last === 9 ||
    last === 10 ||
    last === 13
  );
}

/** Characters Excel does not allow in a sheet name. */
const SHEET_NAME_FORBIDDEN = /[:\\/?*[\]\u0000-\u001f]/;

/** Throws RangeError naming the API parameter when Excel would refuse `name` as a sheet name. */
export function checkSheetName(name: string): void {
  const problem =
    name.length === 0
      ? 'must not be empty'
      : name.length > MAX_SHEET_NAME
        ? `is ${name.length} characters long; Excel allows at most ${MAX_SHEET_NAME}`
        : SHEET_NAME_FORBIDDEN.test(name)
          ? 'must not contain : \\ / ? * [ ] or control characters (Excel refuses them)'
          : name.startsWith("'") || name.endsWith("'")
            ? "must not start or end with an apostrophe (')"
            : name.toLowerCase() === 'history'
              ? 'must not be History (Excel reserves it)'
              : null;
  if (problem !== null) throw new RangeError(`sheet_name ${problem}, got ${JSON.stringify(name.slice(0, 60))}`);
}

/**
 * Problems only the row count shows: a worksheet holds at most MAX_SHEET_ROWS rows, the header's
 * included. Null when the rows fit.
 */
export function sheetRowsProblem(count: number, includeHeader: boolean): string | null {
  const most = MAX_SHEET_ROWS - (includeHeader ? 1 : 0);
  if (count <= most) return null;
  return `count ${count} is more than the ${most} rows an Excel worksheet holds${includeHeader ? ' below its header row' : ''}; ask for at most ${most}, or use csv for more`;
}
