import { randomInt } from 'node:crypto';
import { combineKeys, seedKey } from '../random/counter-random.js';

export type Seed = string | number;

/** The seed actually used: the one given, or a fresh one that is reported so the output can be reproduced. */
export function resolveSeed(seed: Seed | undefined | null): { seed: Seed; key: number } {
  const chosen: Seed = seed === undefined || seed === null || seed === '' ? randomInt(1, 2 ** 31 - 1) : seed;
  return { seed: chosen, key: seedKey(chosen) };
}

/**
 * The generation's UUID (formulas' data_generation_uuid), in RFC 4122 version 4 form, derived
 * from the seed so a reproduced run reproduces it too.
 */
export function generationUuid(key: number): string {
  const words = [1, 2, 3, 4].map((i) => combineKeys(key, i).toString(16).padStart(8, '0'));
  const hex = words.join('');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
