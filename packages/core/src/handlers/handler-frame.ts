/**
 * What a running handler's compiled statements read and write: the formula Frame (functions'
 * environment) plus the handler's locals, its request and its response so far, and the one
 * service that reaches outside the language, generate.
 */
import type { Position } from '../formula/ast.js';
import type { Frame } from '../formula/scope.js';
import type { QueryParams } from '../kernel/request-data.js';
import type { HandlerRequest } from './handler-contract.js';
import { cloneJson } from './clone-json.js';

/** The request as the handler's names read it (handler-names.ts). */
export interface HandlerInputs {
  /** Path parameters over query parameters: what params[...] and request_params[...] read. */
  params: QueryParams;
  query: QueryParams;
  headers: Record<string, string>;
  /** The JSON body (or its text, or nil): body, entity and request_entity. */
  body: unknown;
  requestNumber: number;
  method: string;
  path: string;
}

/** The response the commands build. */
export interface HandlerState {
  status: number | null;
  headers: Record<string, string>;
  /** Set by `header 'Content-Type', ...`. */
  contentType: string | null;
  /** Set by `schema 'name'`: what the next generate uses. */
  schema: string | null;
}

export interface GenerateCall {
  schema: string;
  /** Null: the schema's own count. */
  count: number | null;
  /** cache_for: was given, so the rows are seeded by the request. */
  cached: boolean;
  position: Position;
}

export interface HandlerServices {
  /** Rows of a saved schema as JSON values: an object for 1, else a list. Throws HandlerError. */
  generate(call: GenerateCall): unknown;
}

export interface HandlerFrame extends Frame {
  locals: unknown[];
  inputs: HandlerInputs;
  state: HandlerState;
  services: HandlerServices;
}

/** The request as a handler reads it: copies, so a handler's []= never changes the caller's objects. */
export function handlerInputs(request: HandlerRequest): HandlerInputs {
  return {
    params: { ...(cloneJson(request.query) as QueryParams), ...request.pathParams },
    query: cloneJson(request.query) as QueryParams,
    headers: { ...request.headers },
    body: cloneJson(request.body),
    requestNumber: request.requestNumber,
    method: request.method,
    path: request.path,
  };
}
