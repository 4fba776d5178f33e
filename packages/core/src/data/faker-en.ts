/**
 * faker's English locale data, used as raw word lists (never faker's per-call methods, which
 * cost microseconds each): only the lists faker-en-words.ts names, as `npm run build` copied
 * them out of the installed @faker-js/faker into dist/tables/faker-en.json. Importing faker's
 * English locale itself cost every process and worker thread 30-65 ms (docs/performance.md,
 * "Worker start-up"); other locales are still loaded from faker, on first use
 * (faker-locale.ts).
 */
import { readFileSync } from 'node:fs';
import type { LocaleDefinition } from '@faker-js/faker';

/** Beside the bundles: dist/tables/ (this module is in dist/data/, the bundles in dist/bundles/). */
export const FAKER_EN_PATH = new URL('../tables/faker-en.json', import.meta.url);

function readFakerEn(): LocaleDefinition {
  try {
    return JSON.parse(readFileSync(FAKER_EN_PATH, 'utf8')) as LocaleDefinition;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(
      `faker's English word lists ${FAKER_EN_PATH.pathname} are missing: run \`npm run build\` (or \`npm run build:dist -w @rowloom/core\` after tsc)`,
    );
  }
}

export const EN: LocaleDefinition = readFakerEn();
