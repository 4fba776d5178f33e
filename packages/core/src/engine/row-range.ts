/**
 * Any row range of a generation, on its own: the building block of jobs split into shards that
 * run on other processes or machines. `rangeSetup` fixes everything that must agree between the
 * pieces (seed key, reference time, generation id, row count: a Scenario spans the whole
 * generation) exactly as `generate` does; `rowRange` yields the bytes of rows [start, end) and
 * `rangeFrame` the text before the first row and after the last. frame.begin + rowRange(0, a) +
 * rowRange(a, b) + ... + frame.end is byte-identical to one `generate` call.
 */
import { compileSchema, type SchemaPlan } from '../schema/compile.js';
import type { Scenarios } from '../scenarios/scenario.js';
import type { Datasets } from '../kernel/define-type.js';
import { createWriter } from '../writers/index.js';
import type { RowWriter, WriterOptions } from '../writers/writer.js';
import { ByteBatcher, fillBatch, rowBatches } from './batches.js';
import { referenceTime } from './reference-time.js';
import { RowEngine } from './row-engine.js';
import { generationUuid, resolveSeed, type Seed } from './seed.js';
import { outlineCompileOptions, workerCompileOptions, type WorkerSetup } from './worker-setup.js';
import type { RelationsSetup } from './relation-runtime.js';

export type { WorkerSetup } from './worker-setup.js';

export interface RangeRequest {
  fields: unknown[];
  datasets?: Datasets;
  scenarios?: Scenarios;
  count: number;
  /** Required: a range of a generation only agrees with the others under one seed. */
  seed: Seed;
  now?: string | null;
  writer: Omit<WriterOptions, 'count'>;
  publicUrl?: string;
  /** When the fields are one table of a project: the project and the table (docs/relations.md). */
  relations?: RelationsSetup;
}

/** The setup every range of this generation is made from (plain data: it can travel anywhere). */
export function rangeSetup(request: RangeRequest): WorkerSetup {
  const { key } = resolveSeed(request.seed);
  const startedAtMs = referenceTime(request.now, request.seed);
  return {
    fields: request.fields,
    datasets: request.datasets,
    scenarios: request.scenarios,
    rowCount: request.count,
    seedKey: key,
    writer: { ...request.writer, count: request.count, identity: { startedAtMs, seedKey: key } },
    startedAtMs,
    generationUuid: generationUuid(key),
    publicUrl: request.publicUrl,
    ...(request.relations ? { relations: request.relations } : {}),
  };
}

/**
 * The text before the first row and after the last, and the file's type; throws SchemaError for a
 * bad schema. Datasets given as text are not parsed (the frame does not depend on rows): only
 * what their columns and row counts show is checked here, the rest where rows are made (or
 * first with checkOnThreads).
 */
export function rangeFrame(setup: WorkerSetup): {
  begin: string;
  end: string;
  contentType: string;
  extension: string;
  packed: boolean;
} {
  const writer = frameWriter(setup);
  return {
    begin: writer.begin(),
    end: writer.end(),
    contentType: writer.contentType,
    extension: writer.extension,
    packed: writer.pack !== undefined,
  };
}

function frameWriter(setup: WorkerSetup): RowWriter {
  const plan = compileSchema(setup.fields, outlineCompileOptions(setup));
  return createWriter(plan.shape, setup.writer);
}

/**
 * The whole file of a format whose text is packed (rangeFrame's `packed`: xlsx), from the bytes
 * of all its rows in order (rowRange(setup, 0, count), or a pool's): such a file cannot be joined
 * from parts, so a job makes it in one piece. For other formats, the frame around the rows.
 */
export async function* wholeFile(
  setup: WorkerSetup,
  rows: AsyncIterable<Buffer> | Iterable<Buffer>,
): AsyncGenerator<Buffer, void, undefined> {
  const writer = frameWriter(setup);
  const text = (async function* () {
    yield Buffer.from(writer.begin());
    yield* rows;
    yield Buffer.from(writer.end());
  })();
  yield* writer.pack ? writer.pack(text) : text;
}

/** Where rowRange says how far it got: rows of the range made so far (a job's worker reports it as progress). */
export interface RowCounter {
  rows: number;
}

/**
 * The compiled plan every range of the generation can be made from. A process that makes several
 * ranges of one generation (a job's worker taking shard after shard) compiles it once: a fresh
 * plan costs its compile and starts cold (its functions run unoptimised until V8 has seen them
 * again), which made each 250,000-row shard slower than the threads of one `generate`.
 */
export function rangePlan(setup: WorkerSetup): SchemaPlan {
  return compileSchema(setup.fields, workerCompileOptions(setup));
}

/**
 * The bytes of rows [start, end), in batches of about 64 KiB, made on this thread. `counter`, when
 * given, holds the rows made so far each time a batch is handed out. `plan` is rangePlan(setup)
 * when the caller keeps one; a plan is never changed by making rows, so ranges may share it.
 */
export function* rowRange(
  setup: WorkerSetup,
  start: number,
  end: number,
  counter?: RowCounter,
  plan: SchemaPlan = rangePlan(setup),
): Generator<Buffer, void, undefined> {
  const engine = new RowEngine(plan, setup.seedKey);
  const writer = createWriter(plan.shape, setup.writer);
  const batcher = new ByteBatcher();
  if (!counter) {
    yield* rowBatches(engine, writer, start, end, batcher);
  } else {
    for (let index = start; index < end;) {
      index = fillBatch(engine, writer, index, end, batcher);
      counter.rows = index - start;
      if (batcher.hasReady) yield* batcher.drain();
    }
  }
  batcher.seal();
  yield* batcher.drain();
}

/**
 * Rows [start, end) made batch by batch on this thread into memory that is reused: each call of
 * `next` makes one batch (about 64 KiB, or BATCH_MILLISECONDS of rows) and hands its bytes to a
 * sink that must be done with them when it returns (a synchronous file write). Two buffers then
 * serve the whole range, where rowRange allocates one per batch; a job's worker writing a part
 * to a local file spent measurably more CPU than the CLI's threads (which recycle theirs) before.
 * The bytes are rowRange's.
 */
export class RangeFiller {
  private readonly engine: RowEngine;
  private readonly writer: RowWriter;
  private readonly batcher = new ByteBatcher();
  private index: number;

  constructor(
    setup: WorkerSetup,
    private readonly start: number,
    private readonly end: number,
    plan: SchemaPlan = rangePlan(setup),
  ) {
    this.engine = new RowEngine(plan, setup.seedKey);
    this.writer = createWriter(plan.shape, setup.writer);
    this.index = start;
  }

  /** Rows of the range made so far. */
  get rowsMade(): number {
    return this.index - this.start;
  }

  /** Makes the next batch and gives its bytes to `sink`; false once the range is done (nothing was given). */
  next(sink: (bytes: Buffer) => void): boolean {
    if (this.index < this.end) this.index = fillBatch(this.engine, this.writer, this.index, this.end, this.batcher);
    if (this.index >= this.end) this.batcher.seal();
    if (!this.batcher.hasReady) return false;
    for (const batch of this.batcher.drain()) {
      sink(batch);
      this.batcher.giveBack(batch);
    }
    return true;
  }
}
