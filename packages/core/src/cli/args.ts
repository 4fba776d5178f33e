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
  writer: Omit<WriterOptions, 'count'>;
}

function positiveInteger(name: string, text: string | undefined, allowZero: boolean): number | null {
  if (text === undefined) return null;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || (!allowZero && n === 0)) {
    throw new UsageError(`--${name} must be a whole number${allowZero ? '' : ' above 0'}, got "${text}"`);
  }
  return n;
}

function formatOf(explicit: string | undefined, out: string | undefined): OutputFormat {
  const candidate = explicit ?? (out ? extname(out).slice(1).toLowerCase() : '') ?? '';
  if ((OUTPUT_FORMATS as readonly string[]).includes(candidate)) return candidate as OutputFormat;
  if (explicit !== undefined) throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')}, got "${explicit}"`);
  return 'json';
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
    writer,
  };
}
