/**
 * The place tables as `npm run build` stores them (scripts/pack-places.mjs): PlaceColumns and
 * the alias table of the unrestricted place sampler, in V8's serialization format, which reads
 * the typed columns as views of the file's bytes. Reading it costs a few ms where parsing the
 * JSON files, joining their columns and building the sampler cost every process and every
 * worker thread 60-100 ms (docs/performance.md, "Worker start-up").
 */
import { readFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import type { PlaceColumns } from './place-columns.js';

/** Beside the bundles: dist/tables/ (this module is in dist/places/, the bundles in dist/bundles/). */
const PACK = new URL('../tables/places.v8', import.meta.url);
/** Bumped whenever PlacePack's shape changes, so an old file is refused instead of misread. */
const FORMAT = 4;

export interface PlacePack {
  columns: PlaceColumns;
  /** weightedSampler's table over every place, in place order (see weighted-sampler.ts). */
  alias: Int32Array;
  /**
   * Every place's town name (place-columns.ts, cityNames) as UTF-8, for City's byte form
   * (bytes/encoded-pool.ts): encoding 62,000 names cost each thread about 20 ms.
   */
  cityBytes: { bytes: Uint8Array; starts: Uint32Array };
}

export function encodePlacePack(pack: PlacePack): Buffer {
  return serialize({ format: FORMAT, ...pack });
}

export function decodePlacePack(bytes: Buffer): PlacePack {
  const value = deserialize(bytes) as PlacePack & { format: number };
  if (value.format !== FORMAT)
    throw new Error(`${PACK.pathname} has format ${value.format}, not ${FORMAT}: run \`npm run build\``);
  return { columns: value.columns, alias: value.alias, cityBytes: value.cityBytes };
}

/** The path the build writes the pack to. */
export const PLACE_PACK_PATH = PACK;

let packRead = false;

/** Whether this thread has read the pack: compiling a schema must not (types/place-loading.test.ts). */
export function isPlacePackRead(): boolean {
  return packRead;
}

/** Reads the built pack; throws, saying how to make it, when the build has not. */
export function readPlacePack(): PlacePack {
  let bytes: Buffer;
  packRead = true;
  try {
    bytes = readFileSync(PACK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(
      `the place tables ${PACK.pathname} are missing: run \`npm run build\` (or \`npm run build:dist -w @rowloom/core\` after tsc)`,
    );
  }
  return decodePlacePack(bytes);
}
