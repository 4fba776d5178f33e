/** Test helpers for handlers: a request and a setup with a few saved schemas. */
import type { HandlerRequest, HandlerSchema, HandlerSetup } from './handler-contract.js';

export const SCHEMAS: Record<string, HandlerSchema> = {
  user: {
    fields: [
      { name: 'id', type: 'Formula', value: "request_params['id'].to_i" },
      { name: 'name', type: 'Full Name' },
      { name: 'email', type: 'Email Address' },
    ],
    count: 1,
  },
  users: {
    fields: [
      { name: '__key', type: 'Row Number' },
      { name: 'id', type: 'Formula', value: "request_params['page'].to_i * 10 + __key" },
      { name: 'name', type: 'Full Name' },
    ],
    count: 4,
  },
  orders: {
    fields: [
      { name: 'order', type: 'Row Number' },
      { name: 'total', type: 'Number', min: 1, max: 100 },
    ],
    count: 2,
  },
};

export function request(overrides: Partial<HandlerRequest> = {}): HandlerRequest {
  return {
    method: 'GET',
    path: '/users/7',
    pathParams: {},
    query: {},
    headers: {},
    body: null,
    requestNumber: 1,
    ...overrides,
  };
}

export function setup(source: string, overrides: Partial<HandlerSetup> = {}): HandlerSetup {
  return { source, request: request(), schemas: SCHEMAS, defaultStatus: 200, maxRows: 1000, ...overrides };
}

/** Mockaroo's own example handler, as written in its documentation's examples. */
export const MOCKAROO_EXAMPLE = `schema "user"
user = generate 1, cache_for: 1.year
if params["id"] == "404"
  status 404
  { message: "User not found with id #{params['id']}" }
else
  user
end`;
