/**
 * Gender (Binary) and Gender (Facebook), the later additions to the Gender types.
 *
 * Gender (Binary) belongs to the person family: it is the sex of the row's first name, so it
 * agrees with First Name, Title and Gender (for the ~96% of rows whose Gender is Male or
 * Female; for the other identities it is the sex of the name list the first name came from).
 * Gender (Facebook) is an independent pick from faker's list of 76 gender identities (the
 * custom genders Facebook offered): the list's entries do not map onto the person's gender.
 */
import { EN } from '../data/faker-en.js';
import { charactersOf } from '../kernel/characters.js';
import { defineType, type TypeDefinition } from '../kernel/define-type.js';
import { listType } from './list-type.js';
import { personFamily } from './person-types.js';

const BINARY_GENDERS = { male: 'Male', female: 'Female' } as const;

export const genderTypes: TypeDefinition[] = [
  defineType({
    name: 'Gender (Binary)',
    category: 'Person',
    description:
      "Male or Female: the sex of the row's first name, so it agrees with First Name, Title and (for male and female rows) Gender.",
    params: [],
    output: 'string',
    smallValues: true,
    family: personFamily.name,
    create: (_params, context) => {
      context.declareCharacters(charactersOf(Object.values(BINARY_GENDERS)));
      return (_random, row) => BINARY_GENDERS[row.family(personFamily).firstNameSex];
    },
  }),
  listType({
    name: 'Gender (Facebook)',
    category: 'Person',
    description:
      "One of 76 gender identities (Agender, Cis woman, Genderqueer, Two-spirit...), independent of the row's person.",
    values: () => {
      const genders = EN.person?.gender ?? [];
      if (genders.length === 0)
        throw new Error('@faker-js/faker EN.person.gender is missing: Gender (Facebook) reads it');
      return genders;
    },
  }),
];
