/**
 * Which of faker's English word lists Rowloom reads (the `EN` of faker-en.ts). `npm run build`
 * copies just these out of the installed @faker-js/faker (scripts/pick-faker-en.mjs), 68 KB of
 * JSON that a thread reads in about a millisecond, where importing faker's English locale cost
 * each process and worker thread 30-65 ms. A type that needs another list adds it here.
 */
import type { LocaleDefinition } from '@faker-js/faker';

/** Sections and, where not the whole section, the lists within it. */
export const FAKER_EN_LISTS: Readonly<Record<string, readonly string[] | 'all'>> = {
  person: ['first_name', 'last_name', 'suffix', 'gender'],
  location: ['street_suffix', 'street_name'],
  lorem: ['word'],
  color: ['human'],
  system: ['mime_type'],
  app: ['name', 'version'],
  company: 'all',
  commerce: ['department'],
};

/** The lists of FAKER_EN_LISTS out of faker's raw English definitions. */
export function pickFakerEn(definitions: LocaleDefinition): LocaleDefinition {
  const picked: Record<string, unknown> = {};
  for (const [section, lists] of Object.entries(FAKER_EN_LISTS)) {
    const source = (definitions as Record<string, Record<string, unknown> | undefined>)[section];
    if (source === undefined) throw new Error(`@faker-js/faker's English locale has no ${section}`);
    if (lists === 'all') {
      picked[section] = source;
      continue;
    }
    const part: Record<string, unknown> = {};
    for (const list of lists) {
      if (source[list] === undefined) throw new Error(`@faker-js/faker's English locale has no ${section}.${list}`);
      part[list] = source[list];
    }
    picked[section] = part;
  }
  return picked as LocaleDefinition;
}
