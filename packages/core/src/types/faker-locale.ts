/**
 * faker's raw data for locales other than English, loaded on first use only. Each per-locale
 * entry point costs a few milliseconds to load (all the EU first-name locales together ~110 ms
 * and ~10 MB), so importing them at module level would charge every process and worker thread
 * for types most schemas never use. A type's `create` is synchronous, hence `require` of the
 * ES module (supported by Node >= 20.19, which faker itself requires) rather than `import()`.
 */
import { createRequire } from 'node:module';
import type { LocaleDefinition } from '@faker-js/faker';

const requireModule = createRequire(import.meta.url);
const loaded = new Map<string, LocaleDefinition>();

/**
 * The definitions of one faker locale, e.g. 'de' or 'zh_CN', read once per process. faker merges
 * each locale over English, so a list the locale lacks is English's: callers that need the
 * locale's own data compare against `fakerLocale('en')` (same objects) to tell; faker-en.ts's
 * `EN` is a copy of some of English's lists, not faker's objects.
 */
export function fakerLocale(code: string): LocaleDefinition {
  let definitions = loaded.get(code);
  if (definitions === undefined) {
    if (!/^[a-z]{2,3}(_[A-Za-z]+)*$/.test(code)) throw new Error(`not a faker locale code: ${code}`);
    const module = requireModule(`@faker-js/faker/locale/${code}`) as { faker: { rawDefinitions: LocaleDefinition } };
    definitions = module.faker.rawDefinitions;
    loaded.set(code, definitions);
  }
  return definitions;
}
