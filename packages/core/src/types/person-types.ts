/**
 * The person family: Gender, Gender (abbrev), Title, First Name (and its Male, Female and
 * European variants), Last Name, Full Name, Email Address and Username of one row all describe
 * one person, drawn once per row. First names and titles match the gender; email and username
 * are built from the names and the row number, like `ecolcutt0@upenn.edu`.
 */
import { EN } from '../data/faker-en.js';
import { EMAIL_DOMAINS } from '../data/email-domains.js';
import type { CounterRandom } from '../random/counter-random.js';
import { charactersOf, DIGITS } from '../kernel/characters.js';
import {
  defineType,
  type FamilyDefinition,
  type RowState,
  type TypeDefinition,
  type ValueGenerator,
} from '../kernel/define-type.js';
import { europeanFirstNames } from './european-first-names.js';
import { listType } from './list-type.js';
import { plainType } from './plain-type.js';
import { integerText } from '../kernel/integer-text.js';
import { derivedData } from '../data/data-files.js';
import { withBytes, type ByteEmitter } from '../bytes/byte-forms.js';
import { writeByte, writeDigits, type ByteOut } from '../bytes/byte-out.js';
import { EncodedPool, writePooled } from '../bytes/encoded-pool.js';

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
const emailPart = (name: string) =>
  name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
const FEMALE_INITIALS = FEMALE_NAMES.map((n) => emailPart(n).charAt(0));
const MALE_INITIALS = MALE_NAMES.map((n) => emailPart(n).charAt(0));
const ALL_INITIALS = [...FEMALE_INITIALS, ...MALE_INITIALS];
const LAST_EMAIL_PARTS = LAST_NAMES.map(emailPart);

/** Which of the binary name and title lists a gender uses; 'other' for the non-binary ones. */
export type GenderGroup = 'male' | 'female' | 'other';

export interface Person {
  gender: string;
  group: GenderGroup;
  firstName: string;
  /** The list the first name came from (for the other genders: either, by the draw). */
  firstNameSex: 'male' | 'female';
  lastName: string;
  /** Lower-case initial and last name as they appear in email and username ("e", "colcutt"). */
  initial: string;
  lastPart: string;
  /** Where the names sit in the encoded pools below (bytes/encoded-pool.ts), for the byte forms. */
  genderAt: number;
  /** Index into ALL_FIRST_NAMES (and ALL_INITIALS). */
  firstAt: number;
  /** Index into LAST_NAMES (and LAST_EMAIL_PARTS). */
  lastAt: number;
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
      group: gender === MALE ? 'male' : gender === FEMALE ? 'female' : 'other',
      firstName: names[first],
      // ALL_FIRST_NAMES is the female list followed by the male one.
      firstNameSex:
        gender === MALE ? 'male' : gender === FEMALE ? 'female' : first < FEMALE_NAMES.length ? 'female' : 'male',
      lastName: LAST_NAMES[last],
      initial: initials[first],
      lastPart: LAST_EMAIL_PARTS[last],
      genderAt: gender,
      // ALL_FIRST_NAMES is the female list followed by the male one.
      firstAt: gender === MALE ? FEMALE_NAMES.length + first : first,
      lastAt: last,
    };
  },
};

/**
 * `generate` is written out at each call (its own function literal), not wrapped around a shared
 * reader: a shared wrapper would make one call site serve every person type, which V8 cannot
 * inline, and each of a row's person fields would pay that extra call.
 */
function personType(
  name: string,
  description: string,
  characters: string,
  generate: ValueGenerator,
  bytes?: (pools: PersonPools) => ByteEmitter,
): TypeDefinition {
  return plainType({
    name,
    category: 'Person',
    family: personFamily.name,
    description,
    characters: () => characters,
    generator: () => (bytes ? withBytes(generate, bytes(POOLS())) : generate),
    smallValues: true,
  });
}

const FIRST_NAME_CHARACTERS = charactersOf(ALL_FIRST_NAMES);
const LAST_NAME_CHARACTERS = charactersOf(LAST_NAMES);
const HANDLE_CHARACTERS = charactersOf(ALL_INITIALS, LAST_EMAIL_PARTS, DIGITS);

const EMAIL_SUFFIXES = EMAIL_DOMAINS.map((domain) => '@' + domain);

