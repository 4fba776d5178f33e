/** Facts computed from a parsed pattern once: its shortest value and the characters it can produce. */
import type { RegexNode } from './ast.js';
import { CharSet } from './char-set.js';
import { NAME_CHARACTERS, SHORTEST_NAME, SHORTEST_WORD, WORD_CHARACTERS } from './word-tables.js';

/** Beyond this many distinct characters, declaring them saves writers nothing. */
const MAX_DECLARED = 4096;

/** Length of the shortest value the pattern can produce (fields count as empty). */
export function shortestLength(node: RegexNode): number {
  switch (node.kind) {
    case 'literal':
      return node.text.length;
    case 'set':
      return 1;
    case 'word':
      return SHORTEST_WORD;
    case 'name':
      return node.which === 'full' ? 2 * SHORTEST_NAME + 1 : SHORTEST_NAME;
    case 'field':
    case 'backreference':
      return 0;
    case 'sequence':
      return node.items.reduce((sum, item) => sum + shortestLength(item), 0);
    case 'alternation':
      return Math.min(...node.options.map(shortestLength));
    case 'group':
      return shortestLength(node.body);
    case 'repeat':
      // A quantified \w is one word of at least `min` letters.
      if (node.body.kind === 'word') return node.min === 0 ? 0 : Math.max(node.min, SHORTEST_WORD);
      return node.min * shortestLength(node.body);
  }
}

/**
 * Every character the pattern's own text can produce, sorted; null when there are too many to
 * be worth declaring. Field values are not included (the caller adds their fields' sets).
 */
export function patternCharacters(node: RegexNode): string | null {
  const sets: CharSet[] = [];
  collect(node, sets);
  const all = CharSet.union(sets);
  return all.size > MAX_DECLARED ? null : all.text();
}

function collect(node: RegexNode, sets: CharSet[]): void {
  switch (node.kind) {
    case 'literal':
      sets.push(CharSet.chars(node.text));
      return;
    case 'set':
      sets.push(node.set);
      return;
    case 'word':
      sets.push(CharSet.chars(WORD_CHARACTERS));
      return;
    case 'name':
      sets.push(CharSet.chars(NAME_CHARACTERS));
      return;
    case 'field':
    case 'backreference': // repeats characters collected elsewhere
      return;
    case 'sequence':
      for (const item of node.items) collect(item, sets);
      return;
    case 'alternation':
      for (const option of node.options) collect(option, sets);
      return;
    case 'group':
    case 'repeat':
      collect(node.body, sets);
      return;
  }
}

/** The capturing groups inside a node (their captures restart on each round of a repetition). */
export function groupsWithin(node: RegexNode, out: number[] = []): number[] {
  switch (node.kind) {
    case 'group':
      out.push(node.index);
      groupsWithin(node.body, out);
      break;
    case 'repeat':
      groupsWithin(node.body, out);
      break;
    case 'sequence':
      for (const item of node.items) groupsWithin(item, out);
      break;
    case 'alternation':
      for (const option of node.options) groupsWithin(option, out);
      break;
  }
  return out;
}
