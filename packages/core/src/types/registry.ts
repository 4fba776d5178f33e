/**
 * The one registry of types: every module's definitions, looked up by API name or alias
 * (case-insensitively, since hand-written schemas vary). Adding a type means adding it to its
 * category module; nothing else lists types.
 */
import type { TypeDefinition } from '../kernel/define-type.js';
import { structuralTypes } from './structural-types.js';
import { referenceTypes } from './reference-type.js';
import { uniqueKeyTypes } from './unique-key-type.js';
import { personTypes } from './person-types.js';
import { placeTypes } from './place-types.js';
import { numberTypes } from './number-types.js';
import { distributionTypes } from './distribution-types.js';
import { textTypes } from './text-types.js';
import { sequenceTypes } from './sequence-types.js';
import { dateTypes } from './date-types.js';
import { formulaTypes } from './formula-types.js';
import { datasetTypes } from './dataset-types.js';
import { scenarioTypes } from './scenario-types.js';
import { regexTypes } from './regex-types.js';
import { carTypes } from './car-types.js';
import { healthTypes } from './health-types.js';
import { stockTypes } from './stock-types.js';
import { natureTypes } from './nature-types.js';
import { movieTypes } from './movie-types.js';
import { identifierTypes } from './identifier-types.js';
import { financeTypes } from './finance-types.js';
import { cryptoTypes } from './crypto-types.js';
import { colorTypes } from './color-types.js';
import { networkTypes } from './network-types.js';
import { webTypes } from './web-types.js';
import { fileTypes } from './file-types.js';
import { appTypes } from './app-types.js';
import { phoneTypes } from './phone-types.js';
import { imageTypes } from './image-types.js';
import { chineseNameTypes } from './chinese-name-types.js';
import { companyTypes } from './company-types.js';
import { streetTypes } from './street-types.js';
import { miscListTypes } from './misc-list-types.js';
import { ulidTypes } from './ulid-types.js';
import { medicareTypes } from './medicare-types.js';
import { passwordHashTypes } from './password-hash-types.js';
import { addressLineTypes } from './address-line-types.js';
import { tezosTypes } from './tezos-types.js';
import { ethereumTypes } from './ethereum-types.js';
import { genderTypes } from './gender-types.js';
import { languageCodeTypes } from './language-code-types.js';
import { constructionTypes } from './construction-types.js';
import { productTypes } from './product-types.js';
import { mobileDeviceTypes } from './mobile-device-types.js';
import { hcpcsTypes } from './hcpcs-types.js';
import { airportTypes } from './airport-types.js';
import { flightTypes } from './flight-types.js';
import { bankTypes } from './bank-types.js';
import { hospitalTypes } from './hospital-types.js';

export const ALL_TYPES: readonly TypeDefinition[] = [
  ...structuralTypes,
  ...referenceTypes,
  ...uniqueKeyTypes,
  ...numberTypes,
  ...dateTypes,
  ...formulaTypes,
  ...distributionTypes,
  ...datasetTypes,
  ...scenarioTypes,
  ...regexTypes,
  ...textTypes,
  ...sequenceTypes,
  ...personTypes,
  ...placeTypes,
  ...carTypes,
  ...healthTypes,
  ...stockTypes,
  ...natureTypes,
  ...movieTypes,
  ...identifierTypes,
  ...financeTypes,
  ...cryptoTypes,
  ...colorTypes,
  ...networkTypes,
  ...webTypes,
  ...fileTypes,
  ...appTypes,
  ...phoneTypes,
  ...imageTypes,
  ...chineseNameTypes,
  ...companyTypes,
  ...streetTypes,
  ...miscListTypes,
  ...ulidTypes,
  ...medicareTypes,
  ...passwordHashTypes,
  ...addressLineTypes,
  ...tezosTypes,
  ...ethereumTypes,
  ...genderTypes,
  ...languageCodeTypes,
  ...constructionTypes,
  ...productTypes,
  ...mobileDeviceTypes,
  ...hcpcsTypes,
  ...airportTypes,
  ...flightTypes,
  ...bankTypes,
  ...hospitalTypes,
];

