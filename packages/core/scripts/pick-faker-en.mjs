/**
 * Writes dist/tables/faker-en.json: the English word lists Rowloom reads
 * (src/data/faker-en-words.ts), copied out of the installed @faker-js/faker. Part of
 * `npm run build`, after `tsc -b`. Why: importing faker's English locale cost each process and
 * worker thread 30-65 ms; reading these lists costs about one (docs/performance.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { faker } from '@faker-js/faker/locale/en';

const tables = new URL('../dist/tables/', import.meta.url);
const { pickFakerEn } = await import(new URL('../dist/data/faker-en-words.js', import.meta.url).href);
mkdirSync(tables, { recursive: true });
writeFileSync(new URL('faker-en.json', tables), JSON.stringify(pickFakerEn(faker.rawDefinitions)));
