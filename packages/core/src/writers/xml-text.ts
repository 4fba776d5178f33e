/**
 * Making arbitrary text and names safe for XML 1.0.
 *
 * Characters XML 1.0 cannot carry at all (control characters other than tab, LF and CR; lone
 * surrogates; U+FFFE and U+FFFF) are dropped: no escape exists for them (`&#1;` is itself
 * illegal), and failing the whole download over one such character helps nobody.
 * CR is written as `&#13;`, and tab/LF inside attributes as `&#9;`/`&#10;`, because parsers
 * normalise raw line ends and attribute whitespace; escaped, they come back exactly.
 */

export const TEXT_SPECIAL = /[&<>"'\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
export const ATTRIBUTE_SPECIAL = /[&<>"'\u0000-\u001f\ud800-\udfff\ufffe\uffff]/;

export function xmlText(s: string): string {
  return TEXT_SPECIAL.test(s) ? escapeSlow(s, false) : s;
}

export function xmlAttribute(s: string): string {
  return ATTRIBUTE_SPECIAL.test(s) ? escapeSlow(s, true) : s;
}

function escapeSlow(s: string, attribute: boolean): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string;
    if (c < 0x20) {
      if (c === 13) rep = '&#13;';
      else if (c === 9) {
        if (!attribute) continue;
        rep = '&#9;';
      } else if (c === 10) {
        if (!attribute) continue;
        rep = '&#10;';
      } else rep = '';
    } else if (c === 38) rep = '&amp;';
    else if (c === 60) rep = '&lt;';
    else if (c === 62) rep = '&gt;';
    else if (c === 34) rep = '&quot;';
    else if (c === 39) rep = '&apos;';
    else if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++; // a proper pair: kept as it is
        continue;
      }
      rep = '';
    } else if ((c >= 0xdc00 && c <= 0xdfff) || c === 0xfffe || c === 0xffff) rep = '';
    else continue;
    out += s.slice(last, i) + rep;
    last = i + 1;
  }
  return out + s.slice(last);
}

function isNameStart(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    c === 0x5f ||
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    (c >= 0x200c && c <= 0x200d) ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd)
  );
}

function isNameChar(c: number): boolean {
  return (
    isNameStart(c) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x2d ||
    c === 0x2e ||
    c === 0xb7 ||
    (c >= 0x300 && c <= 0x36f) ||
    (c >= 0x203f && c <= 0x2040)
  );
}

/**
 * A valid XML element/attribute name made from any key, deterministically:
 * every character that cannot be in a name becomes `_`, and a name whose first character may
 * appear in names but not start one (a digit, `-`, `.`) gets a `_` prefix; an empty name is `_`.
 * Colons count as invalid (they would declare a namespace prefix), and so do characters beyond
 * the BMP (XML 1.0 allows them, but many parsers' name tables, fast-xml-parser's among them, do not).
 * Names beginning with `xml` in any case are reserved by XML (`xmlns` declares a namespace: an
 * `xmlns` attribute with the XHTML namespace would make a browser run a `<script>` record as
 * the page's script), so they get a `_` prefix too.
 * Examples: `first name` -> `first_name`, `2fa` -> `_2fa`, `a:b` -> `a_b`, `xmlns` -> `_xmlns`.
 */
export function xmlName(name: string): string {
  let out = '';
  for (const ch of name) {
    const c = ch.codePointAt(0)!;
    if (out.length === 0) {
      if (isNameStart(c)) out = ch;
      else if (isNameChar(c)) out = '_' + ch;
      else out = '_';
    } else {
      out += isNameChar(c) ? ch : '_';
    }
  }
  if (out.length === 0) return '_';
  return RESERVED.test(out) ? '_' + out : out;
}

/** XML 1.0 section 2.3: names starting with (('X'|'x') ('M'|'m') ('L'|'l')) are reserved. */
const RESERVED = /^xml/i;
