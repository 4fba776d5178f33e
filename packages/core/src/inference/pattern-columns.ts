/**
 * Columns whose every value has one recognisable form: booleans, UUIDs, emails, IP and MAC
 * addresses, URLs, phone numbers, and codes of one shape ("ABC-12345": a Character Sequence).
 */
import { PHONE_FORMATS } from '../types/phone-types.js';
import type { Proposal } from './proposal.js';
import type { ValueKind } from './value-kind.js';

export interface PatternGuess {
  kind: ValueKind;
  proposal: Proposal;
}

interface Pattern {
  kind: ValueKind;
  test: RegExp;
  type: string;
  /** "all N values are <what>". */
  what: string;
}

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;

const PATTERNS: readonly Pattern[] = [
  { kind: 'boolean', test: /^(?:true|false)$/i, type: 'Boolean', what: 'true or false' },
  {
    kind: 'uuid',
    test: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    type: 'GUID',
    what: 'UUIDs',
  },
  { kind: 'email', test: /^[^\s@]{1,64}@[^\s@]+\.[a-z]{2,}$/i, type: 'Email Address', what: 'emails' },
  { kind: 'ip', test: new RegExp(`^${IPV4}$`), type: 'IP Address v4', what: 'IPv4 addresses' },
  { kind: 'ip', test: new RegExp(`^${IPV4}/\\d{1,2}$`), type: 'IP Address v4 CIDR', what: 'IPv4 networks' },
  // Before IPv6, which a MAC address also matches.
  { kind: 'mac', test: /^[0-9a-f]{2}(?:[:-][0-9a-f]{2}){5}$/i, type: 'MAC Address', what: 'MAC addresses' },
  { kind: 'ip', test: /^(?=.*:)(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}$/i, type: 'IP Address v6', what: 'IPv6 addresses' },
  { kind: 'url', test: /^https?:\/\/[^\s/$.?#][^\s]*$/i, type: 'URL', what: 'URLs' },
  { kind: 'code', test: /^#[0-9a-f]{6}$/i, type: 'Hex Color', what: 'hex colors' },
  { kind: 'code', test: /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, type: 'IBAN', what: 'IBANs' },
];

/** Phone numbers as written: digits with spaces, dashes, dots or brackets, maybe a leading +. */
const PHONE = /^\+?\(?\d[\d\s().-]{5,18}\d$/;
/** The Phone type's formats (its `format` parameter's allowed values, from the type itself). */
const PHONE_FORMAT_SET: ReadonlySet<string> = new Set(PHONE_FORMATS);

const MASK_SYMBOLS = /[#@^*$%\\]/g;

/** A value's shape as a Character Sequence mask: # a digit, @ a lower-case letter, ^ an upper-case one. */
export function maskOf(value: string): string {
  return value
    .replace(MASK_SYMBOLS, '\\$&')
    .replace(/[0-9]|[a-z]|[A-Z]/g, (c) => (c >= '0' && c <= '9' ? '#' : c >= 'a' ? '@' : '^'));
}

function phoneGuess(values: readonly string[]): PatternGuess | null {
  // Separators or a +: bare digits are numbers or digit strings, not phone numbers.
  if (!values.every((v) => PHONE.test(v) && /[\s().+-]/.test(v))) return null;
  const digits = values.map((v) => v.replace(/\D/g, '').length);
  if (digits.some((n) => n < 7 || n > 15)) return null;
  const masks = new Set(values.map(maskOf));
  const [mask] = masks;
  const format = masks.size === 1 ? mask : null;
  if (format !== null && !PHONE_FORMAT_SET.has(format))
    return {
      kind: 'phone',
      proposal: {
        type: 'Digit Sequence',
        params: { format },
        reason: `all ${values.length} values are phone numbers written ${format}`,
      },
    };
  return {
    kind: 'phone',
    proposal: {
      type: 'Phone',
      params: format !== null ? { format } : {},
      reason: `all ${values.length} values are phone numbers${format !== null ? ` written ${format}` : ''}`,
    },
  };
}

/** Codes of one shape with letters and digits ("AB-1234"), many distinct: a Character Sequence. */
function codeGuess(values: readonly string[], distinct: number): PatternGuess | null {
  if (distinct < Math.min(values.length, 10)) return null;
  const format = maskOf(values[0]);
  if (!format.includes('#') || !/[@^]/.test(format) || format.length > 40) return null;
  // Stops at the first value of another shape (and its length tells most of them apart for free).
  const length = values[0].length;
  if (!values.every((v) => v.length === length && maskOf(v) === format)) return null;
  return {
    kind: 'code',
    proposal: {
      type: 'Character Sequence',
      params: { format },
      reason: `all ${values.length} values are codes shaped ${format}`,
    },
  };
}

export function patternGuess(values: readonly string[], distinct: number): PatternGuess | null {
  if (values.length === 0) return null;
  for (const pattern of PATTERNS) {
    if (values.every((v) => pattern.test.test(v)))
      return {
        kind: pattern.kind,
        proposal: { type: pattern.type, params: {}, reason: `all ${values.length} values are ${pattern.what}` },
      };
  }
  return phoneGuess(values) ?? codeGuess(values, distinct);
}
