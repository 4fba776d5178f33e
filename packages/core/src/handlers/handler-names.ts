/**
 * The names a handler reads the request by (handler-contract.ts): Mockaroo's params and entity,
 * Mockaroo's request_params and request_entity, and a few of our own. Locals may not take them.
 */
import type { Thunk } from '../formula/scope.js';
import type { HandlerFrame, HandlerInputs } from './handler-frame.js';

const INPUTS: Readonly<Record<string, (inputs: HandlerInputs) => unknown>> = {
  params: (inputs) => inputs.params,
  request_params: (inputs) => inputs.params,
  query: (inputs) => inputs.query,
  headers: (inputs) => inputs.headers,
  body: (inputs) => inputs.body,
  entity: (inputs) => inputs.body,
  request_entity: (inputs) => inputs.body,
  request_number: (inputs) => inputs.requestNumber,
  method: (inputs) => inputs.method,
  path: (inputs) => inputs.path,
};

export const INPUT_NAMES: readonly string[] = Object.keys(INPUTS);

/** The thunk reading a request name, or null when `name` is not one. */
export function compileInput(name: string): Thunk | null {
  if (!Object.hasOwn(INPUTS, name)) return null;
  const read = INPUTS[name];
  return (frame) => read((frame as HandlerFrame).inputs);
}
