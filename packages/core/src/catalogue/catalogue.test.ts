import { textFormValue } from '../testing/type-values.js';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SchemaError } from '../schema/errors.js';
import { resolveParams } from '../schema/params.js';
import type { OutputKind, ParamSpec, TypeDefinition } from '../kernel/define-type.js';
import { exampleObjects } from './catalogue.js';
import { ALL_TYPES, findType, PLANNED_TYPES } from '../types/registry.js';

/** Mockaroo's catalogue: every name of the `type` property. */
const SPEC_TYPE_NAMES = [
  'Animal Common Name',
  'Animal Scientific Name',
  'App Bundle ID',
  'App Name',
  'App Version',
  'Base64 Image URL',
  'Binomial Distribution',
  'Bitcoin Address',
  'Blank',
  'Boolean',
  'Buzzword',
  'Car Make',
  'Car Model',
  'Car Model Year',
  'Car VIN',
  'Catch Phrase',
  'City',
  'Color',
  'Company Name',
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
  'Email Address',
  'Encrypt',
  'Fake Company Name',
  'Family Name (Chinese)',
  'FDA NDC Code',
  'File Name',
  'First Name',
  'First Name (European)',
  'First Name (Female)',
  'First Name (Male)',
  'Frequency',
  'Full Name',
  'Gender',
  'Gender (abbrev)',
  'Given Name (Chinese)',
  'GUID',
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
  'IP Address v4',
  'IP Address v4 CIDR',
  'IP Address v6',
  'IP Address v6 CIDR',
  'ISBN',
  'Job Title',
  'Language',
  'Last Name',
  'Latitude',
  'Professional-Network Skill',
  'Longitude',
  'MAC Address',
  'MD5',
  'MIME Type',
  'Document-DB ObjectID',
  'Movie Genres',
  'Movie Title',
  'Naughty String',
  'NHS Number',
  'Password',
  'Plant Common Name',
  'Plant Family',
  'Plant Scientific Name',
  'Postal Code',
  'Product (Grocery)',
  'Race',
  'Row Number',
  'SHA1',
  'SHA256',
  'Shirt Size',
  'Short Hex Color',
  'Slogan',
  'SSN',
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
  'User Agent',
  'Username',
];
/** Mockaroo's parameterised types. */
const SPEC_PARAMETERISED_NAMES = [
  'Avatar',
  'Binomial',
  'Character Sequence',
  'Country',
  'Custom List',
  'Dataset Column',
  'Date',
  'Datetime',
  'Digit Sequence',
  'Dummy Image URL',
  'Exponential Distribution',
  'Formula',
  'Geometric Distribution',
  'JSON Array',
  'Money',
  'My List (deprecated)',
  'Nato Phonetic',
  'Normal Distribution',
  'Number',
  'Paragraphs',
  'Phone',
  'Poisson Distribution',
  'Regular Expression',
  'Repeating Element',
  'SQL Expression',
  'Sentences',
  'Sequence',
  'State',
  'State (abbrev)',
  'Template',
  'Time',
  'URL',
  'Words',
];
/** Branded names saved schemas in the wild use. */
const ALIASES = { 'MongoDB ObjectID': 'Document-DB ObjectID', 'LinkedIn Skill': 'Professional-Network Skill' };

/** Types whose value is the same in every row by design: Blank is null, SQL Expression its `value`. */
const CONSTANT_BY_DESIGN = new Set(['Blank', 'SQL Expression']);
/** Types whose row values depend on how many rows are made: a Scenario's curve spans them all. */
const SPANS_THE_ROW_COUNT = new Set(['Scenario']);

const ROWS = 1_000;
const SEEDS = [1, 'catalogue', 987_654_321];

function hasKind(value: unknown, kind: OutputKind, structural: boolean): boolean {
  if (value === null) return true; // percentBlank and formulas may give null
  if (structural) return Array.isArray(value) || typeof value === 'object';
  switch (kind) {
    case 'string':
    case 'date':
    case 'datetime':
    case 'time':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return false;
    case 'json':
      return true;
  }
}

function valuesOf(
  type: TypeDefinition,
  seed: string | number,
  params: Record<string, unknown> = {},
  count = ROWS,
): unknown[] {
  return exampleObjects(type, params, { count, seed }).map((row) => textFormValue(row.example));
}

/** Parameter values at the edges of what a parameter accepts. */
function edgeValues(param: ParamSpec): unknown[] {
  if (param.allowed) return [...param.allowed];
  if (param.kind === 'boolean') return [true, false];
  if (param.kind === 'integer' || param.kind === 'decimal')
    return [param.min, param.max].filter((v) => v !== undefined);
  return [];
}

describe('the type catalogue', () => {
  test('every type name of the Mockaroo catalogue is available, and the branded aliases too', () => {
    const missing = [...SPEC_TYPE_NAMES, ...SPEC_PARAMETERISED_NAMES].filter((name) => !findType(name));
    assert.deepEqual(missing, []);
    for (const [alias, name] of Object.entries(ALIASES)) assert.equal(findType(alias)?.name, name, alias);
    assert.deepEqual(PLANNED_TYPES, []);
  });

  for (const type of ALL_TYPES) {
    test(`${type.name}: ${ROWS} rows under three seeds, of its kind, reproducible, varied`, () => {
      const structural = type.structure === 'items';
      for (const seed of SEEDS) {
        const values = valuesOf(type, seed);
        assert.equal(values.length, ROWS);
        for (const value of values)
          assert.ok(
            hasKind(value, type.output, structural),
            `${type.name} gave ${JSON.stringify(value)} for output ${type.output}`,
          );
        const again = SPANS_THE_ROW_COUNT.has(type.name) ? valuesOf(type, seed) : valuesOf(type, seed, {}, 50);
        assert.deepEqual(again.slice(0, 50), values.slice(0, 50), 'the same seed gives the same values');
        if (!CONSTANT_BY_DESIGN.has(type.name)) {
          const distinct = new Set(values.map((v) => JSON.stringify(v)));
          assert.ok(distinct.size > 1, `${type.name} gave one value for ${ROWS} rows: ${[...distinct][0]}`);
          assert.ok(
            values.some((v) => v !== null && v !== ''),
            `${type.name} gave only empty values`,
          );
        }
      }
    });

    const edges = type.params.flatMap((param) => edgeValues(param).map((value) => ({ [param.name]: value })));
    if (edges.length > 0) {
      test(`${type.name}: edge parameters either work or are rejected with a clear problem`, () => {
        for (const params of edges) {
          try {
            const values = valuesOf(type, 7, params, 200);
            // Parameters may narrow the output kind (outputOf): a Unique Key's uuid style is text.
            const kind = type.outputOf ? type.outputOf(resolveParams(type.params, params, () => {})) : type.output;
            for (const value of values)
              assert.ok(
                hasKind(value, kind, type.structure === 'items'),
                `${JSON.stringify(params)} gave ${JSON.stringify(value)}`,
              );
          } catch (error) {
            assert.ok(error instanceof SchemaError, `${JSON.stringify(params)} threw ${String(error)}`);
          }
        }
      });
    }
  }
});
