/**
 * RFC 7396 JSON Merge Patch: an object patch merges member by member (recursively), null
 * removes a member, anything else replaces. Both documents are depth-checked before (records and
 * bodies nest at most MAX_JSON_DEPTH levels), so the recursion is bounded.
 */
import { define, isJsonObject, type JsonObject } from './crud-records.js';

export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return patch;
  const result: JsonObject = {};
  if (isJsonObject(target)) for (const [name, value] of Object.entries(target)) define(result, name, value);
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else
      define(
        result,
        name,
        mergePatch(Object.prototype.hasOwnProperty.call(result, name) ? result[name] : undefined, value),
      );
  }
  return result;
}
