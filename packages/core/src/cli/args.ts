/**
 * Command-line arguments -> a generate request. Every problem is a UsageError with a message
 * that says what to write instead; nothing is read or written before the arguments are valid.
 */
import { parseArgs } from 'node:util';
import { extname } from 'node:path';
import { checkWriterOptions } from '../writers/index.js';
import { OUTPUT_FORMATS, outputFormatNamed, type OutputFormat, type WriterOptions } from '../writers/writer.js';

export class UsageError extends Error {}

/** Reading the schema or writing the output failed (no such directory, no permission, disk full). */
export class IoError extends Error {}

/** Exit statuses, as docs/cli.md documents them. */
export const EXIT = { ok: 0, invalidSchema: 1, usage: 2, io: 3 } as const;

/** Options that take a value, so `--count -1` means the value "-1", not an option "-1". */
const VALUE_OPTIONS = new Set(['--count', '-n', '--seed', '-s', '--workers', '-w', '--delimiter', '--quote-char']);

/**
 * Joins an option and a value that starts with `-` (`--count -1` -> `--count=-1`): parseArgs
 * would otherwise refuse it as ambiguous with its own wording, and the value's own check gives
 * the message that says what to write (a negative count, a seed "-7", a delimiter "-").
 */
function joinDashValues(args: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const next = args[i + 1];
    if (
      VALUE_OPTIONS.has(args[i]) &&
      next !== undefined &&
      next.startsWith('-') &&
      next !== '-' &&
      !next.startsWith('--')
    ) {
      joined.push(args[i].startsWith('--') ? `${args[i]}=${next}` : `${args[i]}${next}`);
      i++;
    } else {
      joined.push(args[i]);
    }
  }
  return joined;
}

export interface GenerateCommand {
  schemaPath: string;
  count: number | null;
  seed: string | null;
  /** --now: formulas' reference time (now()); a seeded run without it uses a fixed one. */
  now: string | null;
  out: string | null;
  workers: number | null;
  /** Where Avatar and Dummy Image URL values point (a Rowloom server's address). */
  publicUrl: string | null;
  quiet: boolean;
  /** --distributed: submit to the job queue (REDIS_URL) and let `rowloom worker` processes make the rows. */
  distributed: boolean;
  /** `--dataset NAME=FILE`: the datasets Dataset Column and My List fields read, by name. */
  datasets: { name: string; path: string }[];
  /** `--scenario NAME=FILE.json`: the scenarios Scenario fields read, by name. */
  scenarios: { name: string; path: string }[];
  writer: Omit<WriterOptions, 'count'>;
  /** Writer settings given on the command line: a schema export's own settings fill in the others. */
  chosen: ReadonlySet<DocumentSetting>;
}

/** The output settings a schema export may carry (SchemaDocument). */
export type DocumentSetting = 'format' | 'array' | 'includeHeader' | 'includeNulls' | 'bom';

function positiveInteger(name: string, text: string | undefined, allowZero: boolean): number | null {
  if (text === undefined) return null;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || (!allowZero && n === 0)) {
    throw new UsageError(`--${name} must be a whole number${allowZero ? ' of 0 or more' : ' above 0'}, got "${text}"`);
  }
  return n;
}

/** The format --format or the --out file's extension names ('' when neither does). */
function formatCandidate(explicit: string | undefined, out: string | undefined): string {
  return explicit ?? (out ? extname(out).slice(1).toLowerCase() : '');
}

/** --format, else the --out file's extension, else json; an extension that is no format is an error, never silently json. */
function formatOf(explicit: string | undefined, out: string | undefined): OutputFormat {
  if (explicit !== undefined) {
    const format = outputFormatNamed(explicit);
    if (format !== null) return format;
    throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')}, got "${explicit}"`);
  }
  const extension = out ? extname(out).slice(1).toLowerCase() : '';
  if (extension === '') return 'json';
  const format = outputFormatNamed(extension);
  if (format !== null) return format;
  throw new UsageError(
    `--out ${out}: ".${extension}" is not an output format; name the file .${OUTPUT_FORMATS.join(', .')}, or pass --format`,
  );
}

const FIREBASE_KEYS = ['push_id', 'row_number'] as const;

function firebaseKey(text: string | undefined): WriterOptions['firebaseKey'] {
  if (text === undefined) return undefined;
  if ((FIREBASE_KEYS as readonly string[]).includes(text)) return text as WriterOptions['firebaseKey'];
  throw new UsageError(`--firebase-key must be ${FIREBASE_KEYS.join(' or ')}, got "${text}"`);
}

/** The API parameters checkWriterOptions names, as this command's options. */
const OPTION_OF_PARAMETER: Record<string, string> = {
  table: '--table',
  keyspace: '--keyspace',
  sheet_name: '--sheet-name',
  count: '--count',
};

/** checkWriterOptions with messages naming the command's options; throws UsageError. */
export function checkWriterSettings(writer: WriterOptions): void {
  try {
    checkWriterOptions(writer);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new UsageError(error.message.replace(/^(\w+)/, (name) => OPTION_OF_PARAMETER[name] ?? name));
  }
}

/** parseArgs's message, cut to its first sentence and pointed at --help. */
function usageErrorFrom(error: unknown): UsageError {
  const message = (error as Error).message.replace(/\. To specify.*$/s, '').replace(/\.$/, '');
  return new UsageError(`${message}; see rowloom --help`);
}

/** `rowloom types [--json]`: true when --json was given. */
export function parseTypesArgs(args: string[]): boolean {
  try {
    return (
      parseArgs({ args, strict: true, allowPositionals: false, options: { json: { type: 'boolean' } } }).values.json ??
      false
    );
  } catch (error) {
    throw usageErrorFrom(error);
  }
}

