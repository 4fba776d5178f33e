/**
 * The Reference page's search: a word (function, method, type) is shown when every term of the
 * query occurs in its name, signature, aliases, category or description, in any case.
 */
import type { FormulaSyntax, FormulaWord, TypeDescription } from '@rowloom/contract';

function terms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

function matches(haystack: string[], query: string): boolean {
  const text = haystack.join(' ').toLowerCase();
  return terms(query).every((term) => text.includes(term));
}

export function wordsMatching(words: FormulaWord[], query: string): FormulaWord[] {
  return words.filter((w) => matches([w.name, w.signature, w.description, w.example], query));
}

export function typesMatching(types: TypeDescription[], query: string): TypeDescription[] {
  return types.filter((t) =>
    matches([t.name, ...t.aliases, t.category, t.description, ...t.parameters.map((p) => p.name)], query),
  );
}

/** The types by category, categories in alphabetical order, types in the catalogue's order. */
export function byCategory(types: TypeDescription[]): [string, TypeDescription[]][] {
  const groups = new Map<string, TypeDescription[]>();
  for (const type of types) groups.set(type.category, [...(groups.get(type.category) ?? []), type]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** A parameter's constraints in words: "integer; default 1; 0 to 100". */
export function parameterNote(p: TypeDescription['parameters'][number]): string {
  const parts = [p.type];
  if (p.required) parts.push('required');
  else if (p.default !== null && p.default !== undefined) parts.push(`default ${JSON.stringify(p.default)}`);
  if (p.min !== undefined || p.max !== undefined) parts.push(`${p.min ?? '…'} to ${p.max ?? '…'}`);
  if (p.allowed?.length) parts.push(`one of ${p.allowed.join(', ')}`);
  return parts.join('; ');
}

export function syntaxMatches(entry: FormulaSyntax, query: string): boolean {
  return matches([...entry.syntax, entry.meaning], query);
}

/** "`=~` gives the index": the text split at its backticks, the odd pieces code. */
export function codePieces(text: string): { text: string; code: boolean }[] {
  return text
    .split('`')
    .map((piece, i) => ({ text: piece, code: i % 2 === 1 }))
    .filter((piece) => piece.text !== '');
}
