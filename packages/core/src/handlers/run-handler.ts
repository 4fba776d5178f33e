/**
 * Runs a mock handler for one request, synchronously, on the calling thread (the server calls it
 * on a generation thread: GenerationPool.runHandler). The handler is compiled for the run, its
 * statements run once, generate makes rows with the core engine, and the last value becomes the
 * body. Every problem, in the source or while running, is a HandlerError with a position.
 */
import type { FormulaError } from '../formula/ast.js';
import { isHash } from '../formula/hash-methods.js';
import { resetMatchBudget } from '../formula/regex-value.js';
import { resetBlockBudget } from '../formula/compile-blocks.js';
import { FormulaDate } from '../formula/runtime.js';
import { FamilyRandoms } from '../engine/family-randoms.js';
import { referenceTime } from '../engine/reference-time.js';
import { MutableRowState } from '../engine/row-state.js';
import { generationUuid } from '../engine/seed.js';
import { parsedDatasets, type ParsedDatasetCache } from '../engine/dataset-texts.js';
import { CounterRandom } from '../random/counter-random.js';
import { rowBudget } from '../kernel/row-budget.js';
import { checkRequestDepth } from './clone-json.js';
import { compileHandler } from './compile-handler.js';
import { HANDLER_LIMITS, type HandlerResult, type HandlerSetup } from './handler-contract.js';
import { BodyTooDeep, BodyTooLarge, handlerBody } from './handler-body.js';
import { HandlerReturn } from './handler-commands.js';
import { HandlerError } from './handler-error.js';
import { handlerInputs, type GenerateCall, type HandlerFrame } from './handler-frame.js';
import { findSchema, generateRows, type GenerateEnvironment } from './handler-generate.js';
import { handlerScope } from './handler-scope.js';
import { callSeedKey, handlerRequestSeed, runSeedKey } from './handler-seed.js';

/** Text all generate calls of one run may write together: a few bodies' worth, so rows may be made and then cut down. */
export const GENERATED_TEXT_CHARS = 4 * HANDLER_LIMITS.bodyBytes;

/** The seed keys of one run: the request's (repeatable runs, cache_for:) and a fresh one. */
interface RunKeys {
  seeded: boolean;
  requestKey: number;
  freshKey: number;
}

/** Rows and text made so far by the run's generate calls, against its limits. */
interface Tally {
  rows: number;
  calls: number;
  chars: number;
}

/** `cache`: a pool thread's parsed datasets, so a handler reading a big one parses it once per revision. */
export function runHandler(given: HandlerSetup, cache?: ParsedDatasetCache): HandlerResult {
  checkRequestDepth(given.request.body);
  // Datasets given as stored text are parsed here, where the handler runs.
  const setup = { ...given, datasets: parsedDatasets(given.datasets, cache) };
  const startedAtMs = referenceTime(setup.now, null);
  const seeded = setup.requestSeed !== undefined && setup.requestSeed !== null;
  const keys: RunKeys = {
    seeded,
    requestKey: runSeedKey(seeded ? setup.requestSeed! : handlerRequestSeed(setup.request)),
    freshKey: runSeedKey(null),
  };
  const runKey = seeded ? keys.requestKey : keys.freshKey;
  const uuid = generationUuid(runKey);
  const compiled = compileHandler(
    setup.source,
    handlerScope({ datasets: setup.datasets, startedAtMs, generationUuid: uuid }),
  );
  if (compiled.run === null) throw sourceError(compiled.problems);

  const inputs = handlerInputs(setup.request);
  const environment: GenerateEnvironment = {
    setup,
    request: { params: inputs.params, entity: isHash(inputs.body) ? inputs.body : null },
    startedAtMs,
  };
  const tally: Tally = { rows: 0, calls: 0, chars: 0 };
  const random = new CounterRandom(runKey);
  random.reset(0);
  const frame: HandlerFrame = {
    row: new MutableRowState([], null, new FamilyRandoms(runKey)),
    self: null,
    environment: { random, startedAt: new FormulaDate(startedAtMs), generationUuid: uuid },
    locals: new Array<unknown>(compiled.localCount).fill(null),
    inputs,
    state: { status: null, headers: {}, contentType: null, schema: null },
    services: { generate: (call) => generateFor(call, environment, tally, keys) },
  };
  rowBudget.reset();
  resetMatchBudget();
  resetBlockBudget();
  const value = runToEnd(compiled.run, frame);
  return result(value, frame.state, setup.defaultStatus, tally.rows, compiled.resultPosition);
}

/** One generate call: within the run's row limit, seeded by the request when asked, on its own row budget. */
function generateFor(call: GenerateCall, environment: GenerateEnvironment, tally: Tally, keys: RunKeys): unknown {
  const { setup } = environment;
  const count = call.count ?? schemaCount(findSchema(setup, call.schema, call.position).count);
  if (tally.rows + count > setup.maxRows) {
    throw new HandlerError(
      `generate would make ${(tally.rows + count).toLocaleString('en-US')} rows in all; one request may make at most ${setup.maxRows.toLocaleString('en-US')}`,
      call.position.line,
      call.position.column,
    );
  }
  tally.rows += count;
  const seedKey = callSeedKey(keys.seeded || call.cached ? keys.requestKey : keys.freshKey, tally.calls++);
  // The rows spend the thread's row budget; the handler keeps its own across the call.
  const saved = { ...rowBudget };
  try {
    const made = generateRows(
      environment,
      { schema: call.schema, count, seedKey, position: call.position },
      GENERATED_TEXT_CHARS - tally.chars,
    );
    tally.chars += made.chars;
    return made.value;
  } finally {
    Object.assign(rowBudget, saved);
    resetMatchBudget();
    resetBlockBudget();
  }
}

/** The response: the value as the body (within the size limit), the status and headers the handler set. */
function result(
  value: unknown,
  state: HandlerFrame['state'],
  defaultStatus: number,
  rows: number,
  at: { line: number; column: number },
): HandlerResult {
  try {
    const body = handlerBody(value, HANDLER_LIMITS.bodyBytes);
    return {
      status: state.status ?? defaultStatus,
      headers: state.headers,
      contentType: state.contentType ?? body.contentType,
      body: body.body,
      rows,
    };
  } catch (error) {
    if (error instanceof BodyTooLarge)
      throw new HandlerError(
        `${error.message}, the most a handler may answer; return fewer rows or smaller values`,
        at.line,
        at.column,
      );
    if (error instanceof BodyTooDeep) throw new HandlerError(error.message, at.line, at.column);
    throw error;
  }
}

/** The handler's value: its last statement's, or what `return` gave. */
function runToEnd(run: (frame: HandlerFrame) => unknown, frame: HandlerFrame): unknown {
  try {
    return run(frame);
  } catch (error) {
    if (error instanceof HandlerReturn) return error.value;
    throw error;
  }
}

/** A saved schema's own row count (the bare `generate`), 1 when it has none that is usable. */
function schemaCount(count: unknown): number {
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : 1;
}

/** The source's first problem (and how many more) as the run's error. */
function sourceError(problems: FormulaError[]): HandlerError {
  const [first] = problems;
  const more =
    problems.length > 1
      ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''}; check the handler to see them all)`
      : '';
  return new HandlerError(first.reason + more, first.position.line, first.position.column);
}
