/**
 * The person family: Gender, First Name, Last Name, Full Name, Email Address and Username of
 * one row all describe one person, drawn once per row. First names match the gender; email
 * and username are built from the names and the row number, like `ecolcutt0@upenn.edu`.
 */
import { EN } from '../data/faker-en.js';
import { EMAIL_DOMAINS } from '../data/email-domains.js';
import type { CounterRandom } from '../random/counter-random.js';
import { charactersOf, DIGITS } from './characters.js';
import { defineType, type FamilyDefinition, type TypeDefinition } from './define-type.js';

/** Gender values and their shares, per mille (as in the established product's output). */
const GENDERS: readonly (readonly [string, number])[] = [
  ['Male', 480],
  ['Female', 478],
  ['Agender', 7],
  ['Bigender', 7],
  ['Genderfluid', 7],
  ['Genderqueer', 7],
  ['Non-binary', 7],
  ['Polygender', 7],
];
const GENDER_TOTAL = GENDERS.reduce((sum, [, weight]) => sum + weight, 0);
const MALE = 0;
const FEMALE = 1;

const FEMALE_NAMES = EN.person!.first_name!.female!;
const MALE_NAMES = EN.person!.first_name!.male!;
const ALL_FIRST_NAMES = [...FEMALE_NAMES, ...MALE_NAMES];
const LAST_NAMES = EN.person!.last_name!.generic!;

/** Lower-case letters and digits only: what survives into an email address or username. */
const emailPart = (name: string) => name.normalize('NFD').toLowerCase().replace(/[^a-z0-9]/g, '');
const FEMALE_INITIALS = FEMALE_NAMES.map((n) => emailPart(n).charAt(0));
const MALE_INITIALS = MALE_NAMES.map((n) => emailPart(n).charAt(0));
const ALL_INITIALS = [...FEMALE_INITIALS, ...MALE_INITIALS];
const LAST_EMAIL_PARTS = LAST_NAMES.map(emailPart);

export interface Person {
  gender: string;
  firstName: string;
  lastName: string;
  /** Lower-case initial and last name as they appear in email and username ("e", "colcutt"). */
  initial: string;
  lastPart: string;
}

function drawGender(random: CounterRandom): number {
  let ticket = random.below(GENDER_TOTAL);
  for (let i = 0; i < GENDERS.length; i++) {
    ticket -= GENDERS[i][1];
    if (ticket < 0) return i;
  }
  return 0;
}

export const personFamily: FamilyDefinition<Person> = {
  name: 'person',
  draw(random) {
    const gender = drawGender(random);
    const names = gender === MALE ? MALE_NAMES : gender === FEMALE ? FEMALE_NAMES : ALL_FIRST_NAMES;
    const initials = gender === MALE ? MALE_INITIALS : gender === FEMALE ? FEMALE_INITIALS : ALL_INITIALS;
    const first = random.below(names.length);
    const last = random.below(LAST_NAMES.length);
    return {
      gender: GENDERS[gender][0],
      firstName: names[first],
      lastName: LAST_NAMES[last],
      initial: initials[first],
      lastPart: LAST_EMAIL_PARTS[last],
    };
  },
};

function personType(name: string, description: string, characters: string, read: (person: Person) => string): TypeDefinition {
  return defineType({
    name,
    category: 'Person',
    description,
    params: [],
    output: 'string',
    create: (_params, context) => {
      context.declareCharacters(characters);
      return (_random, row) => read(row.family(personFamily));
    },
  });
}

const FIRST_NAME_CHARACTERS = charactersOf(ALL_FIRST_NAMES);
const LAST_NAME_CHARACTERS = charactersOf(LAST_NAMES);
const HANDLE_CHARACTERS = charactersOf(ALL_INITIALS, LAST_EMAIL_PARTS, DIGITS);

const EMAIL_SUFFIXES = EMAIL_DOMAINS.map((domain) => '@' + domain);
const EMAIL_CHARACTERS = charactersOf(HANDLE_CHARACTERS, EMAIL_SUFFIXES);

export const personTypes: TypeDefinition[] = [
  personType('Gender', 'Male, Female, or (about 4% of rows) another gender identity; agrees with the row\'s first name.', charactersOf(GENDERS.map(([g]) => g)), (p) => p.gender),
  personType('First Name', 'A first name that matches the row\'s gender.', FIRST_NAME_CHARACTERS, (p) => p.firstName),
  personType('Last Name', 'A last name.', LAST_NAME_CHARACTERS, (p) => p.lastName),
  personType('Full Name', 'First and last name of the row\'s person.', charactersOf(FIRST_NAME_CHARACTERS, LAST_NAME_CHARACTERS, ' '), (p) => p.firstName + ' ' + p.lastName),
  defineType({
    name: 'Email Address',
    category: 'Person',
    description: 'Initial, last name and row number of the row\'s person at a real-world domain, e.g. ecolcutt0@upenn.edu: unique per row.',
    params: [],
    output: 'string',
    create: (_params, context) => {
      context.declareCharacters(EMAIL_CHARACTERS);
      return (random, row) => {
      const person = row.family(personFamily);
      return person.initial + person.lastPart + row.index + EMAIL_SUFFIXES[random.below(EMAIL_SUFFIXES.length)];
      };
    },
  }),
  defineType({
    name: 'Username',
    category: 'Person',
    description: 'Initial, last name and row number of the row\'s person, e.g. ecolcutt0: unique per row.',
    params: [],
    output: 'string',
    create: (_params, context) => {
      context.declareCharacters(HANDLE_CHARACTERS);
      return (_random, row) => {
        const person = row.family(personFamily);
        return person.initial + person.lastPart + row.index;
      };
    },
  }),
];