/** The person's texts encoded once, for the byte forms (bytes/byte-forms.ts). */
const POOLS = derivedData(() => ({
  genders: EncodedPool.of(GENDERS.map(([gender]) => gender)),
  firstNames: EncodedPool.of(ALL_FIRST_NAMES),
  initials: EncodedPool.of(ALL_INITIALS),
  lastNames: EncodedPool.of(LAST_NAMES),
  lastParts: EncodedPool.of(LAST_EMAIL_PARTS),
  emailSuffixes: EncodedPool.of(EMAIL_SUFFIXES),
}));
type PersonPools = ReturnType<typeof POOLS>;
const EMAIL_CHARACTERS = charactersOf(HANDLE_CHARACTERS, EMAIL_SUFFIXES);

const SPACE = 32;

/** An email address's or username's handle as bytes: initial, last name, row number. */
function writeHandle(out: ByteOut, pools: PersonPools, row: RowState): void {
  const person = row.family(personFamily);
  writePooled(out, pools.initials, person.firstAt);
  writePooled(out, pools.lastParts, person.lastAt);
  writeDigits(out, row.index);
}

/**
 * Gender (abbrev): M and F for the binary genders; the other identities share X, the neutral
 * marker passports and ID cards use (ICAO 9303), rather than a letter per identity nobody reads.
 */
const GENDER_ABBREVIATIONS: Readonly<Record<GenderGroup, string>> = { male: 'M', female: 'F', other: 'X' };

/**
 * Titles by gender group, weights in percent. Written without full stops (Mr, not faker's Mr.),
 * like Suffix. Mx is the neutral honorific; Dr, Rev and Honorable go with any gender.
 */
const TITLE_WEIGHTS: Readonly<Record<GenderGroup, readonly (readonly [string, number])[]>> = {
  male: [
    ['Mr', 86],
    ['Dr', 10],
    ['Rev', 2],
    ['Honorable', 2],
  ],
  female: [
    ['Mrs', 40],
    ['Ms', 36],
    ['Miss', 10],
    ['Dr', 10],
    ['Rev', 2],
    ['Honorable', 2],
  ],
  other: [
    ['Mx', 86],
    ['Dr', 10],
    ['Rev', 2],
    ['Honorable', 2],
  ],
};
/** Each table spelled out one slot per percent, so a row's title is one index. */
const TITLE_SLOTS: Readonly<Record<GenderGroup, readonly string[]>> = {
  male: expandWeights(TITLE_WEIGHTS.male),
  female: expandWeights(TITLE_WEIGHTS.female),
  other: expandWeights(TITLE_WEIGHTS.other),
};

function expandWeights(table: readonly (readonly [string, number])[]): string[] {
  return table.flatMap(([value, weight]) => new Array<string>(weight).fill(value));
}

/**
 * First Name (Male) / (Female): always a name of that sex. When the row's person has a name of
 * that sex it is that name, so Full Name, Email Address and Username agree with it; otherwise
 * (a person of the other sex) the field draws its own name of the sex asked for.
 */
function sexedFirstNameType(sex: 'male' | 'female'): TypeDefinition {
  const names = sex === 'male' ? MALE_NAMES : FEMALE_NAMES;
  const label = sex === 'male' ? 'Male' : 'Female';
  const characters = charactersOf(names);
  return defineType({
    name: `First Name (${label})`,
    category: 'Person',
    family: personFamily.name,
    description: `A ${sex} first name: the row's first name when the row's person has a ${sex} name, otherwise another ${sex} name.`,
    params: [],
    output: 'string',
    smallValues: true,
    create: (_params, context) => {
      context.declareCharacters(characters);
      return (random, row) => {
        const person = row.family(personFamily);
        return person.firstNameSex === sex ? person.firstName : names[random.below(names.length)];
      };
    },
  });
}

const europeanFirstNameType = defineType({
  name: 'First Name (European)',
  category: 'Person',
  family: personFamily.name,
  description:
    "A first name from a European country (German, French, Spanish, Italian, Polish, Czech, Scandinavian...) matching the row's gender.",
  params: [],
  output: 'string',
  smallValues: true,
  create: (_params, context) => {
    // The locales load here, when a schema first uses the type, not when the registry loads.
    const names = europeanFirstNames();
    context.declareCharacters(names.characters);
    return (random, row) => {
      const group = row.family(personFamily).group;
      const locales = group === 'male' ? names.male : group === 'female' ? names.female : names.any;
      const list = locales[random.below(locales.length)];
      return list[random.below(list.length)];
    };
  },
});

