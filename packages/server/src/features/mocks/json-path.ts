/**
 * JSONPath (RFC 9535, the json-p3 library) for verification patterns and jsonpath rules. The
 * standard's match() and search() functions run JavaScript regular expressions, which can
 * backtrack for ever on a crafted pattern, so they are taken out of the environment: a path
 * using them is refused.
 *
 * A short path can still ask for much work on a body: each descendant segment (`..`) walks the
 * subtree under every node it is given, so `$..*..*..*` is polynomial in the body's size, and a
 * filter runs its queries once per candidate. Rules therefore query the body through a view
 * that counts what the query reads (rule-work.ts), and stop past the request's budget: the work
 * is bounded by a count whatever the path and the body.
 */
import { JSONPathEnvironment, type JSONPathQuery, type JSONValue } from 'json-p3';
import { MAX_JSON_DEPTH } from '@rowloom/core';
import type { MatchSteps } from './rule-regex.js';
import { countedView, keptCompiler } from './rule-work.js';

export const MAX_JSON_PATH_CHARS = 500;

// Deep enough for any body the runtime accepts (checkJsonDepth), so `..` never stops at depth 50.
const environment = new JSONPathEnvironment({ maxRecursionDepth: MAX_JSON_DEPTH + 2 });
environment.functionRegister.delete('match');
environment.functionRegister.delete('search');

/** The compiled path, or why it is not one. */
export function compileJsonPath(source: string): JSONPathQuery | string {
  if (source.length > MAX_JSON_PATH_CHARS)
    return `is a JSONPath of ${source.length} characters; at most ${MAX_JSON_PATH_CHARS} are allowed`;
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

/** Compiled rule paths, kept (a path refused on save is an error here). */
const compiledRulePath = keptCompiler(compileJsonPath);

/**
 * The texts a rule's path selects from the JSON body (none: undefined), as `body` rules read a
 * value: strings as they are, anything else as its JSON. Throws RuleWorkError past the request's
 * steps, or for a path that does not compile (a document stored before it was checked).
 */
export function ruleJsonPathTexts(source: string, body: unknown, steps: MatchSteps): string[] | undefined {
  const path = compiledRulePath(source);
  const texts: string[] = [];
  for (const value of path.query(countedView(body, steps) as JSONValue).values()) {
    // Through the view, so turning a selected object into text is counted too.
    texts.push(typeof value === 'string' ? value : JSON.stringify(value));
  }
  return texts.length > 0 ? texts : undefined;
}
