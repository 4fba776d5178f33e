/**
 * `rowloom infer sample.csv`: prints a schema document ({"fields": [...]}) that `rowloom generate`
 * takes as it is, inferred from the sample's header and rows; the reason for each field's type
 * goes to stderr. Only the start of a large file is read (the inference reads no more).
 */
import { open } from 'node:fs/promises';
import { inferSchema } from '../inference/infer-schema.js';
import { InferenceError } from '../inference/read-sample.js';
import { MAX_SAMPLE_CHARS } from '../inference/sample-limits.js';
import { parseInferArgs, UsageError } from './args.js';

/** Bytes read at most: enough for MAX_SAMPLE_CHARS characters of any UTF-8 text. */
const MAX_SAMPLE_BYTES = MAX_SAMPLE_CHARS * 4;

/** Up to `limit` bytes; a cut falls just after a line break, so no character is split. */
function decodeHead(chunks: Buffer[], limit: number): string {
  const bytes = Buffer.concat(chunks);
  if (bytes.length <= limit) return bytes.toString('utf8');
  const lastBreak = bytes.lastIndexOf(0x0a, limit - 1);
  return bytes.subarray(0, lastBreak > 0 ? lastBreak + 1 : limit).toString('utf8');
}

async function readStdinHead(): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    total += (chunk as Buffer).length;
    if (total > MAX_SAMPLE_BYTES) break;
  }
  return decodeHead(chunks, MAX_SAMPLE_BYTES);
}

async function readFileHead(path: string): Promise<string> {
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT' ? `${path}: no such file` : `${path}: cannot read it (${code ?? (error as Error).message})`,
    );
  }
  try {
    const buffer = Buffer.alloc(MAX_SAMPLE_BYTES + 1);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return decodeHead([buffer.subarray(0, bytesRead)], MAX_SAMPLE_BYTES);
  } catch (error) {
    throw new UsageError(
      `${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  } finally {
    await file.close();
  }
}

export async function runInfer(args: string[]): Promise<void> {
  const command = parseInferArgs(args);
  const source = command.samplePath === '-' ? 'standard input' : command.samplePath;
  const text = command.samplePath === '-' ? await readStdinHead() : await readFileHead(command.samplePath);
  let inference;
  try {
    inference = inferSchema(text, command.samplePath === '-' ? null : command.samplePath);
  } catch (error) {
    if (error instanceof InferenceError) throw new UsageError(`${source}: ${error.message}`);
    throw error;
  }
  process.stdout.write(JSON.stringify({ fields: inference.fields }, null, 2) + '\n');
  if (command.quiet) return;
  const read =
    inference.rowsRead === 0
      ? 'the header alone'
      : `${inference.rowsRead} rows${inference.truncated ? ' (the first ones)' : ''}`;
  process.stderr.write(`rowloom: inferred ${inference.fields.length} fields from ${read} of ${source}:\n`);
  for (const { field, type, basis, reason } of inference.reasons)
    process.stderr.write(`  ${field}: ${type} (${basis}: ${reason})\n`);
}
