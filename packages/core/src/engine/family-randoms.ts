import { CounterRandom, combineKeys, hashString } from '../random/counter-random.js';

/** One CounterRandom per family for a run, keyed by the seed and the family's name. */
export class FamilyRandoms {
  private readonly randoms = new Map<string, CounterRandom>();

  constructor(private readonly seed: number) {}

  get(familyName: string): CounterRandom {
    let random = this.randoms.get(familyName);
    if (!random) {
      random = new CounterRandom(combineKeys(this.seed, hashString('family:' + familyName)));
      this.randoms.set(familyName, random);
    }
    return random;
  }
}
