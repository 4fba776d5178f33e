/** `npm run docs`: rewrites docs/types.md and docs/formulas.md from the code's own tables. */
import { writeFileSync } from 'node:fs';
import { renderFormulasMarkdown } from './formulas-markdown.js';
import { renderTypesMarkdown } from './types-markdown.js';

for (const [file, render] of [
  ['types.md', renderTypesMarkdown],
  ['formulas.md', renderFormulasMarkdown],
] as const) {
  const target = new URL(`../../../../docs/${file}`, import.meta.url);
  writeFileSync(target, render());
  process.stdout.write(`wrote ${target.pathname}\n`);
}
