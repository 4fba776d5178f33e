/**
 * Unique Key: values that never repeat within the table, by construction, never by retrying:
 * row i takes position i of a pseudo-random order of the key space (random/permutation.ts),
 * so keys look random yet no two rows share one while the table has no more rows than the
 * space has values (a project's check says so before generating, relations/key-capacity.ts).
 */
import { defineType, type ResolvedParams, type TypeDefinition, type ValueGenerator } from '../kernel/define-type.js';
import type { CounterRandom } from '../random/counter-random.js';
import { MAX_PERMUTATION_SIZE, Permutation } from '../random/permutation.js';

export const UNIQUE_KEY_STYLES = ['number', 'uuid', 'code'] as const;
const HEX = '0123456789abcdef';
/** A UUID's unique part: the permuted row's 52 bits fill its first 13 hex digits; the rest are random. */
const UUID_SPACE = MAX_PERMUTATION_SIZE;

/** How many distinct values a Unique Key with these parameters gives. */
export function uniqueKeySpace(params: ResolvedParams): number {
  if (params.style === 'uuid') return UUID_SPACE;
  if (params.style === 'code') return 10 ** (params.digits as number);
  return (params.max as number) - (params.min as number) + 1;
}

/** Position `rowIndex` of the field's own order of [0, size): the permutation is keyed by the field's randomness. */
function shuffled(size: number): (random: CounterRandom, rowIndex: number) => number {
  let order: Permutation | null = null;
  return (random, rowIndex) => {
    // Keyed by the field's randomness, which is the generation's: a plan a thread keeps for the
    // next generation (another seed) gets that generation's order.
    if (order === null || order.key !== random.key) order = new Permutation(size, random.key);
    return order.at(rowIndex % size);
  };
}

function uuidOf(position: number, random: CounterRandom): string {
  const unique = position.toString(16).padStart(13, '0');
  let rest = '';
  for (let i = 0; i < 4; i++) rest += random.uint32().toString(16).padStart(8, '0');
  const variant = HEX[8 + (parseInt(rest[3], 16) & 3)];
  return `${unique.slice(0, 8)}-${unique.slice(8, 12)}-4${unique[12]}${rest.slice(0, 2)}-${variant}${rest.slice(4, 7)}-${rest.slice(8, 20)}`;
}

function keyGenerator(params: ResolvedParams): ValueGenerator {
  const position = shuffled(uniqueKeySpace(params));
  if (params.style === 'uuid') return (random, row) => uuidOf(position(random, row.rowIndex), random);
  if (params.style === 'code') {
    const prefix = params.prefix as string;
    const digits = params.digits as number;
    return (random, row) => prefix + String(position(random, row.rowIndex)).padStart(digits, '0');
  }
  const min = params.min as number;
  return (random, row) => min + position(random, row.rowIndex);
}

const uniqueKey = defineType({
  name: 'Unique Key',
  category: 'Basic',
  description:
    'A key no two rows share, unique by construction: a shuffled whole number in a range, a UUID, or a code such as CUS-004217. Unique while the table has no more rows than the style has values (a project says so before generating).',
  params: [
    {
      name: 'style',
      kind: 'string',
      default: 'number',
      allowed: UNIQUE_KEY_STYLES,
      description: 'number (min to max), uuid, or code (prefix and digits)',
    },
    {
      name: 'min',
      kind: 'integer',
      default: 1,
      min: -(2 ** 51),
      max: 2 ** 51,
      description: 'number: the smallest key',
    },
    {
      name: 'max',
      kind: 'integer',
      default: 1_000_000,
      min: -(2 ** 51),
      max: 2 ** 51,
      description: 'number: the largest key',
    },
    { name: 'prefix', kind: 'string', default: '', description: 'code: text before the digits, e.g. CUS-' },
    { name: 'digits', kind: 'integer', default: 6, min: 1, max: 15, description: 'code: how many digits' },
  ],
  output: 'integer',
  outputOf: (params) => (params.style === 'number' ? 'integer' : 'string'),
  smallValues: (params) => typeof params.prefix !== 'string' || params.prefix.length <= 64,
  check(params, problem) {
    if ((params.min as number) > (params.max as number))
      problem('min', `min (${params.min as number}) must not exceed max (${params.max as number})`);
    if (typeof params.prefix === 'string' && params.prefix.length > 100)
      problem('prefix', 'use a prefix of at most 100 characters');
  },
  create(params, context) {
    const digits = '-0123456789';
    context.declareCharacters(
      params.style === 'uuid' ? `${HEX}-` : params.style === 'code' ? `${params.prefix as string}${digits}` : digits,
    );
    return keyGenerator(params);
  },
});

export const uniqueKeyTypes: TypeDefinition[] = [uniqueKey];
