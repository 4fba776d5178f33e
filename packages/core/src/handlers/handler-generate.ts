/**
 * generate inside a handler: rows of a saved schema, made on this thread by the core engine and
 * written by the JSON writer, so they are exactly what the generate API would send (hidden __
 * fields left out, dates in their formats); then read back as JSON values for the handler.
 */
import type { Position } from '../formula/ast.js';
import { compileSchema } from '../schema/compile.js';
import { SchemaError } from '../schema/errors.js';
import { closestMatch } from '../kernel/suggest.js';
import { RowEngine } from '../engine/row-engine.js';
import { generationUuid } from '../engine/seed.js';
import { createWriter } from '../writers/index.js';
import type { HandlerSchema, HandlerSetup } from './handler-contract.js';
import { HandlerError } from './handler-error.js';
import type { MockRequestData } from '../kernel/request-data.js';

export interface HandlerRows {
  schema: string;
  count: number;
  seedKey: number;
  position: Position;
}

/** What every generate call of one run shares. */
export interface GenerateEnvironment {
  setup: HandlerSetup;
  request: MockRequestData;
  startedAtMs: number;
}

const failAt = (position: Position, message: string): never => {
  throw new HandlerError(message, position.line, position.column);
};

/** The saved schema of that name, or a HandlerError naming the ones the handler was given. */
export function findSchema(setup: HandlerSetup, name: string, position: Position): HandlerSchema {
  if (Object.hasOwn(setup.schemas, name)) return setup.schemas[name];
  const known = Object.keys(setup.schemas);
  const suggestion = closestMatch(name, known);
  return failAt(position, `no saved schema named '${name}'${suggestion ? `; did you mean '${suggestion}'?` : ''}`);
}

/**
 * The rows as JSON values (an object for one row, else a list) and the text they took. Stops
 * with a HandlerError once the text passes `maxChars`, so no call builds more than the run may.
 */
export function generateRows(
  environment: GenerateEnvironment,
  rows: HandlerRows,
  maxChars: number,
): { value: unknown; chars: number } {
  const { setup, request, startedAtMs } = environment;
  const fields = findSchema(setup, rows.schema, rows.position).fields;
  let plan;
  try {
    plan = compileSchema(fields, {
      datasets: setup.datasets,
      scenarios: setup.scenarios,
      rowCount: rows.count,
      startedAtMs,
      generationUuid: generationUuid(rows.seedKey),
      publicUrl: setup.publicUrl,
      request,
    });
  } catch (error) {
    if (error instanceof SchemaError)
      return failAt(rows.position, `schema '${rows.schema}' cannot generate: ${error.message}`);
    throw error;
  }
  const writer = createWriter(plan.shape, { format: 'json', count: rows.count, array: rows.count !== 1 });
  const engine = new RowEngine(plan, rows.seedKey);
  const parts = [writer.begin()];
  let chars = parts[0].length;
  for (let index = 0; index < rows.count; index++) {
    const text = writer.row(engine.row(index), index);
    chars += text.length;
    if (chars > maxChars)
      failAt(
        rows.position,
        `the rows generated are more text than a handler may build (${maxChars.toLocaleString('en-US')} characters in all); generate fewer rows`,
      );
    parts.push(text);
  }
  parts.push(writer.end());
  return { value: JSON.parse(parts.join('')) as unknown, chars };
}
