/**
 * The one way to generate output: validate and compile first (so a bad schema fails before the
 * first byte), then stream the rows through the format's writer, on this thread or on workers.
 * The server and the command line both call this.
 */
import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { compileSchema, type CompileOptions, type SchemaPlan } from '../schema/compile.js';
import { projectRelations, type RelationsSetup } from './relation-runtime.js';
import type { Scenarios } from '../scenarios/scenario.js';
import type { Datasets } from '../kernel/define-type.js';
import type { MockRequestData } from '../kernel/request-data.js';
import { createWriter } from '../writers/index.js';
import type { RowWriter, WriterOptions } from '../writers/writer.js';
import { ByteBatcher, rowBatches } from './batches.js';
import { referenceTime } from './reference-time.js';
import { RowEngine } from './row-engine.js';
import { hasFormulas, withRunTimeFaults } from './fault-probe.js';
import { generationUuid, resolveSeed, type Seed } from './seed.js';
import type { RowsPool } from './rows-pool.js';
import type { WorkerSetup } from './generate-worker.js';
import { DEFAULT_INLINE_POLICY, inlineSlice, startsInline, type InlinePolicy } from './inline-rows.js';
import { generateInWorkers } from './worker-pool.js';
import { hasDatasetTexts, parsedDatasets } from './dataset-texts.js';
import { SchemaError, type Problem } from '../schema/errors.js';

/** Below this many rows, starting worker threads costs more than it saves. */
export const PARALLEL_THRESHOLD = 100_000;

export interface GenerateRequest {
  /** Field specifications (docs/schemas.md). */
  fields: unknown[];
  /**
   * The datasets Dataset Column and My List fields read, by name (plain data, copied to workers).
   * A dataset given as stored text (DatasetText) is parsed only where rows are made: with `pool`,
   * on its threads, never on this one (call checkOnThreads first: this thread's compile then
   * checks names only, dataset-texts.ts).
   */
  datasets?: Datasets;
  /** Every dataset name the caller has, for the message about a missing one (see CompileOptions). */
  datasetNames?: readonly string[];
  /** The scenarios Scenario fields read, by name (plain data, copied to workers). */
  scenarios?: Scenarios;
  /** Every scenario name the caller has, for the message about a missing one. */
  scenarioNames?: readonly string[];
  count: number;
  seed?: Seed | null;
  /**
   * The reference time of formulas' now() (ISO 8601 or mm/dd/yyyy [HH:MM[:SS]], UTC). Default:
   * the clock, or SEEDED_REFERENCE_TIME when a seed is given, so a seeded run is reproducible.
   */
  now?: string | null;
  /** Format and format options; `count` is taken from above. */
  writer: Omit<WriterOptions, 'count'>;
  /** Worker threads: 1 generates on this thread; default: all cores for large counts. */
  workers?: number;
  /** Called now and then with the number of rows produced so far. */
  onProgress?: (rows: number) => void;
  /** Where this Rowloom is reached, for the image URLs types write (see CompileOptions.publicUrl). */
  publicUrl?: string;
  /**
   * A server's shared threads: when given, every row is made there (never on this thread) and
   * `workers` is ignored; this thread only compiles the schema (to validate it) and forwards bytes.
   */
  pool?: RowsPool;
  /** In a mock endpoint: the request formulas read through request_params and request_entity. */
  request?: MockRequestData;
  /**
   * With `pool` only: may return a plan compiled before from the same fields and inputs instead
   * of calling `compile`. This thread's plan then only validates the fields and shapes the
   * output (the rows are compiled on the pool's thread with this generation's own seed, clock
   * and id), so a plan compiled for another generation of the same fields serves as well.
   */
  reusePlan?: (compile: () => SchemaPlan) => SchemaPlan;
  /**
   * With `pool` only: when a small request's rows (small rows, few of them) are made on this
   * thread first, for a time slice, before the pool takes the rest (inline-rows.ts).
   * Default DEFAULT_INLINE_POLICY; `{ maxRows: 0, ... }`: every row on the pool.
   */
  inline?: InlinePolicy;
  /** When the fields are one table of a project (docs/relations.md): the project and the table. */
  relations?: RelationsSetup;
}

export interface Generation {
  /** The seed used (the given one, or the one drawn): the same seed and schema give the same bytes. */
  seed: Seed;
  plan: SchemaPlan;
  /**
   * What the user should hear before the output: the plan's warnings and the run-time faults its
   * first rows meet (engine/fault-probe.ts). Without a pool these are plan.warnings already; with
   * one, the rows are tried on a pool thread (a failed trial adds nothing).
   */
  warnings(signal?: AbortSignal): Promise<readonly Problem[]>;
  contentType: string;
  extension: string;
  /**
   * The file is packed from the whole output (xlsx, RowWriter.pack): it cannot be joined from
   * row ranges made apart, so a background job makes it in one piece.
   */
  packed: boolean;
  workers: number;
  /** The output. Destroying it stops the generation. */
  stream: Readable;
  /**
   * Says that `chunk`, read from `stream`, will never be read again by anyone, so its memory may
   * hold later output (see pipeGeneration, which calls it once a write has completed). Optional:
   * chunks not released are simply garbage. Only worker threads' chunks (and a pool's batches)
   * are recycled; for any other chunk this does nothing. A released chunk may become empty at any
   * time.
   */
  release: (chunk: Buffer) => void;
}

