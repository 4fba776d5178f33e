import { randomInt } from 'node:crypto';
import { seedKey } from '../random/counter-random.js';

export type Seed = string | number;

/** The seed actually used: the one given, or a fresh one that is reported so the output can be reproduced. */
export function resolveSeed(seed: Seed | undefined | null): { seed: Seed; key: number } {
  const chosen: Seed = seed === undefined || seed === null || seed === '' ? randomInt(1, 2 ** 31 - 1) : seed;
  return { seed: chosen, key: seedKey(chosen) };
}