const byName = new Map<string, TypeDefinition>();
for (const definition of ALL_TYPES) {
  for (const name of [definition.name, ...(definition.aliases ?? [])]) {
    const key = name.toLowerCase();
    if (byName.has(key)) throw new Error(`type name "${name}" is registered twice`);
    byName.set(key, definition);
  }
}

export function findType(name: string): TypeDefinition | undefined {
  return byName.get(name.trim().toLowerCase());
}

/** Every accepted name (display names and aliases), for suggestions. */
export function typeNames(): string[] {
  return [...byName.values()]
    .flatMap((d) => [d.name, ...(d.aliases ?? [])])
    .filter((n, i, all) => all.indexOf(n) === i);
}

/**
 * Mockaroo's catalogue by name. A name here that no registered type has yet gets a message
 * saying it is not available yet rather than "unknown type" (catalogue.test.ts checks none is left).
 */
const PLANNED_NAMES: readonly string[] = [
  'Scenario',
  'Animal Common Name',
  'Animal Scientific Name',
  'App Bundle ID',
  'App Name',
  'App Version',
  'Avatar',
  'Base64 Image URL',
  'Bitcoin Address',
  'Buzzword',
  'Car Make',
  'Car Model',
  'Car Model Year',
  'Car VIN',
  'Catch Phrase',
  'Color',
  'Company Name',
  'Country',
  'Country Code',
  'Credit Card #',
  'Credit Card Type',
  'Currency',
  'Currency Code',
  'Department (Corporate)',
  'Department (Retail)',
  'Domain Name',
  'Drug Company',
  'Drug Name (Brand)',
  'Drug Name (Generic)',
  'DUNS Number',
  'EIN',
  'Encrypt',
  'Fake Company Name',
  'Family Name (Chinese)',
  'FDA NDC Code',
  'File Name',
  'First Name (European)',
  'First Name (Female)',
  'First Name (Male)',
  'Frequency',
  'Gender (abbrev)',
  'Given Name (Chinese)',
  'Hex Color',
  'IBAN',
  'ICD10 Diagnosis Code',
  'ICD10 Dx Desc (Long)',
  'ICD10 Dx Desc (Short)',
  'ICD10 Proc Desc (Long)',
  'ICD10 Proc Desc (Short)',
  'ICD10 Procedure Code',
  'ICD9 Diagnosis Code',
  'ICD9 Dx Desc (Long)',
  'ICD9 Dx Desc (Short)',
  'ICD9 Proc Desc (Long)',
  'ICD9 Proc Desc (Short)',
  'ICD9 Procedure Code',
  'IP Address v4 CIDR',
  'IP Address v6',
  'IP Address v6 CIDR',
  'ISBN',
  'Job Title',
  'Language',
  'Latitude',
  'Professional-Network Skill',
  'LinkedIn Skill',
  'Longitude',
  'MAC Address',
  'MD5',
  'MIME Type',
  'Document-DB ObjectID',
  'MongoDB ObjectID',
  'Movie Genres',
  'Movie Title',
  'Naughty String',
  'NHS Number',
  'Password',
  'Phone',
  'Plant Common Name',
  'Plant Family',
  'Plant Scientific Name',
  'Postal Code',
  'Product (Grocery)',
  'Race',
  'SHA1',
  'SHA256',
  'Shirt Size',
  'Short Hex Color',
  'Slogan',
  'SSN',
  'State',
  'State (abbrev)',
  'Stock Industry',
  'Stock Market',
  'Stock Market Cap',
  'Stock Name',
  'Stock Sector',
  'Stock Symbol',
  'Street Address',
  'Street Name',
  'Street Number',
  'Street Suffix',
  'Suffix',
  'Time Zone',
  'Title',
  'Top Level Domain',
  'University',
  'URL',
  'User Agent',
  'Dummy Image URL',
];

/** The planned names not registered yet (a name moves out of this list by being implemented). */
export const PLANNED_TYPES: readonly string[] = PLANNED_NAMES.filter((name) => !byName.has(name.toLowerCase()));
