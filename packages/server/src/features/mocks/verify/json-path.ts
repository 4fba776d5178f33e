/**
 * JSONPath (RFC 9535, the json-p3 library) for verification patterns. The standard's match()
 * and search() functions run JavaScript regular expressions, which can backtrack for ever on
 * a crafted pattern, so they are taken out of the environment: a path using them is refused.
 */
import { JSONPathEnvironment, type JSONPathQuery, type JSONValue } from 'json-p3';

const environment = new JSONPathEnvironment();
environment.functionRegister.delete('match');
environment.functionRegister.delete('search');

/** The compiled path, or why it is not one. */
export function compileJsonPath(source: string): JSONPathQuery | string {
  if (source.length > 500) return `is a JSONPath of ${source.length} characters; at most 500 are allowed`;
  try {
    return environment.compile(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const hint = /\b(match|search)\s*\(/.test(source)
      ? ' (match() and search() are not available: use a regex condition on the selected value)'
      : '';
    return `is not a JSONPath: ${reason}${hint}`;
  }
}

/** The selected values as text: strings as they are, anything else as its JSON. */
export function selectedTexts(path: JSONPathQuery, body: JSONValue): string[] {
  return path
    .query(body)
    .values()
    .map((value: JSONValue) => (typeof value === 'string' ? value : JSON.stringify(value)));
}
