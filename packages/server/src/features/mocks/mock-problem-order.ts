/**
 * One list of a document's problems from the two checks (its structure, then what a schema
 * cannot say), in the order of the document: by route and response, and within an object in
 * the order of the schema's keys. Where the structure is wrong the other check has nothing
 * to add: its problems at or under that position are left out.
 */
import type { MockProblem } from './mock-problems.js';

interface Node {
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: readonly Node[];
}

const SEGMENT = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([^.[]+)/g;

export function inDocumentOrder(
  schema: object,
  structural: readonly MockProblem[],
  semantic: readonly MockProblem[],
): MockProblem[] {
  const wrong = structural.map((problem) => problem.path);
  const kept = semantic.filter((problem) => !wrong.some((path) => within(problem.path, path)));
  const keyed = [...structural, ...kept].map((problem, index) => ({
    problem,
    index,
    position: positionOf(schema as Node, problem.path),
  }));
  keyed.sort((a, b) => compare(a.position, b.position) || a.index - b.index);
  return keyed.map(({ problem }) => problem);
}

/** `path` is `ancestor` or lies under it. */
function within(path: string, ancestor: string): boolean {
  if (ancestor === '') return true;
  return (
    path === ancestor || (path.startsWith(ancestor) && (path[ancestor.length] === '.' || path[ancestor.length] === '['))
  );
}

/** Each step of the path as a number: an item's index, or a key's place among its object's keys (unknown keys first). */
function positionOf(schema: Node, path: string): number[] {
  const position: number[] = [];
  let node: Node | undefined = schema;
  for (const [, index, quoted, key] of path.matchAll(SEGMENT)) {
    if (index !== undefined || quoted !== undefined) {
      position.push(index !== undefined ? Number(index) : 0);
      node = itemsOf(node);
      continue;
    }
    const properties = propertiesOf(node);
    const place = Object.keys(properties).indexOf(key);
    position.push(place);
    node = properties[key];
  }
  return position;
}

/** The schema of an array's items (of a nullable array too). */
function itemsOf(node: Node | undefined): Node | undefined {
  return node?.items ?? node?.anyOf?.map(itemsOf).find((items) => items !== undefined);
}

/** The keys of an object, or of every object of a union, in order. */
function propertiesOf(node: Node | undefined): Record<string, Node> {
  if (!node) return {};
  if (!node.anyOf) return node.properties ?? {};
  return Object.assign({}, ...node.anyOf.map(propertiesOf)) as Record<string, Node>;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
