/** Checking a handler before it is saved: every problem with its position, and the schemas it names. */
import type { Datasets } from '../kernel/define-type.js';
import { compileHandler, type CompiledHandler } from './compile-handler.js';
import type { HandlerProblem } from './handler-contract.js';
import { handlerScope } from './handler-scope.js';

const CHECK_UUID = '00000000-0000-4000-8000-000000000000';

function compileForCheck(source: string, datasets?: Datasets): CompiledHandler {
  return compileHandler(source, handlerScope({ datasets, startedAtMs: Date.now(), generationUuid: CHECK_UUID }));
}

/**
 * Every problem of the handler (empty when it compiles). Pass the owner's datasets to check
 * from_dataset calls; without them such calls are reported as naming unknown datasets.
 */
export function checkHandler(source: string, datasets?: Datasets): HandlerProblem[] {
  return compileForCheck(source, datasets).problems.map((problem) => ({
    message: problem.reason,
    line: problem.position.line,
    column: problem.position.column,
  }));
}

/** The saved schemas the handler names in quotes (schema 'x', generate n, schema: 'x'), in order of first use. */
export function handlerSchemaNames(source: string): string[] {
  return compileForCheck(source).schemaNames;
}
