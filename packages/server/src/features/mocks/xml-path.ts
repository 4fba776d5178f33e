/**
 * XPath 1.0 for xpath rules: the `xpath` library evaluates over a document parsed by
 * @xmldom/xmldom. xmldom never expands entities declared in a DTD (`&lol3;` stays as text, with
 * an error it reports and we ignore) and never fetches external ones, so no billion laughs and no
 * XXE. A document nested deeper than MAX_XML_DEPTH is not read (its text would be walked
 * recursively); parsing is linear in the body (at most the JSON body limit). Evaluation reads the document through rule-work.ts's counting view, so a
 * polynomial expression (`//*[count(//*) > 0]`) stops at the request's budget.
 * `xpath` is loaded untyped: its declarations pull the DOM library into the server's types.
 */
import { createRequire } from 'node:module';
import { DOMParser } from '@xmldom/xmldom';
import { MAX_JSON_DEPTH } from '@rowloom/core';
import type { MatchSteps } from './rule-regex.js';
import { countedView, keptCompiler, RuleWorkError, type ViewOverride } from './rule-work.js';

export const MAX_XPATH_CHARS = 500;
export const MAX_XML_DEPTH = MAX_JSON_DEPTH;

/** What the xpath library's evaluate() gives: a node-set, or a string, number or boolean. */
interface XPathValue {
  toArray?: () => unknown[];
  stringForNode?: (node: unknown) => string;
  stringValue(): string;
}
interface Evaluator {
  evaluate(options: { node: unknown; allowAnyNamespaceForNoPrefix: boolean }): XPathValue;
}
const xpath = createRequire(import.meta.url)('xpath') as { parse(source: string): Evaluator };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/**
 * The parsed expression, or why it is not one. An unknown function, variable or namespace prefix
 * only fails when evaluated, so the expression is also tried once on a one-element document.
 */
export function compileXPath(source: string): Evaluator | string {
  if (source.length > MAX_XPATH_CHARS)
    return `is an XPath of ${source.length} characters; at most ${MAX_XPATH_CHARS} are allowed`;
  let evaluator: Evaluator;
  try {
    evaluator = xpath.parse(source);
  } catch (error) {
    return `is not an XPath 1.0 expression: ${reasonOf(error)}`;
  }
  try {
    evaluator.evaluate({ node: TRIAL_DOCUMENT, allowAnyNamespaceForNoPrefix: true });
  } catch (error) {
    return `cannot be evaluated: ${reasonOf(error)} (XPath 1.0 functions only; no variables or namespace prefixes)`;
  }
  return evaluator;
}

const TRIAL_DOCUMENT = new DOMParser().parseFromString('<trial/>', 'text/xml');

/** Compiled rule XPaths, kept (an XPath refused on save is an error here). */
const compiledRuleXPath = keptCompiler(compileXPath);

interface TreeNode {
  firstChild: TreeNode | null;
  nextSibling: TreeNode | null;
  attributes?: { length: number; item(index: number): TreeNode | null } | null;
}

/** A node's place in document order: its own index and its last descendant's (attributes follow their element). */
interface Place {
  start: number;
  end: number;
}

/** A parsed body with every node's place, so ordering two nodes takes constant time. */
export interface XmlBody {
  document: TreeNode;
  places: WeakMap<object, Place>;
}

/** Every node's place, or null when the tree nests deeper than MAX_XML_DEPTH (checked before recursing). */
function placesOf(document: TreeNode): WeakMap<object, Place> | null {
  const places = new WeakMap<object, Place>();
  let next = 0;
  const visit = (node: TreeNode, depth: number): boolean => {
    if (depth > MAX_XML_DEPTH) return false;
    const place = { start: next++, end: 0 };
    places.set(node, place);
    const attributes = node.attributes;
    for (let i = 0; attributes && i < attributes.length; i++) {
      const index = next++;
      places.set(attributes.item(i)!, { start: index, end: index });
    }
    for (let child = node.firstChild; child !== null; child = child.nextSibling)
      if (!visit(child, depth + 1)) return false;
    place.end = next - 1;
    return true;
  };
  return visit(document, 0) ? places : null;
}

/** The body as an XML document; null when it is not well-formed XML or nests too deep. */
export function parseXmlBody(text: string | null): XmlBody | null {
  if (text === null || !/^\s*</.test(text)) return null;
  let document: TreeNode;
  try {
    // Non-fatal problems (an undeclared entity, left as text) are ignored; fatal ones throw.
    document = new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml') as unknown as TreeNode;
  } catch {
    return null;
  }
  const places = placesOf(document);
  return places === null ? null : { document, places };
}

const PRECEDING = 0x02;
const FOLLOWING = 0x04;
const CONTAINS = 0x08;
const CONTAINED_BY = 0x10;

/**
 * The xpath library keeps node-sets in document order with compareDocumentPosition, which
 * xmldom answers by walking siblings: quadratic in a wide document (4,000 siblings, 4 s). The
 * view answers it from the places computed once on parsing instead.
 */
function orderedBy(places: WeakMap<object, Place>): ViewOverride {
  return (target, key, unwrap) => {
    const own = places.get(target);
    if (key !== 'compareDocumentPosition' || own === undefined) return undefined;
    return (seen: unknown) => {
      const other = places.get(unwrap(seen) as object);
      if (other === undefined) return 0x01; // not a node of this document: the library then picks any order
      if (other === own) return 0;
      if (other.start < own.start && own.end <= other.end) return CONTAINS | PRECEDING;
      if (own.start < other.start && other.end <= own.end) return CONTAINED_BY | FOLLOWING;
      return other.start < own.start ? PRECEDING : FOLLOWING;
    };
  };
}

/**
 * The texts the expression gives on the document (none: undefined): each selected node's
 * string-value (an attribute's value, an element's text), or the string of a number, boolean or
 * string result. Throws RuleWorkError past the request's reads, or for an expression that does
 * not parse (a document stored before it was checked).
 */
export function ruleXPathTexts(source: string, body: XmlBody | null, steps: MatchSteps): string[] | undefined {
  if (body === null) return undefined;
  const expression = compiledRuleXPath(source);
  let result: XPathValue;
  try {
    const node = countedView(body.document, steps, orderedBy(body.places));
    result = expression.evaluate({ node, allowAnyNamespaceForNoPrefix: true });
  } catch (error) {
    if (error instanceof RuleWorkError) throw error;
    throw new RuleWorkError(`could not be evaluated: ${reasonOf(error)}`);
  }
  if (typeof result.toArray !== 'function') return [result.stringValue()];
  const texts = result.toArray().map((node) => result.stringForNode!(node) ?? '');
  return texts.length > 0 ? texts : undefined;
}
