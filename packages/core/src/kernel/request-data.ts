/**
 * The request a mock endpoint answers, as formulas see it (Mockaroo's names): request_params['name'] is a
 * path or query parameter (text; a repeated query parameter gives its last value) and
 * request_entity['name'] a key of the JSON request body. Plain data, copied to worker threads.
 */
export interface MockRequestData {
  /** Path parameters and query parameters; a path parameter wins over a query one of the same name. */
  params: Record<string, string>;
  /** The JSON body when it is an object; null otherwise (no body, not JSON, an array). */
  entity: Record<string, unknown> | null;
}
