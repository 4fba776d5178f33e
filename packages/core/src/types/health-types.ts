/**
 * Health types over curated record files. Five independent families, each one record per row:
 * drugs (drugs.json: brand, generic, company and NDC of one product), and ICD-10 diagnoses,
 * ICD-10 procedures, ICD-9 diagnoses and ICD-9 procedures (code with its own descriptions).
 * Diagnosis and procedure fields of one row do not describe the same case: they are unrelated.
 */
import { readDataFile } from '../data/data-files.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { recordFamily, recordField } from './record-family.js';

export interface DrugRecord {
  ndc: string;
  brand: string;
  generic: string;
  company: string;
}

/** One line of a CMS code set: the code and its short (abbreviated) and long descriptions. */
export interface CodeRecord {
  code: string;
  short: string;
  long: string;
}

const drugs = recordFamily('drug', () => readDataFile<DrugRecord[]>('drugs.json'));

const drugTypes: TypeDefinition[] = [
  recordField(drugs, {
    name: 'Drug Company',
    category: 'Health',
    description: "The company that markets the row's drug, such as Eli Lilly and Company.",
    read: (drug) => drug.company,
  }),
  recordField(drugs, {
    name: 'Drug Name (Brand)',
    category: 'Health',
    description: "The brand name of the row's drug, such as Myrbetriq.",
    read: (drug) => drug.brand,
  }),
  recordField(drugs, {
    name: 'Drug Name (Generic)',
    category: 'Health',
    description: "The generic (non-proprietary) name of the row's drug, such as mirabegron.",
    read: (drug) => drug.generic,
  }),
  recordField(drugs, {
    name: 'FDA NDC Code',
    category: 'Health',
    description: "The FDA National Drug Code of the row's drug, labeler-product-package in 4-4-2, 5-3-2 or 5-4-1 form.",
    read: (drug) => drug.ndc,
  }),
];

interface CodeSetNames {
  /** Family name: keys the family's randomness, keep it stable. */
  family: string;
  file: string;
  code: string;
  long: string;
  short: string;
  /** What the codes classify, with the code-set year the data file follows, for descriptions: "ICD-10-CM (FY2026) diagnosis". */
  what: string;
  example: string;
}

/** The code, long and short description types of one code set, all reading the same record per row. */
function codeSetTypes(names: CodeSetNames): TypeDefinition[] {
  const family = recordFamily(names.family, () => readDataFile<CodeRecord[]>(names.file));
  return [
    recordField(family, {
      name: names.code,
      category: 'Health',
      description: `An ${names.what} code, such as ${names.example}.`,
      read: (record) => record.code,
    }),
    recordField(family, {
      name: names.long,
      category: 'Health',
      description: `The full description of the row's ${names.what} code.`,
      read: (record) => record.long,
    }),
    recordField(family, {
      name: names.short,
      category: 'Health',
      description: `The abbreviated description of the row's ${names.what} code, as abbreviated in the CMS code files.`,
      read: (record) => record.short,
    }),
  ];
}

export const healthTypes: TypeDefinition[] = [
  ...drugTypes,
  ...codeSetTypes({
    family: 'icd10dx',
    file: 'icd10cm.json',
    code: 'ICD10 Diagnosis Code',
    long: 'ICD10 Dx Desc (Long)',
    short: 'ICD10 Dx Desc (Short)',
    what: 'ICD-10-CM (FY2026) diagnosis',
    example: 'E11.9',
  }),
  ...codeSetTypes({
    family: 'icd10px',
    file: 'icd10pcs.json',
    code: 'ICD10 Procedure Code',
    long: 'ICD10 Proc Desc (Long)',
    short: 'ICD10 Proc Desc (Short)',
    what: 'ICD-10-PCS (FY2026) procedure',
    example: '0DTJ4ZZ',
  }),
  ...codeSetTypes({
    family: 'icd9dx',
    file: 'icd9dx.json',
    code: 'ICD9 Diagnosis Code',
    long: 'ICD9 Dx Desc (Long)',
    short: 'ICD9 Dx Desc (Short)',
    what: 'ICD-9-CM (version 32) diagnosis',
    example: '250.00',
  }),
  ...codeSetTypes({
    family: 'icd9px',
    file: 'icd9px.json',
    code: 'ICD9 Procedure Code',
    long: 'ICD9 Proc Desc (Long)',
    short: 'ICD9 Proc Desc (Short)',
    what: 'ICD-9-CM (version 32) procedure',
    example: '47.09',
  }),
];
