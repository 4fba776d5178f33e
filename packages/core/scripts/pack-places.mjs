/**
 * Writes dist/tables/places.v8: the place tables joined from data/places-us.json and
 * data/places-world.json into compact columns, with the alias table of the sampler over every
 * place (src/places/place-columns.ts, place-pack.ts). Part of `npm run build`, after `tsc -b`,
 * whose compiled modules it uses, so the tables are built by the same code that reads them.
 * Why: parsing the JSON, joining the columns and building the sampler cost each process and
 * worker thread 60-100 ms; reading this file costs a few (docs/performance.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
const load = (module) => import(new URL(module, dist).href);
const { readDataFile } = await load('data/data-files.js');
const { placeCountries } = await load('places/place-countries.js');
const { derivePlaceColumns, cityNames } = await load('places/place-columns.js');
const { EncodedPool } = await load('bytes/encoded-pool.js');
const { encodePlacePack, PLACE_PACK_PATH } = await load('places/place-pack.js');
const { aliasTable } = await load('places/weighted-sampler.js');

const columns = derivePlaceColumns(readDataFile('places-us.json'), readDataFile('places-world.json'), placeCountries());
// The unrestricted sampler: every place, in place order (place-family.ts).
const alias = aliasTable(
  Int32Array.from({ length: columns.count }, (_, i) => i),
  (place) => columns.weight[place],
);
mkdirSync(new URL('.', PLACE_PACK_PATH), { recursive: true });
// City's byte form reads the names pre-encoded (bytes/encoded-pool.ts).
const { bytes, starts } = EncodedPool.of(cityNames(columns));
writeFileSync(PLACE_PACK_PATH, encodePlacePack({ columns, alias, cityBytes: { bytes, starts } }));
