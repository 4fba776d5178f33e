/** `npm run docs`: rewrites docs/types.md from the registry. */
import { writeFileSync } from 'node:fs';
import { renderTypesMarkdown } from './types-markdown.js';

const target = new URL('../../../../docs/types.md', import.meta.url);
writeFileSync(target, renderTypesMarkdown());
process.stdout.write(`wrote ${target.pathname}\n`);
