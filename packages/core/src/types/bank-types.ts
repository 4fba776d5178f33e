/**
 * The bank family: the Bank fields of one row describe one bank of banks.json (real names and
 * head offices in the US and 30-odd other countries). Its identifiers are invented but valid
 * (see NOTICE): an ABA routing number, a SWIFT BIC of the bank's own country, an LEI with
 * ISO 7064 check digits and a RIAD-style code.
 */
import { readDataFile } from '../data/data-files.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { recordFamily, recordField, type RecordFieldSpec } from './record-family.js';

export interface BankRecord {
  name: string;
  street: string;
  city: string;
  /** The state, province or region, such as New York or Hesse. */
  state: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  routingNumber: string;
  bic: string;
  lei: string;
  riad: string;
}

type BankRow = [string, string, string, string, string, string, string, string, string];

export function readBanks(): BankRecord[] {
  return readDataFile<{ rows: BankRow[] }>('banks.json').rows.map(
    ([name, street, city, state, country, routingNumber, bic, lei, riad]) => ({
      name,
      street,
      city,
      state,
      country,
      routingNumber,
      bic,
      lei,
      riad,
    }),
  );
}

const banks = recordFamily('bank', readBanks);

function bankField(name: string, description: string, read: RecordFieldSpec<BankRecord>['read']): TypeDefinition {
  return recordField(banks, { name, category: 'Business', description, read });
}

export const bankTypes: TypeDefinition[] = [
  bankField('Bank Name', 'The name of a bank, such as JPMorgan Chase Bank or Deutsche Bank.', (b) => b.name),
  bankField(
    'Bank Street Address',
    "The street address of the row's bank's head office, such as 383 Madison Avenue.",
    (b) => b.street,
  ),
  bankField('Bank City', "The city of the row's bank's head office, such as New York.", (b) => b.city),
  bankField(
    'Bank State',
    "The state, province or region of the row's bank's head office, such as New York or Hesse.",
    (b) => b.state,
  ),
  bankField(
    'Bank Country Code',
    "The ISO 3166 alpha-2 code of the row's bank's country, such as US.",
    (b) => b.country,
  ),
  bankField(
    'Bank Routing Number',
    "A 9-digit ABA routing number for the row's bank, passing the 3-7-1 checksum; invented, not the bank's real one.",
    (b) => b.routingNumber,
  ),
  bankField(
    'Bank SWIFT BIC',
    "A SWIFT BIC (8 or 11 characters) for the row's bank, whose country letters are the bank's country; invented.",
    (b) => b.bic,
  ),
  bankField(
    'Bank LEI',
    "A 20-character Legal Entity Identifier (ISO 17442) for the row's bank, with valid MOD 97-10 check digits; invented.",
    (b) => b.lei,
  ),
  bankField(
    'Bank RIAD Code',
    "A RIAD-style code for the row's bank: its country code and 5 digits, such as DE12345; invented.",
    (b) => b.riad,
  ),
];
