/**
 * Chinese names in Hanzi: Family Name (Chinese) and Given Name (Chinese) of one row make one
 * person's name (surname first, as written in Chinese: 王 + 俊杰). They are a family of their
 * own, drawn once per row, and the given name follows the row's gender (the person family):
 * faker zh_CN's male or female given names, its unisex list for the other gender identities.
 */
import { derivedData } from '../data/data-files.js';
import { charactersOf } from '../kernel/characters.js';
import type { FamilyDefinition, TypeDefinition } from '../kernel/define-type.js';
import { fakerLocale } from './faker-locale.js';
import { personFamily } from './person-types.js';
import { plainType } from './plain-type.js';

interface ChineseNameLists {
  readonly familyNames: readonly string[];
  readonly givenNames: {
    readonly male: readonly string[];
    readonly female: readonly string[];
    readonly other: readonly string[];
  };
  readonly familyCharacters: string;
  readonly givenCharacters: string;
}

/** zh_CN loads when a schema first uses one of these types (~10 ms), not with the registry. */
const chineseNames = derivedData((): ChineseNameLists => {
  const person = fakerLocale('zh_CN').person;
  const familyNames = person?.last_name?.generic;
  const given = person?.first_name;
  if (!familyNames?.length || !given?.male?.length || !given.female?.length || !given.generic?.length) {
    throw new Error('faker zh_CN lacks its family or given names');
  }
  return {
    familyNames,
    givenNames: { male: given.male, female: given.female, other: given.generic },
    familyCharacters: charactersOf(familyNames),
    givenCharacters: charactersOf(given.male, given.female, given.generic),
  };
});

interface ChineseName {
  familyName: string;
  givenName: string;
}

export const chineseNameFamily: FamilyDefinition<ChineseName> = {
  name: 'person-zh',
  draw(random, row) {
    const { familyNames, givenNames } = chineseNames();
    const given = givenNames[row.family(personFamily).group];
    return {
      familyName: familyNames[random.below(familyNames.length)],
      givenName: given[random.below(given.length)],
    };
  },
};

function chineseNameType(
  name: string,
  description: string,
  characters: (lists: ChineseNameLists) => string,
  read: (person: ChineseName) => string,
): TypeDefinition {
  return plainType({
    name,
    category: 'Person',
    family: chineseNameFamily.name,
    description,
    characters: () => characters(chineseNames()),
    generator: () => (_random, row) => read(row.family(chineseNameFamily)),
    smallValues: true,
  });
}

export const chineseNameTypes: TypeDefinition[] = [
  chineseNameType(
    'Family Name (Chinese)',
    "A Chinese family name in Hanzi (王, 李, 欧阳...); goes with the row's Given Name (Chinese).",
    (lists) => lists.familyCharacters,
    (p) => p.familyName,
  ),
  chineseNameType(
    'Given Name (Chinese)',
    "A Chinese given name in Hanzi matching the row's gender (俊杰, 婷婷...).",
    (lists) => lists.givenCharacters,
    (p) => p.givenName,
  ),
];
