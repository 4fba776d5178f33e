/**
 * Command-line arguments -> a generate request. Every problem is a UsageError with a message
 * that says what to write instead; nothing is read or written before the arguments are valid.
 */
import { parseArgs } from 'node:util';
import { extname } from 'node:path';
import { OUTPUT_FORMATS, type OutputFormat, type WriterOptions } from '../writers/writer.js';

export class UsageError extends Error {}

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
  /** `--dataset NAME=FILE`: the datasets Dataset Column and My List fields read, by name. */
  datasets: { name: string; path: string }[];
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
    throw new UsageError(`--${name} must be a whole number${allowZero ? '' : ' above 0'}, got "${text}"`);
  }
  return n;
}

function formatCandidate(explicit: string | undefined, out: string | undefined): string {
  return explicit ?? (out ? extname(out).slice(1).toLowerCase() : '');
}

function formatOf(explicit: string | undefined, out: string | undefined): OutputFormat {
  const candidate = formatCandidate(explicit, out);
  if ((OUTPUT_FORMATS as readonly string[]).includes(candidate)) return candidate as OutputFormat;
  if (explicit !== undefined) throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')}, got "${explicit}"`);
  return 'json';
}

/** `--dataset NAME=FILE` options: each names a dataset once; the name is what schemas say. */
function datasetOptions(options: string[]): { name: string; path: string }[] {
  const seen = new Set<string>();
  return options.map((option) => {
    const split = option.indexOf('=');
    const name = split > 0 ? option.slice(0, split).trim() : '';
    const path = split > 0 ? option.slice(split + 1) : '';
    if (name === '' || path === '') throw new UsageError(`--dataset must be NAME=FILE (e.g. --dataset cities=cities.csv), got "${option}"`);
    if (seen.has(name)) throw new UsageError(`--dataset ${name} is given twice; give each dataset name once`);
    seen.add(name);
    return { name, path };
  });
}

export function parseGenerateArgs(args: string[]): GenerateCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args,
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
        dataset: { type: 'string', multiple: true },
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
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify.*$/s, ''));
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'name the schema file: rowloom generate <schema.json>' : `one schema file expected, got ${positionals.length}: ${positionals.join(' ')}`);
  const lineEnding = values['line-ending'];
  if (lineEnding !== undefined && lineEnding !== 'unix' && lineEnding !== 'windows') throw new UsageError(`--line-ending must be unix or windows, got "${lineEnding}"`);
  if (values.delimiter !== undefined && values.delimiter === '') throw new UsageError('--delimiter must not be empty');
  const quoteChar = values['quote-char'];
  if (quoteChar !== undefined && [...quoteChar].length !== 1) throw new UsageError(`--quote-char must be one character, got "${quoteChar}"`);
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(publicUrl)) {
    throw new UsageError(`--public-url must be an http or https address such as https://rowloom.example.com, got "${publicUrl}"`);
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
    datasets: datasetOptions(values.dataset ?? []),
    writer,
    chosen: new Set<DocumentSetting>([
      ...((OUTPUT_FORMATS as readonly string[]).includes(formatCandidate(values.format, values.out)) ? (['format'] as const) : []),
      ...(values.array !== undefined ? (['array'] as const) : []),
      ...(values['no-header'] !== undefined ? (['includeHeader'] as const) : []),
      ...(values['no-nulls'] !== undefined ? (['includeNulls'] as const) : []),
      ...(values.bom !== undefined ? (['bom'] as const) : []),
    ]),
  };
}
