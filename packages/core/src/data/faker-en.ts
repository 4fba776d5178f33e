/**
 * faker's English locale data, used as raw word lists (never faker's per-call methods, which
 * cost microseconds each). Imported through the per-locale entry point: loading all of faker's
 * locales would cost every process and worker thread ~110 ms and ~30 MB more.
 */
import { faker } from '@faker-js/faker/locale/en';

export const EN = faker.rawDefinitions;
