/**
 * Ruby's `format % args` on text (`"%05d" % qty`, `"%.2f" % price`, `"%s-%s" % [a, b]`), seen in
 * real Mockaroo formulas. Covers the directives those use: %d %i %f %s %x %o %e %% with the
 * flags - 0 + and space, a width and a precision. An unknown directive is left as written.
 */
import { MAX_TEXT } from './limits.js';
import { toNumber, toText } from './runtime.js';

const DIRECTIVE = /%([-0+ ]*)(\d{1,4})?(?:\.(\d{1,3}))?([difsxXoeE%])/g;

export function formatText(template: string, args: unknown): string {
  const values = Array.isArray(args) ? args : [args];
  let next = 0;
  const out = template.replace(
    DIRECTIVE,
    (whole, flags: string, width: string | undefined, precision: string | undefined, kind: string) => {
      if (kind === '%') return '%';
      const body = directive(kind, values[next++], precision === undefined ? undefined : Number(precision), flags);
      return pad(body, width === undefined ? 0 : Number(width), flags, kind !== 's');
    },
  );
  return out.length > MAX_TEXT ? out.slice(0, MAX_TEXT) : out;
}

function directive(kind: string, value: unknown, precision: number | undefined, flags: string): string {
  if (kind === 's') return precision === undefined ? toText(value) : toText(value).slice(0, precision);
  const n = toNumber(value);
  const sign = n < 0 ? '-' : flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '';
  const a = Math.abs(n);
  switch (kind) {
    case 'f':
      return sign + a.toFixed(precision ?? 6);
    case 'e':
    case 'E': {
      const t = a.toExponential(precision ?? 6).replace(/e([+-])(\d)$/, 'e$10$2');
      return sign + (kind === 'E' ? t.toUpperCase() : t);
    }
    case 'x':
      return sign + Math.trunc(a).toString(16);
    case 'X':
      return sign + Math.trunc(a).toString(16).toUpperCase();
    case 'o':
      return sign + Math.trunc(a).toString(8);
    default:
      return sign + String(Math.trunc(a));
  }
}

/** Pads to width: left-justified with '-', zeros after the sign with '0' for numbers, else spaces. */
function pad(body: string, width: number, flags: string, numeric: boolean): string {
  const w = Math.min(width, MAX_TEXT);
  if (body.length >= w) return body;
  if (flags.includes('-')) return body.padEnd(w, ' ');
  if (numeric && flags.includes('0')) {
    const signed = /^[-+ ]/.test(body);
    return signed ? body[0] + body.slice(1).padStart(w - 1, '0') : body.padStart(w, '0');
  }
  return body.padStart(w, ' ');
}
