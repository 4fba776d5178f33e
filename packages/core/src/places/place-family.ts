/**
 * The place family: City, State, Country, Postal Code, Latitude, Time Zone... of one row all
 * read one place, drawn once per row. A schema's fields share one family object and one set of
 * restrictions (Country's `countries`, State's `onlyUSPlaces`), both kept in the schema's shared
 * values. Fields are created in schema order, so a City may exist before the Country that narrows
 * it: the restrictions are collected while fields are created and turned into a sampler on the
 * first draw, when every field has had its say.
 */
import type { CreateContext, FamilyDefinition } from '../kernel/define-type.js';
import { placeCountries } from './place-countries.js';
import { placeTables } from './place-tables.js';
import { samplerOfTable, weightedSampler, type WeightedSampler } from './weighted-sampler.js';

/** The countries a schema's places may be in: the intersection of every field's restriction. */
export class PlaceRestrictions {
  /** ISO alpha-2 codes; null while nothing restricts the places. */
  private allowed: Set<string> | null = null;
  /** Which fields narrowed the places, for messages. */
  private readonly sources: string[] = [];
  /**
   * Countries the schema would rather have (Postal Code: those with postal codes), applied only
   * where they leave some country: a schema restricted to countries without postal codes keeps them.
   */
  private preferred: Set<string> | null = null;

  /** Prefers places in `codes` (see `preferred`); never an error. */
  prefer(codes: readonly string[]): void {
    this.preferred =
      this.preferred === null ? new Set(codes) : new Set(codes.filter((code) => this.preferred!.has(code)));
  }

  /**
   * Narrows the places to `codes` on behalf of `source` (e.g. `"country" (countries)`). Returns a
   * message when no inhabited country is left, else null.
   */
  narrow(codes: readonly string[], source: string): string | null {
    const before = this.sources.length > 0 ? ` by ${this.sources.join(' and ')}` : '';
    const next = this.allowed === null ? new Set(codes) : new Set(codes.filter((code) => this.allowed!.has(code)));
    this.sources.push(source);
    const countries = placeCountries();
    const inhabited = [...next].some((code) => countries.places[countries.indexOfCode.get(code)!] > 0);
    if (!inhabited) {
      // Leave the restrictions as they were, so the rest of the schema still compiles cleanly.
      this.sources.pop();
      if (next.size === 0) return `no country is left: the places of this schema are already restricted${before}`;
      const names = [...next].map((code) => countries.name[countries.indexOfCode.get(code)!]);
      return `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} no inhabited places in Rowloom's place data; choose another country`;
    }
    this.allowed = next;
    return null;
  }

  /** Sorted allowed codes (with the preference applied), or null for everywhere: the cache key of the sampler. */
  allowedCodes(): string[] | null {
    const allowed = this.allowed === null ? null : [...this.allowed].sort();
    if (this.preferred === null) return allowed;
    const countries = placeCountries();
    const inhabited = (code: string) => countries.places[countries.indexOfCode.get(code) ?? -1] > 0;
    const preferred = (allowed ?? [...this.preferred])
      .filter((code) => this.preferred!.has(code) && inhabited(code))
      .sort();
    return preferred.length > 0 ? preferred : allowed;
  }
}

/** Samplers by restriction, once per process: every schema with the same restrictions shares one. */
const samplers = new Map<string, WeightedSampler>();

function samplerFor(allowed: readonly string[] | null): WeightedSampler {
  const key = allowed === null ? '*' : allowed.join(',');
  let sampler = samplers.get(key);
  if (!sampler) {
    const tables = placeTables();
    const weightOf = (place: number) => tables.weight[place];
    if (allowed === null) {
      // Built with the tables by `npm run build`: weightedSampler over every place, in order.
      sampler = samplerOfTable(tables.alias);
    } else {
      const countries = placeCountries();
      const places = allowed.flatMap((code) => Array.from(tables.placesOfCountry[countries.indexOfCode.get(code)!]));
      sampler = weightedSampler(places, weightOf);
    }
    samplers.set(key, sampler);
  }
  return sampler;
}

/** The schema's place restrictions (shared by all its place fields). */
export function placeRestrictions(context: CreateContext): PlaceRestrictions {
  return context.shared('place-restrictions', () => new PlaceRestrictions());
}

/**
 * The schema's place family: the same object for every place field, so they read one place per
 * row. A row's place is an index into placeTables().
 */
export function placeFamily(context: CreateContext): FamilyDefinition<number> {
  return context.shared('place-family', () => {
    const restrictions = placeRestrictions(context);
    let sampler: WeightedSampler | null = null;
    return {
      name: 'place',
      draw(random) {
        if (sampler === null) sampler = samplerFor(restrictions.allowedCodes());
        return sampler.draw(random);
      },
    };
  });
}
