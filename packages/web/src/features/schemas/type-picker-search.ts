/** The type picker's search: every word must appear in the name, an alias, the category or the description; name hits first. */
import type { TypeDescription } from '../catalogue/catalogue';

function score(type: TypeDescription, words: string[]): number {
  const name = type.name.toLowerCase();
  const aliases = type.aliases.join(' ').toLowerCase();
  const rest = `${type.category} ${type.description}`.toLowerCase();
  let total = 0;
  for (const word of words) {
    if (name.startsWith(word)) total += 8;
    else if (name.includes(word)) total += 5;
    else if (aliases.includes(word)) total += 3;
    else if (rest.includes(word)) total += 1;
    else return 0;
  }
  return name === words.join(' ') ? total + 100 : total;
}

export function searchTypes(types: TypeDescription[], query: string, category: string | null): TypeDescription[] {
  const inCategory = category ? types.filter((t) => t.category === category) : types;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return inCategory;
  return inCategory
    .map((type) => ({ type, score: score(type, words) }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.type.name.localeCompare(b.type.name))
    .map((hit) => hit.type);
}

export function categoriesOf(types: TypeDescription[]): string[] {
  return [...new Set(types.map((t) => t.category))];
}

/** An example value as one short line. */
export function exampleText(example: unknown): string {
  const text = typeof example === 'string' ? example : (JSON.stringify(example) ?? '');
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