export function defaultWorkers(count: number): number {
  return count >= PARALLEL_THRESHOLD ? Math.max(1, availableParallelism()) : 1;
}

/**
 * With a pool and datasets given as text: the schema's problems, found by compiling it on one of
 * the pool's threads (which parses the texts), thrown as the SchemaError `generate` would throw
 * with the datasets parsed here. Call it before `generate`, whose compile on this thread then
 * only checks what the datasets' columns and row counts show. Does nothing otherwise.
 */
export async function checkOnThreads(request: GenerateRequest, signal?: AbortSignal): Promise<void> {
  if (!request.pool || !hasDatasetTexts(request.datasets)) return;
  const { key } = resolveSeed(request.seed);
  const constants = {
    startedAtMs: referenceTime(request.now, request.seed),
    generationUuid: generationUuid(key),
    publicUrl: request.publicUrl,
    rowCount: request.count,
    request: request.request,
  };
  const setup = {
    fields: request.fields,
    datasets: request.datasets,
    datasetNames: request.datasetNames,
    scenarios: request.scenarios,
    scenarioNames: request.scenarioNames,
    seedKey: key,
    writer: { ...request.writer, count: request.count },
    ...constants,
  };
  const problems = await request.pool.check(setup, signal);
  if (problems.length > 0) throw new SchemaError(problems);
}

/** Throws SchemaError (every problem at once) before any output when the schema is invalid. */
export function generate(request: GenerateRequest): Generation {
  const { seed, key } = resolveSeed(request.seed);
  // One start time and id for the whole generation, so every worker computes the same formulas.
  // rowCount too: a Scenario's curve spans the whole generation on every thread.
  const formulaConstants = {
    startedAtMs: referenceTime(request.now, request.seed),
    generationUuid: generationUuid(key),
    publicUrl: request.publicUrl,
    rowCount: request.count,
    request: request.request,
  };
  // Texts are parsed where rows are made: on this thread unless a pool makes them.
  const datasets = request.pool ? request.datasets : parsedDatasets(request.datasets);
  const plainOptions: CompileOptions = {
    datasets,
    datasetNames: request.datasetNames,
    scenarios: request.scenarios,
    scenarioNames: request.scenarioNames,
    ...formulaConstants,
  };
  const options = request.relations
    ? { ...plainOptions, relations: projectRelations(request.relations, plainOptions) }
    : plainOptions;
  // Without a pool the first rows are tried here (the command line, tests); a pool tries them on
  // a thread when the warnings are asked for (a server's main thread never makes a heavy row).
  const compile = request.pool
    ? () => compileSchema(request.fields, options)
    : () =>
        withRunTimeFaults(
          compileSchema(request.fields, options),
          (onFault) => compileSchema(request.fields, { ...options, onFault }),
          key,
        );
  const plan = request.pool && request.reusePlan ? request.reusePlan(compile) : compile();
  const writerOptions: WriterOptions = {
    ...request.writer,
    count: request.count,
    identity: { startedAtMs: formulaConstants.startedAtMs, seedKey: key },
  };
  const writer = createWriter(plan.shape, writerOptions);
  const workers = request.pool ? 1 : Math.max(1, Math.min(request.workers ?? defaultWorkers(request.count), 64));
  const setup = {
    fields: request.fields,
    datasets: request.datasets,
    scenarios: request.scenarios,
    seedKey: key,
    writer: writerOptions,
    ...formulaConstants,
    relations: request.relations,
  };
  const stop = new AbortController();
  const releases = new WeakMap<Buffer, () => void>();
  const inline = request.inline ?? DEFAULT_INLINE_POLICY;
  const pieces = request.pool
    ? pooledPieces(
        writer,
        request.pool,
        setup,
        request.count,
        stop.signal,
        releases,
        startsInline(plan, request.count, inline) && !hasDatasetTexts(datasets)
          ? { plan, sliceMs: inline.sliceMs }
          : null,
      )
    : workers > 1 && request.count > 1
      ? parallelPieces(writer, setup, request.count, workers, releases, request.onProgress)
      : serialPieces(writer, new RowEngine(plan, key), request.count, request.onProgress);
  return {
    seed,
    plan,
    warnings: (signal) =>
      request.pool ? poolWarnings(plan, request.pool, setup, signal) : Promise.resolve(plan.warnings),
    contentType: writer.contentType,
    extension: writer.extension,
    packed: writer.pack !== undefined,
    workers,
    stream: packed(writer, stoppable(Readable.from(pieces, { objectMode: false, highWaterMark: 1 }), stop), releases),
    release: (chunk) => {
      const release = releases.get(chunk);
      releases.delete(chunk);
      release?.();
    },
  };
}

/**
 * A binary format's file (xlsx) from the text stream (RowWriter.pack); the text stream itself
 * for every other format. Destroying the file's stream destroys the text's, which stops the rows.
 */
