/**
 * Places. For now City is a plain list of real US city names (faker's en locale data); the
 * place family (city, state, ZIP, coordinates, time zone from one record) comes later.
 */
import { en } from '@faker-js/faker';
import { defineType, type TypeDefinition } from './define-type.js';

const CITY_NAMES = en.location!.city_name!;

export const placeTypes: TypeDefinition[] = [
  defineType({
    name: 'City',
    category: 'Location',
    description: 'A real city name.',
    params: [],
    output: 'string',
    create: () => (random) => CITY_NAMES[random.below(CITY_NAMES.length)],
  }),
];
