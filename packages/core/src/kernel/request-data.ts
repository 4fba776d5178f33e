/**
 * The request a mock endpoint answers, as formulas see it (Mockaroo's names): request_params['name'] is a
 * path or query parameter (text; a query parameter given several times, `?tag=a&tag=b`, is the
 * list of its values in order) and request_entity['name'] a key of the JSON request body. Plain
 * data, copied to worker threads.
 */

/** Query parameters by name: the text, or the list of texts of a parameter given more than once. */
export type QueryParams = Record<string, string | string[]>;

export interface MockRequestData {
  /** Path parameters and query parameters; a path parameter wins over a query one of the same name. */
  params: QueryParams;
  /** The JSON body when it is an object; null otherwise (no body, not JSON, an array). */
  entity: Record<string, unknown> | null;
}
