/**
 * Which datasets a formula joins on (from_dataset's first argument), so a server can load just
 * those before compiling. Text that does not parse names none: compiling reports it properly.
 */
import { FormulaError, type FormulaNode } from './ast.js';
import { parseFormulaSource } from './formula-source.js';

export function datasetNamesInFormula(source: string): string[] {
  if (!source.includes('from_dataset')) return [];
  let tree: FormulaNode;
  try {
    tree = parseFormulaSource(source);
  } catch (error) {
    if (error instanceof FormulaError) return [];
    throw error;
  }
  const names: string[] = [];
  visit(tree, (node) => {
    if (node.kind !== 'call' || node.name !== 'from_dataset') return;
    const first = node.args[0];
    if (first?.kind === 'string' && first.parts.every((p) => typeof p === 'string')) names.push(first.parts.join(''));
  });
  return names;
}

/** The literal text of a string node without interpolations, else null. */
function literal(node: FormulaNode | undefined): string | null {
  return node?.kind === 'string' && node.parts.every((p) => typeof p === 'string') ? node.parts.join('') : null;
}

/** Which scenarios a formula reads through generate('Scenario', scenario: 'NAME'). */
export function scenarioNamesInFormula(source: string): string[] {
  if (!/scenario/i.test(source)) return [];
  let tree: FormulaNode;
  try {
    tree = parseFormulaSource(source);
  } catch (error) {
    if (error instanceof FormulaError) return [];
    throw error;
  }
  const names: string[] = [];
  visit(tree, (node) => {
    if (node.kind !== 'call' || node.name !== 'generate' || literal(node.args[0])?.trim().toLowerCase() !== 'scenario')
      return;
    const name = literal(node.keywords.find((k) => k.name === 'scenario')?.value);
    if (name !== null) names.push(name);
  });
  return names;
}

/** Calls `fn` on every node of the tree. */
function visit(node: FormulaNode, fn: (node: FormulaNode) => void): void {
  fn(node);
  const children: FormulaNode[] = [];
  switch (node.kind) {
    case 'string':
      for (const part of node.parts) if (typeof part !== 'string') children.push(part);
      break;
    case 'array':
      children.push(...node.items);
      break;
    case 'hash':
      children.push(...node.entries.map((e) => e.value));
      break;
    case 'call':
      children.push(...node.args, ...node.keywords.map((k) => k.value));
      break;
    case 'method':
      children.push(node.receiver, ...node.args, ...(node.block ? [node.block.body] : []));
      break;
    case 'index':
      children.push(node.receiver, ...node.args);
      break;
    case 'range':
      children.push(node.from, node.to);
      break;
    case 'unary':
      children.push(node.operand);
      break;
    case 'binary':
      children.push(node.left, node.right);
      break;
    case 'if':
      children.push(node.condition, node.then, ...(node.otherwise ? [node.otherwise] : []));
      break;
    case 'block':
      children.push(...node.statements);
      break;
    case 'assign':
      children.push(node.value);
      break;
    case 'store':
      children.push(node.receiver, node.key, node.value);
      break;
    case 'case':
      if (node.subject) children.push(node.subject);
      for (const branch of node.branches) children.push(...branch.values, branch.body);
      if (node.otherwise) children.push(node.otherwise);
      break;
    default:
      break;
  }
  for (const child of children) visit(child, fn);
}
