import { CounterRandom, combineKeys, hashString } from '../random/counter-random.js';

/**
 * One CounterRandom per family record for a run, keyed by the seed and the family's name; a
 * second, third... record of a family in one row (FieldPlan.familyInstance) adds its instance
 * to the key, so the first record draws exactly as it always has.
 */
export class FamilyRandoms {
  private readonly randoms = new Map<string, CounterRandom>();

  constructor(private readonly seed: number) {}

  get(familyName: string, instance = 0): CounterRandom {
    const cacheKey = instance === 0 ? familyName : familyName + '\u0000' + instance;
    let random = this.randoms.get(cacheKey);
    if (!random) {
      const familyKey = combineKeys(this.seed, hashString('family:' + familyName));
      random = new CounterRandom(instance === 0 ? familyKey : combineKeys(familyKey, instance));
      this.randoms.set(cacheKey, random);
    }
    return random;
  }
}
