/**
 * Companies and working life: company names (invented brands and faker-style "Lastname LLC"
 * names), corporate buzz (buzzwords, catch phrases, slogans), departments, job titles,
 * professional skills, universities and grocery products. Independent picks: none of these has
 * to agree with another field of the row.
 */
import { EN } from '../data/faker-en.js';
import { readDataFile } from '../data/data-files.js';
import type { CounterRandom } from '../random/counter-random.js';
import { charactersOf } from '../kernel/characters.js';
import { defineType, type TypeDefinition } from '../kernel/define-type.js';
import { listType } from './list-type.js';

const LAST_NAMES = EN.person!.last_name!.generic!;
const COMPANY = EN.company!;
/** faker's legal-entity words (Group, Inc, LLC, and Sons); its typings do not declare the list. */
const LEGAL_ENTITY_TYPES = (COMPANY as { legal_entity_type?: string[] }).legal_entity_type!;
const ADJECTIVES = COMPANY.adjective!;
const DESCRIPTORS = COMPANY.descriptor!;
const NOUNS = COMPANY.noun!;
const BUZZ_VERBS = COMPANY.buzz_verb!;
const BUZZ_ADJECTIVES = COMPANY.buzz_adjective!;
const BUZZ_NOUNS = COMPANY.buzz_noun!;

/** Every word list of faker's company buzz, once each: what a Buzzword is drawn from. */
const BUZZWORDS = [
  ...new Set([...BUZZ_ADJECTIVES, ...BUZZ_NOUNS, ...BUZZ_VERBS, ...ADJECTIVES, ...DESCRIPTORS, ...NOUNS]),
];

/** A list written here: the departments of a company's organisation chart. */
const CORPORATE_DEPARTMENTS = [
  'Accounting',
  'Business Development',
  'Engineering',
  'Human Resources',
  'Legal',
  'Marketing',
  'Product Management',
  'Research and Development',
  'Sales',
  'Services',
  'Support',
  'Training',
];

const pick = (random: CounterRandom, list: readonly string[]) => list[random.below(list.length)];

/**
 * faker's three company-name patterns, equally likely as in faker: "Lastname - Lastname",
 * "Lastname LLC" (Inc, Group, and Sons) and "Lastname, Lastname and Lastname".
 */
function fakeCompanyName(random: CounterRandom): string {
  switch (random.below(3)) {
    case 0:
      return pick(random, LAST_NAMES) + ' - ' + pick(random, LAST_NAMES);
    case 1:
      return pick(random, LAST_NAMES) + ' ' + pick(random, LEGAL_ENTITY_TYPES);
    default:
      return pick(random, LAST_NAMES) + ', ' + pick(random, LAST_NAMES) + ' and ' + pick(random, LAST_NAMES);
  }
}

const fakeCompanyNameType = defineType({
  name: 'Fake Company Name',
  category: 'Business',
  description:
    'A company name made of last names: "Kessler - Runolfsdottir", "Hilll LLC" or "Schmitt, Feil and Jones".',
  params: [],
  output: 'string',
  smallValues: true,
  create: (_params, context) => {
    context.declareCharacters(charactersOf(LAST_NAMES, LEGAL_ENTITY_TYPES, ' -,', 'and'));
    return fakeCompanyName;
  },
});

/** A phrase of one word from each list, in order (catch phrases, slogans). */
function phraseType(name: string, description: string, lists: readonly (readonly string[])[]): TypeDefinition {
  const [first, second, third] = lists;
  return defineType({
    name,
    category: 'Business',
    description,
    params: [],
    output: 'string',
    smallValues: true,
    create: (_params, context) => {
      context.declareCharacters(charactersOf(...lists, ' '));
      return (random) => pick(random, first) + ' ' + pick(random, second) + ' ' + pick(random, third);
    },
  });
}

export const companyTypes: TypeDefinition[] = [
  listType({
    name: 'Company Name',
    category: 'Business',
    description: 'An invented one-word company brand, such as Alderpost or Amberflume.',
    values: () => readDataFile<string[]>('company-names.json'),
  }),
  fakeCompanyNameType,
  listType({
    name: 'Buzzword',
    category: 'Business',
    description: 'A word or short term of corporate buzz: synergy, mission-critical, leverage...',
    values: () => BUZZWORDS,
  }),
  phraseType(
    'Catch Phrase',
    'A company catch phrase of adjective, descriptor and noun, e.g. "Adaptive asymmetric algorithm".',
    [ADJECTIVES, DESCRIPTORS, NOUNS],
  ),
  phraseType('Slogan', 'A buzz phrase of verb, adjective and noun, e.g. "leverage best-of-breed channels".', [
    BUZZ_VERBS,
    BUZZ_ADJECTIVES,
    BUZZ_NOUNS,
  ]),
  listType({
    name: 'Department (Corporate)',
    category: 'Business',
    description: 'A corporate department: Accounting, Engineering, Human Resources, Legal, Marketing, Sales...',
    values: () => CORPORATE_DEPARTMENTS,
  }),
  listType({
    name: 'Department (Retail)',
    category: 'Commerce',
    description: 'A department of a store: Books, Electronics, Garden, Toys...',
    values: () => EN.commerce!.department!,
  }),
  listType({
    name: 'Job Title',
    category: 'Person',
    description: 'A job title, such as Account Executive or Web Designer IV.',
    values: () => readDataFile<string[]>('job-titles.json'),
  }),
  listType({
    name: 'Professional-Network Skill',
    aliases: ['LinkedIn Skill'],
    category: 'Person',
    description: 'A professional skill as listed on a career-network profile, such as SQL or Project Management.',
    values: () => readDataFile<string[]>('skills.json'),
  }),
  listType({
    name: 'University',
    category: 'Person',
    description: 'The name of a real university somewhere in the world.',
    values: () => readDataFile<{ name: string }[]>('universities.json').map((university) => university.name),
  }),
  listType({
    name: 'Product (Grocery)',
    category: 'Products',
    description: 'A grocery product as "Category - Item", e.g. "Apples - Braeburn".',
    values: () => readDataFile<string[]>('grocery.json'),
  }),
];
