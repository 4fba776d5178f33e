/**
 * The hospital family: the Hospital fields of one row describe one US hospital of hospitals.json
 * (real names and addresses; the NPIs are invented, with a valid check digit: see NOTICE).
 */
import { readDataFile } from '../data/data-files.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { recordFamily, recordField, type RecordFieldSpec } from './record-family.js';

export interface HospitalRecord {
  name: string;
  street: string;
  city: string;
  /** The state's full name, such as Massachusetts. */
  state: string;
  /** The 5-digit ZIP code. */
  postalCode: string;
  /** 10 digits whose Luhn check digit is computed over the 80840 prefix. */
  npi: string;
}

type HospitalRow = [string, string, string, string, string, string];

export function readHospitals(): HospitalRecord[] {
  return readDataFile<{ rows: HospitalRow[] }>('hospitals.json').rows.map(
    ([name, street, city, state, postalCode, npi]) => ({
      name,
      street,
      city,
      state,
      postalCode,
      npi,
    }),
  );
}

const hospitals = recordFamily('hospital', readHospitals);

function hospitalField(
  name: string,
  description: string,
  read: RecordFieldSpec<HospitalRecord>['read'],
): TypeDefinition {
  return recordField(hospitals, { name, category: 'Health', description, read });
}

export const hospitalTypes: TypeDefinition[] = [
  hospitalField('Hospital Name', 'The name of a US hospital, such as Massachusetts General Hospital.', (h) => h.name),
  hospitalField(
    'Hospital Street Address',
    "The street address of the row's hospital, such as 55 Fruit Street.",
    (h) => h.street,
  ),
  hospitalField('Hospital City', "The city of the row's hospital, such as Boston.", (h) => h.city),
  hospitalField('Hospital State', "The state of the row's hospital, such as Massachusetts.", (h) => h.state),
  hospitalField(
    'Hospital Postal Code',
    "The 5-digit ZIP code of the row's hospital, such as 02114.",
    (h) => h.postalCode,
  ),
  hospitalField(
    'Hospital NPI',
    "A 10-digit National Provider Identifier for the row's hospital, with a valid check digit (Luhn over the 80840 prefix); invented, not the hospital's real NPI.",
    (h) => h.npi,
  ),
];
