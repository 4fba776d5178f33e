/**
 * For tests: a JavaScript RegExp that accepts every value a pattern can generate. Rowloom's own
 * tokens become their nearest JavaScript equivalent (`\w` -> `[a-z]+`, `[:upper:]` -> `[A-Z]`,
 * names -> `[A-Za-z' -]+`, `{{field}}` -> that row's value); standard syntax is left alone, so
 * a real regular-expression engine checks what the generator produced.
 */

const CLASS_BODIES: Readonly<Record<string, string>> = {
  alpha: 'A-Za-z',
  upper: 'A-Z',
  lower: 'a-z',
  digit: '0-9',
  alnum: 'A-Za-z0-9',
  xdigit: '0-9A-Fa-f',
  word: '\\w',
  space: ' ',
  blank: ' ',
  punct: '!-\\/:-@\\[-`{-~',
  print: ' -~',
  graph: '!-~',
  plus: '+',
  question: '?',
};
const NAMES = new Set(['name', 'first_name', 'last_name']);

const escapeText = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** `fields` gives the row's value (as text) of each `{{name}}`. */
export function jsEquivalent(pattern: string, fields: Readonly<Record<string, string>> = {}): RegExp {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    const posix = /^\[:([a-z_]+):\]/.exec(pattern.slice(i));
    if (ch === '\\') {
      const next = pattern[i + 1];
      if (!inClass && next === 'w') out += '(?:[a-z]+)';
      else if (next === 'h') out += inClass ? '0-9A-Fa-f' : '[0-9A-Fa-f]';
      else if (next === 'H' && !inClass) out += '[^0-9A-Fa-f]';
      else if (!inClass && /[AzZG]/.test(next)) out += '';
      else out += ch + next;
      i++;
    } else if (posix) {
      const name = posix[1];
      if (NAMES.has(name)) out += "(?:[A-Za-z' -]+)";
      else out += inClass ? CLASS_BODIES[name] : `[${CLASS_BODIES[name]}]`;
      i += posix[0].length - 1;
    } else if (inClass) {
      if (ch === ']') inClass = false;
      out += ch;
    } else if (ch === '[') {
      inClass = true;
      out += ch;
      // A leading ] (after an optional ^) cannot end the class: [] and [^] are whole.
      if (pattern[i + 1] === '^') out += pattern[++i];
      if (pattern[i + 1] === ']') {
        out += pattern[++i];
        inClass = false;
      }
    } else if (ch === '{' && pattern[i + 1] === '{') {
      const close = pattern.indexOf('}}', i);
      const name = pattern.slice(i + 2, close).trim();
      out += `(?:${escapeText(fields[name] ?? '')})`;
      i = close + 1;
    } else if (ch === '{' && /^\{,\d+\}/.test(pattern.slice(i))) {
      out += '{0';
    } else out += ch;
  }
  return new RegExp(`^(?:${out})$`);
}
