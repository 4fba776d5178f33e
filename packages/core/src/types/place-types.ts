/**
 * Places. For now City is a plain list of real US city names (faker's en locale data); the
 * place family (city, state, ZIP, coordinates, time zone from one record) comes later.
 */
import { EN } from '../data/faker-en.js';
import { charactersOf } from './characters.js';
import { defineType, type TypeDefinition } from './define-type.js';

const CITY_NAMES = EN.location!.city_name!;
const CITY_CHARACTERS = charactersOf(CITY_NAMES);

export const placeTypes: TypeDefinition[] = [
  defineType({
    name: 'City',
    category: 'Location',
    description: 'A real city name.',
    params: [],
    output: 'string',
    create: (_params, context) => {
      context.declareCharacters(CITY_CHARACTERS);
      return (random) => CITY_NAMES[random.below(CITY_NAMES.length)];
    },
  }),
];
