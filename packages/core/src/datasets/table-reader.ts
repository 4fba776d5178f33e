/**
 * Reads a table as its bytes arrive (the server's uploads), with csv-parse's streaming parser
 * and the same rules and messages as the whole-file parse (parse-dataset.ts): the separator is
 * chosen from the first line, so the bytes are held until it is complete; from then on each
 * chunk is parsed as it comes and every record goes to the rules and on to the sink, so nothing
 * but the record being read is kept. A failure (a rule broken, bad quoting, the sink's own
 * limit) is reported once through `onFailure`, at the chunk that shows it; the reader then
 * takes no more.
 */
import { Parser } from 'csv-parse';
import { StringDecoder } from 'node:string_decoder';
import { finished } from 'node:stream/promises';
import { DatasetParseError } from './dataset-errors.js';
import {
  emptyMessage,
  parserOptions,
  readError,
  separatorFor,
  type Separator,
  TableRules,
  type TableSink,
} from './table-rules.js';

const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

export class TableReader {
  private readonly rules: TableRules;
  /** Bytes held until the first line is complete (and the text is more than white space). */
  private held: Buffer[] = [];
  private readonly decoder = new StringDecoder('utf8');
  /** The held bytes as text: the first line chooses the separator. */
  private prefix = '';
  private sawText = false;
  private parser: Parser | null = null;
  private delimiter: Separator = ',';
  private failure: unknown = null;

  /** `subject` names the text in messages ("the body"). */
  constructor(
    sink: TableSink,
    private readonly filename: string | null,
    private readonly subject: string,
    private readonly onFailure: (error: unknown) => void,
  ) {
    this.rules = new TableRules(sink);
  }

  /** Data rows read so far. */
  get rows(): number {
    return this.rules.rows;
  }

  /** Reads the next bytes; ignored after a failure. */
  write(chunk: Buffer): void {
    if (this.failure !== null) return;
    if (this.parser !== null) {
      this.parser.write(chunk);
      return;
    }
    this.held.push(chunk);
    this.prefix += this.decoder.write(chunk);
    if (!this.sawText) this.sawText = /\S/.test(this.prefix);
    if (this.sawText && this.prefix.includes('\n')) this.start();
  }

  /** After the last bytes: resolves once the whole table passed; rejects with the failure (also given to onFailure). */
  async end(): Promise<void> {
    if (this.failure !== null) throw this.failure;
    if (this.parser === null) {
      this.prefix += this.decoder.end();
      if (!/\S/.test(this.prefix)) {
        this.fail(new DatasetParseError(emptyMessage(this.subject)));
        throw this.failure;
      }
      this.start();
    }
    const parser = this.parser!;
    parser.end();
    try {
      await finished(parser);
    } catch (error) {
      this.fail(error);
    }
    if (this.failure === null) {
      try {
        this.rules.finish(this.subject);
      } catch (error) {
        this.fail(error);
      }
    }
    if (this.failure !== null) throw this.failure;
  }

  private start(): void {
    // The separator from the first line, as separatorFor reads a whole text (its BOM left out).
    this.delimiter = separatorFor(this.prefix.replace(/^\uFEFF/, ''), this.filename);
    let bytes = Buffer.concat(this.held);
    if (bytes.subarray(0, 3).equals(BYTE_ORDER_MARK)) bytes = bytes.subarray(3);
    this.held = [];
    this.prefix = '';
    const parser = new Parser(parserOptions(this.delimiter));
    parser.on('error', (error) => this.fail(error));
    // Flowing, the parser emits each record within the write that completes it, so its line
    // count is still the record's last line (csv-parse's on_record would say the same, at three
    // times the cost: it builds an object of parse details for every record).
    parser.on('data', (record: string[]) => {
      if (this.failure !== null) return;
      try {
        this.rules.record(record, parser.info.lines);
      } catch (error) {
        this.fail(error);
      }
    });
    this.parser = parser;
    parser.write(bytes);
  }

  private fail(error: unknown): void {
    if (this.failure !== null) return;
    this.failure = readError(error, this.subject, this.delimiter);
    this.onFailure(this.failure);
  }
}
