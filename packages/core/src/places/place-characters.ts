/**
 * Every character the place tables' text columns hold, from a small file that
 * scripts/derive-places.mjs writes with the tables. Place fields declare their characters when a
 * schema is compiled; reading them here, not from the tables, lets a thread that only validates
 * a schema (the main thread of a generation on workers) leave the ~2.6 MB of tables unloaded.
 */
import { readDataFile } from '../data/data-files.js';

export interface PlaceCharacters {
  city: string;
  state: string;
  abbreviation: string;
  timeZone: string;
}

export function placeCharacters(): PlaceCharacters {
  return readDataFile<PlaceCharacters>('places-characters.json');
}