export interface InferCommand {
  /** The sample CSV, or - for standard input. */
  samplePath: string;
  /** --quiet: no reasons on stderr. */
  quiet: boolean;
}

/** `rowloom infer <sample.csv> [--quiet]`. */
export function parseInferArgs(args: string[]): InferCommand {
  let parsed;
  try {
    parsed = parseArgs({ args, strict: true, allowPositionals: true, options: { quiet: { type: 'boolean' } } });
  } catch (error) {
    throw usageErrorFrom(error);
  }
  const [samplePath, ...extra] = parsed.positionals;
  if (samplePath === undefined)
    throw new UsageError('infer needs a sample CSV file (or - for standard input), e.g. rowloom infer sample.csv');
  if (extra.length > 0) throw new UsageError(`infer takes one sample file, got also "${extra[0]}"`);
  return { samplePath, quiet: parsed.values.quiet ?? false };
}

/** `--dataset NAME=FILE` (or `--scenario`) options: each names one once; the name is what schemas say. */
function namedFileOptions(
  options: string[],
  flag = 'dataset',
  example = 'cities=cities.csv',
): { name: string; path: string }[] {
  const seen = new Set<string>();
  return options.map((option) => {
    const split = option.indexOf('=');
    const name = split > 0 ? option.slice(0, split).trim() : '';
    const path = split > 0 ? option.slice(split + 1) : '';
    if (name === '' || path === '')
      throw new UsageError(`--${flag} must be NAME=FILE (e.g. --${flag} ${example}), got "${option}"`);
    if (seen.has(name)) throw new UsageError(`--${flag} ${name} is given twice; give each ${flag} name once`);
    seen.add(name);
    return { name, path };
  });
}

export function parseGenerateArgs(args: string[]): GenerateCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinDashValues(args),
      allowPositionals: true,
      strict: true,
      options: {
        count: { type: 'string', short: 'n' },
        format: { type: 'string', short: 'f' },
        seed: { type: 'string', short: 's' },
        now: { type: 'string' },
        out: { type: 'string', short: 'o' },
        workers: { type: 'string', short: 'w' },
        'public-url': { type: 'string' },
        quiet: { type: 'boolean' },
        distributed: { type: 'boolean' },
        dataset: { type: 'string', multiple: true },
        scenario: { type: 'string', multiple: true },
        array: { type: 'boolean' },
        'no-nulls': { type: 'boolean' },
        'no-header': { type: 'boolean' },
        bom: { type: 'boolean' },
        'line-ending': { type: 'string' },
        delimiter: { type: 'string' },
        'quote-char': { type: 'string' },
        table: { type: 'string' },
        'create-table': { type: 'boolean' },
        'root-element': { type: 'string' },
        'record-element': { type: 'string' },
        keyspace: { type: 'string' },
        'sheet-name': { type: 'string' },
        'firebase-key': { type: 'string' },
        'neutralize-formulas': { type: 'boolean' },
      },
    });
  } catch (error) {
    throw usageErrorFrom(error);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? 'name the schema file: rowloom generate <schema.json>'
        : `one schema file expected, got ${positionals.length}: ${positionals.join(' ')}`,
    );
  const lineEnding = values['line-ending'];
  if (lineEnding !== undefined && lineEnding !== 'unix' && lineEnding !== 'windows')
    throw new UsageError(`--line-ending must be unix or windows, got "${lineEnding}"`);
  if (values.delimiter !== undefined && values.delimiter === '') throw new UsageError('--delimiter must not be empty');
  const quoteChar = values['quote-char'];
  if (quoteChar !== undefined && [...quoteChar].length !== 1)
    throw new UsageError(`--quote-char must be one character, got "${quoteChar}"`);
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(publicUrl)) {
    throw new UsageError(
      `--public-url must be an http or https address such as https://rowloom.example.com, got "${publicUrl}"`,
    );
  }
  const writer: Omit<WriterOptions, 'count'> = {
    format: formatOf(values.format, values.out),
    array: values.array ?? false,
    includeNulls: !values['no-nulls'],
    includeHeader: !values['no-header'],
    bom: values.bom ?? false,
    lineEnding: lineEnding as 'unix' | 'windows' | undefined,
    delimiter: values.delimiter,
    quoteChar,
    table: values.table,
    createTable: values['create-table'] ?? false,
    rootElement: values['root-element'],
    recordElement: values['record-element'],
    keyspace: values.keyspace,
    sheetName: values['sheet-name'],
    firebaseKey: firebaseKey(values['firebase-key']),
    neutralizeFormulas: values['neutralize-formulas'] ?? false,
  };
  return {
    schemaPath: positionals[0],
    count: positiveInteger('count', values.count, true),
    seed: values.seed ?? null,
    now: values.now ?? null,
    out: values.out ?? null,
    workers: positiveInteger('workers', values.workers, false),
    publicUrl: publicUrl ?? null,
    quiet: values.quiet ?? false,
    distributed: values.distributed ?? false,
    datasets: namedFileOptions(values.dataset ?? []),
    scenarios: namedFileOptions(values.scenario ?? [], 'scenario', 'Traffic=traffic.json'),
    writer,
    chosen: new Set<DocumentSetting>([
      ...(outputFormatNamed(formatCandidate(values.format, values.out)) !== null ? (['format'] as const) : []),
      ...(values.array !== undefined ? (['array'] as const) : []),
      ...(values['no-header'] !== undefined ? (['includeHeader'] as const) : []),
      ...(values['no-nulls'] !== undefined ? (['includeNulls'] as const) : []),
      ...(values.bom !== undefined ? (['bom'] as const) : []),
    ]),
  };
}