const titleType = defineType({
  name: 'Title',
  category: 'Person',
  family: personFamily.name,
  description:
    "A title matching the row's gender: Mr; Mrs, Ms or Miss; Mx for other identities; now and then Dr, Rev or Honorable.",
  params: [],
  output: 'string',
  smallValues: true,
  create: (_params, context) => {
    context.declareCharacters(charactersOf(...Object.values(TITLE_SLOTS)));
    return (random, row) => {
      const slots = TITLE_SLOTS[row.family(personFamily).group];
      return slots[random.below(slots.length)];
    };
  },
});

/** faker's name suffixes as commonly printed: no full stops, and without a lone "I". */
const suffixType = listType({
  name: 'Suffix',
  category: 'Person',
  description: 'A name suffix: Jr, Sr, II, III, IV, V, MD, DDS, PhD or DVM.',
  values: () => EN.person!.suffix!.map((suffix) => suffix.replace(/\.$/, '')).filter((suffix) => suffix !== 'I'),
});

export const personTypes: TypeDefinition[] = [
  personType(
    'Gender',
    "Male, Female, or (about 4% of rows) another gender identity; agrees with the row's first name.",
    charactersOf(GENDERS.map(([g]) => g)),
    (_random, row) => row.family(personFamily).gender,
    (pools) => (_random, row, out) => writePooled(out, pools.genders, row.family(personFamily).genderAt),
  ),
  personType(
    'Gender (abbrev)',
    "M or F for the row's male or female person; X for the other gender identities.",
    'FMX',
    (_random, row) => GENDER_ABBREVIATIONS[row.family(personFamily).group],
  ),
  titleType,
  personType(
    'First Name',
    "A first name that matches the row's gender.",
    FIRST_NAME_CHARACTERS,
    (_random, row) => row.family(personFamily).firstName,
    (pools) => (_random, row, out) => writePooled(out, pools.firstNames, row.family(personFamily).firstAt),
  ),
  sexedFirstNameType('male'),
  sexedFirstNameType('female'),
  europeanFirstNameType,
  personType(
    'Last Name',
    'A last name.',
    LAST_NAME_CHARACTERS,
    (_random, row) => row.family(personFamily).lastName,
    (pools) => (_random, row, out) => writePooled(out, pools.lastNames, row.family(personFamily).lastAt),
  ),
  personType(
    'Full Name',
    "First and last name of the row's person.",
    charactersOf(FIRST_NAME_CHARACTERS, LAST_NAME_CHARACTERS, ' '),
    (_random, row) => {
      const person = row.family(personFamily);
      return person.firstName + ' ' + person.lastName;
    },
    (pools) => (_random, row, out) => {
      const person = row.family(personFamily);
      writePooled(out, pools.firstNames, person.firstAt);
      writeByte(out, SPACE);
      writePooled(out, pools.lastNames, person.lastAt);
    },
  ),
  defineType({
    name: 'Email Address',
    category: 'Person',
    family: personFamily.name,
    description:
      "Initial, last name and row number of the row's person at a real-world domain, e.g. ecolcutt0@upenn.edu: unique per row.",
    params: [],
    output: 'string',
    smallValues: true,
    create: (_params, context) => {
      context.declareCharacters(EMAIL_CHARACTERS);
      const pools = POOLS();
      return withBytes(
        (random, row) => {
          const person = row.family(personFamily);
          return (
            person.initial +
            person.lastPart +
            integerText(row.index) +
            EMAIL_SUFFIXES[random.below(EMAIL_SUFFIXES.length)]
          );
        },
        (random, row, out) => {
          writeHandle(out, pools, row);
          writePooled(out, pools.emailSuffixes, random.below(EMAIL_SUFFIXES.length));
        },
      );
    },
  }),
  defineType({
    name: 'Username',
    category: 'Person',
    family: personFamily.name,
    description: "Initial, last name and row number of the row's person, e.g. ecolcutt0: unique per row.",
    params: [],
    output: 'string',
    smallValues: true,
    create: (_params, context) => {
      context.declareCharacters(HANDLE_CHARACTERS);
      const pools = POOLS();
      return withBytes(
        (_random, row) => {
          const person = row.family(personFamily);
          return person.initial + person.lastPart + integerText(row.index);
        },
        (_random, row, out) => writeHandle(out, pools, row),
      );
    },
  }),
  suffixType,
];
