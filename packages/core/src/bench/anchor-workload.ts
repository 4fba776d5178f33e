/**
 * The standard 10-field workload as the two anchor children (faker-tuned, bare-loop) make it:
 * faker's raw en locale arrays as data, a seeded sfc32 for draws, and every value's encoded
 * form (CSV- or JSON-escaped, lower-cased email part, upper-cased code prefix, date string)
 * computed once before the first row. Both anchors read the same tables and draw in the same
 * order, so for one seed they write the same bytes (the test checks it): the only difference
 * between them is strings (faker-tuned) versus bytes copied into a Buffer (bare-loop).
 *
 * Modelled on reference benchmark scripts for this workload (docs/benchmarks.md); the column names are Rowloom's standard schema's, so every
 * implementation writes the same header.
 */
import { faker } from '@faker-js/faker';

export const COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'gender',
  'ip_address',
  'birth_date',
  'salary',
  'city',
  'code',
] as const;

/** Same shares as Rowloom's Gender type and the faker-typical child: 1000 slots. */
const GENDER_WEIGHTS: readonly [string, number][] = [
  ['Male', 480],
  ['Female', 478],
  ...['Non-binary', 'Genderfluid', 'Agender', 'Bigender', 'Polygender', 'Genderqueer'].map((g): [string, number] => [
    g,
    7,
  ]),
];
const DAY_MS = 86_400_000;
const BIRTH_FROM_MS = Date.UTC(1950, 0, 1);
const BIRTH_DAYS = (Date.UTC(2005, 11, 31) - BIRTH_FROM_MS) / DAY_MS + 1;
/** Salary 30000.00 .. 200000.00 as whole cents, both ends included. */
export const SALARY_MIN_CENTS = 3_000_000;
export const SALARY_CENT_VALUES = 17_000_001;

export type AnchorFormat = 'csv' | 'json';

/** The separators and keys around the values of one row (the same for both anchors). */
export interface RowLiterals {
  /** Before the first row (CSV: the header line; JSON: the opening bracket). */
  open: string;
  /** Between two rows, after `rowEnd`. */
  between: string;
  rowStart: string;
  firstName: string;
  lastName: string;
  /** Before the email: CSV ',', JSON ',"email":"' (emails need no escaping, so they are built unquoted). */
  email: string;
  gender: string;
  ip: string;
  birthDate: string;
  salary: string;
  city: string;
  code: string;
  rowEnd: string;
  close: string;
}

/** Every value table, already encoded for one format. Entries are picked by index. */
export interface AnchorTables {
  literals: RowLiterals;
  first: string[];
  last: string[];
  city: string[];
  /** One entry per weight slot (1000). */
  gender: string[];
  firstEmail: string[];
  lastEmail: string[];
  /** '@' + domain. */
  domain: string[];
  /** The code's opening part (an opening quote when needed, UPPER(last) and '-'); the id follows. */
  codeOpen: string[];
  /** What closes the code after the id: a quote, or nothing. */
  codeClose: string[];
  dates: string[];
  /** '0' .. '255'. */
  octets: string[];
  /** '00' .. '99'. */
  cents: string[];
}

/** RFC 4180: quote a value holding a comma, a quote, CR or LF, doubling inner quotes. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function anchorTables(format: AnchorFormat): AnchorTables {
  const definitions = faker.definitions;
  const firstNames = definitions.person.first_name.generic ?? [
    ...(definitions.person.first_name.female ?? []),
    ...(definitions.person.first_name.male ?? []),
  ];
  const lastNames = definitions.person.last_name.generic ?? [];
  const cities = definitions.location.city_name ?? [];
  const domains = definitions.internet.free_email ?? [];
  const encode = format === 'csv' ? csvField : (s: string) => JSON.stringify(s);
  const code = lastNames.map((name) => codeParts(name, format));
  return {
    literals: rowLiterals(format),
    first: firstNames.map(encode),
    last: lastNames.map(encode),
    city: cities.map(encode),
    gender: GENDER_WEIGHTS.flatMap(([value, weight]) => Array<string>(weight).fill(encode(value))),
    firstEmail: firstNames.map(emailPart),
    lastEmail: lastNames.map(emailPart),
    domain: domains.map((d) => '@' + d),
    codeOpen: code.map((c) => c.open),
    codeClose: code.map((c) => c.close),
    dates: Array.from({ length: BIRTH_DAYS }, (_, i) =>
      new Date(BIRTH_FROM_MS + i * DAY_MS).toISOString().slice(0, 10),
    ),
    octets: Array.from({ length: 256 }, (_, i) => String(i)),
    cents: Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')),
  };
}

function emailPart(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The code is UPPER(last) + '-' + id; the id is written between the two parts at run time. */
function codeParts(lastName: string, format: AnchorFormat): { open: string; close: string } {
  const prefix = lastName.toUpperCase() + '-';
  if (format === 'json') return { open: JSON.stringify(prefix).slice(0, -1), close: '"' };
  const quoted = csvField(prefix);
  return quoted.startsWith('"') ? { open: quoted.slice(0, -1), close: '"' } : { open: quoted, close: '' };
}

function rowLiterals(format: AnchorFormat): RowLiterals {
  if (format === 'csv') {
    return {
      open: COLUMNS.join(',') + '\n',
      between: '',
      rowStart: '',
      firstName: ',',
      lastName: ',',
      email: ',',
      gender: ',',
      ip: ',',
      birthDate: ',',
      salary: ',',
      city: ',',
      code: ',',
      rowEnd: '\n',
      close: '',
    };
  }
  const key = (name: string) => `,${JSON.stringify(name)}:`;
  return {
    open: '[',
    between: ',\n',
    rowStart: '{"id":',
    firstName: key('first_name'),
    lastName: key('last_name'),
    email: key('email') + '"',
    gender: '"' + key('gender'),
    ip: key('ip_address') + '"',
    birthDate: '"' + key('birth_date') + '"',
    salary: '"' + key('salary'),
    city: key('city'),
    code: key('code'),
    rowEnd: '}',
    close: ']\n',
  };
}

/**
 * sfc32 (Chris Doty-Humphrey's small fast chaotic generator): 32-bit outputs, four words of
 * state, a handful of integer operations per draw. Seeded from one 32-bit number, with the
 * first outputs discarded so nearby seeds diverge.
 */
export function sfc32(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

/** An index below `n` from one 32-bit draw (multiply-high: no division, bias < n / 2^32). */
export function picker(next: () => number): (n: number) => number {
  return (n) => Math.floor((next() * n) / 4294967296);
}