function packed(writer: RowWriter, text: Readable, releases: WeakMap<Buffer, () => void>): Readable {
  if (!writer.pack) return text;
  const file = Readable.from(writer.pack(handedBack(text, releases)), { objectMode: false, highWaterMark: 1 });
  file.once('close', () => text.destroy());
  return file;
}

/**
 * The text's chunks for a packer, which keeps them in its zip streams for a while: a worker
 * thread's chunk is copied and given back to its thread at once, so the threads recycle their
 * buffers instead of making new ones the collector frees late (two threads' xlsx peaked at
 * 266 MiB without this).
 */
async function* handedBack(
  text: Readable,
  releases: WeakMap<Buffer, () => void>,
): AsyncGenerator<Buffer, void, undefined> {
  for await (const chunk of text) {
    const release = releases.get(chunk as Buffer);
    if (!release) {
      yield chunk as Buffer;
      continue;
    }
    const copy = Buffer.from(chunk as Buffer);
    releases.delete(chunk as Buffer);
    release();
    yield copy;
  }
}

const STOPPED = new Error('the generation stream was destroyed');

/**
 * Destroying the stream also aborts `stop` at once. Readable.from only returns from its
 * generator once the pending step settles, which for pooled rows may be a slow row away.
 */
function stoppable(stream: Readable, stop: AbortController): Readable {
  const destroy = stream._destroy.bind(stream);
  stream._destroy = (error, callback) => {
    // Every stream is destroyed when it ends, finished or not: a reason given here saves the
    // DOMException (and its stack trace) abort() would make for each one. Nobody reads it.
    stop.abort(STOPPED);
    destroy(error, callback);
  };
  return stream;
}

/** Every row on this thread, synchronously: the batches in order, the opening and closing text included. */
export function* serialPieces(
  writer: RowWriter,
  engine: RowEngine,
  count: number,
  onProgress?: (rows: number) => void,
): Generator<Buffer> {
  // The opening text travels with the first batch and the closing text with the last, so a
  // small response is one write to the socket rather than three.
  const batcher = new ByteBatcher();
  batcher.write(writer.begin());
  // Progress is reported per slice of rows, so the callback never sits on the hot path.
  const slice = 65536;
  for (let start = 0; start < count; start += slice) {
    const end = Math.min(count, start + slice);
    yield* rowBatches(engine, writer, start, end, batcher);
    onProgress?.(end);
  }
  batcher.write(writer.end());
  batcher.seal();
  yield* batcher.drain();
}

async function* parallelPieces(
  writer: RowWriter,
  setup: Parameters<typeof generateInWorkers>[0],
  count: number,
  workers: number,
  releases: WeakMap<Buffer, () => void>,
  onProgress?: (rows: number) => void,
): AsyncGenerator<string | Buffer> {
  yield writer.begin();
  for await (const { bytes, rowsDone, release } of generateInWorkers(setup, 0, count, workers)) {
    // Readable.from passes this very Buffer on (a Buffer is not copied), so the stream's
    // consumer can name it to Generation.release; a WeakMap, so unreleased chunks are collected.
    releases.set(bytes, release);
    yield bytes;
    onProgress?.(rowsDone);
  }
  yield writer.end();
}

/**
 * The opening text goes at once (with it the response's headers: a time limit that passes before
 * the first row then cuts a started 200, it does not turn into an error status); the closing text
 * travels with the last batch, so a small response is two writes to the socket, not three.
 */
async function* pooledPieces(
  writer: RowWriter,
  pool: RowsPool,
  setup: Parameters<RowsPool['rows']>[0],
  count: number,
  signal: AbortSignal,
  releases: WeakMap<Buffer, () => void>,
  inline: { plan: SchemaPlan; sliceMs: number } | null,
): AsyncGenerator<string | Buffer> {
  let first = 0;
  if (inline) {
    // The first rows here, within the slice (inline-rows.ts); with the opening text, and the
    // closing text when they are all, so a small response is one write to the socket.
    const slice = inlineSlice(new RowEngine(inline.plan, setup.seedKey), writer, count, inline.sliceMs);
    first = slice.next;
    yield* slice.pieces;
    if (first === count) return;
  } else yield writer.begin();
  for await (const batch of pool.rows(setup, first, count, signal, Buffer.from(writer.end()))) {
    // Named to Generation.release by the stream's consumer, as parallelPieces' chunks are.
    releases.set(batch, () => pool.release(batch));
    yield batch;
  }
}

/** A plan's warnings with the faults a pool thread finds in its first rows; only plans with formulas are tried. */
async function poolWarnings(
  plan: SchemaPlan,
  pool: RowsPool,
  setup: WorkerSetup,
  signal?: AbortSignal,
): Promise<readonly Problem[]> {
  if (!hasFormulas(plan)) return plan.warnings;
  try {
    const faults = await pool.faults(setup, signal);
    return faults.length === 0 ? plan.warnings : [...plan.warnings, ...faults];
  } catch {
    return plan.warnings;
  }
}
