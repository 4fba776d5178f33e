/**
 * docs/types.md, rendered from the registry: the reference can never drift from the code
 * (a test compares the committed file with this output; `npm run docs` rewrites it).
 */
import { describeCatalogue, type TypeDescription } from '../catalogue/catalogue.js';

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function example(type: TypeDescription): string {
  const json = JSON.stringify(type.example);
  return json.length > 80 ? json.slice(0, 77) + '...' : json;
}

function parameterLine(p: TypeDescription['parameters'][number]): string {
  const facts = [p.type, p.required ? 'required' : `default ${JSON.stringify(p.default)}`];
  if (p.allowed) facts.push(`one of ${p.allowed.join(', ')}`);
  if (p.min !== undefined || p.max !== undefined) facts.push(`${p.min ?? '…'} to ${p.max ?? '…'}`);
  return `\`${p.name}\` (${facts.join('; ')}): ${p.description}`;
}

export function renderTypesMarkdown(): string {
  const catalogue = describeCatalogue();
  const categories = [...new Set(catalogue.map((t) => t.category))].sort();
  let out = '# Data types\n\nGenerated from the type registry by `npm run docs`; do not edit by hand.\n';
  out += `${catalogue.length} types. Examples are generated with seed 1.\n`;
  for (const category of categories) {
    out += `\n## ${category}\n\n| Type | Parameters | Example |\n|---|---|---|\n`;
    for (const type of catalogue.filter((t) => t.category === category)) {
      const name = `**${type.name}**${type.aliases.length ? ` (also ${type.aliases.join(', ')})` : ''}<br>${type.description}`;
      const params = type.parameters.map(parameterLine).join('<br>') || '—';
      out += `| ${cell(name)} | ${cell(params)} | \`${cell(example(type))}\` |\n`;
    }
  }
  return out;
}
