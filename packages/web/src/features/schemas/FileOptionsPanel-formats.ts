/**
 * The file formats' options, by the generate endpoint's query names and with its defaults
 * (packages/server/src/features/generation/generate-request.ts). These are file settings, not data types,
 * so they live here rather than in GET /api/types.
 */
import { generateUrl, type FileSettings, type Format, type FormatOptions } from './schema-model';

export type FormatOption =
  | { name: string; label: string; kind: 'boolean'; default: boolean }
  | { name: string; label: string; kind: 'text'; default: string; maxLength?: number }
  | { name: string; label: string; kind: 'choice'; default: string; choices: { value: string; label: string }[] };

const LINE_OPTIONS: FormatOption[] = [
  { name: 'include_header', label: 'Include header', kind: 'boolean', default: true },
  {
    name: 'line_ending',
    label: 'Line ending',
    kind: 'choice',
    default: 'unix',
    choices: [
      { value: 'unix', label: 'Unix (LF)' },
      { value: 'windows', label: 'Windows (CRLF)' },
    ],
  },
  { name: 'bom', label: 'Byte order mark (BOM)', kind: 'boolean', default: false },
];

export const FORMAT_OPTIONS: Record<Format, FormatOption[]> = {
  csv: LINE_OPTIONS,
  txt: LINE_OPTIONS,
  custom: [
    { name: 'delimiter', label: 'Delimiter', kind: 'text', default: ',', maxLength: 10 },
    { name: 'quote_char', label: 'Quote character', kind: 'text', default: '"', maxLength: 1 },
    ...LINE_OPTIONS,
  ],
  json: [
    { name: 'array', label: 'Always an array', kind: 'boolean', default: false },
    { name: 'include_nulls', label: 'Include nulls', kind: 'boolean', default: true },
  ],
  sql: [
    { name: 'table', label: 'Table name', kind: 'text', default: 'MOCK_DATA' },
    { name: 'create_table', label: 'Include CREATE TABLE', kind: 'boolean', default: false },
  ],
  xml: [
    { name: 'root_element', label: 'Root element', kind: 'text', default: 'dataset' },
    { name: 'record_element', label: 'Record element', kind: 'text', default: 'record' },
  ],
  xlsx: [
    { name: 'sheet_name', label: 'Sheet name', kind: 'text', default: 'MOCK_DATA', maxLength: 31 },
    { name: 'include_header', label: 'Include header', kind: 'boolean', default: true },
  ],
  jsonl: [{ name: 'include_nulls', label: 'Include nulls', kind: 'boolean', default: true }],
  firebase: [
    {
      name: 'firebase_key',
      label: 'Keys',
      kind: 'choice',
      default: 'push_id',
      choices: [
        { value: 'push_id', label: 'Push ids' },
        { value: 'row_number', label: 'Row numbers' },
      ],
    },
    { name: 'include_nulls', label: 'Include nulls', kind: 'boolean', default: true },
  ],
  cql: [
    { name: 'table', label: 'Table name', kind: 'text', default: 'MOCK_DATA', maxLength: 48 },
    { name: 'keyspace', label: 'Keyspace', kind: 'text', default: '', maxLength: 48 },
  ],
  dbunit: [{ name: 'table', label: 'Table name', kind: 'text', default: 'MOCK_DATA' }],
};

export const FORMAT_LABELS: Record<Format, string> = {
  csv: 'CSV',
  json: 'JSON',
  txt: 'Tab-delimited (TXT)',
  custom: 'Custom delimited',
  sql: 'SQL',
  xml: 'XML',
  xlsx: 'Excel (XLSX)',
  jsonl: 'JSON Lines',
  firebase: 'Firebase',
  cql: 'Cassandra CQL',
  dbunit: 'DBUnit XML',
};

/** What the downloaded file is called after its format. */
export const FORMAT_EXTENSIONS: Record<Format, string> = {
  csv: 'csv',
  json: 'json',
  txt: 'txt',
  custom: 'txt',
  sql: 'sql',
  xml: 'xml',
  xlsx: 'xlsx',
  jsonl: 'jsonl',
  firebase: 'json',
  cql: 'cql',
  dbunit: 'xml',
};

/** Formats whose file is not text (a zip): no text preview, and download progress in bytes, not lines. */
export const BINARY_FORMATS: ReadonlySet<Format> = new Set(['xlsx']);

export const FORMAT_HINTS: Partial<Record<Format, string>> = {
  json: 'Dots in field names nest objects (address.city); brackets make arrays (tags[] or items[2].name).',
  xml: 'Dots in field names nest elements (address.city); brackets repeat elements.',
  csv: 'Nested names (address.city) become dotted column headers.',
  xlsx: 'Numbers and true/false stay typed cells; text is never run as a formula. One sheet holds at most 1,048,576 rows.',
  jsonl: 'One JSON object per line, for log and stream tools.',
  firebase: 'A JSON object keyed by Firebase push ids, ready for Import JSON.',
  cql: 'Dots in field names make a map column (address.city); brackets a list column (tags[]).',
  dbunit: 'Flat XML: one element per row, columns as attributes; a blank value has no attribute.',
};

/** Only the chosen format's options: another format's leftovers would be sent and could be refused. */
export function optionsFor(file: FileSettings): FormatOptions {
  const names = new Set(FORMAT_OPTIONS[file.format].map((o) => o.name));
  return Object.fromEntries(Object.entries(file.options).filter(([name]) => names.has(name)));
}

/** The generate URL for these settings with only the format's own options. */
export function fileUrl(file: FileSettings, overrides: { count?: number; format?: Format } = {}): string {
  return generateUrl(
    { ...file, options: overrides.format && overrides.format !== file.format ? {} : optionsFor(file) },
    overrides,
  );
}
