/**
 * The HCPCS family: HCPCS Code and HCPCS Name of one row are one HCPCS Level II record of
 * data/hcpcs.json (CMS's codes for supplies, equipment, drugs and services outside CPT), so the
 * name is the code's CMS short descriptor.
 */
import { readDataFile } from '../data/data-files.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { recordFamily, recordField, type RecordFieldSpec } from './record-family.js';

type HcpcsRow = [code: string, name: string];

export const hcpcsFamily = recordFamily<HcpcsRow>('hcpcs', () => readDataFile<{ rows: HcpcsRow[] }>('hcpcs.json').rows);

function hcpcsField(spec: Omit<RecordFieldSpec<HcpcsRow>, 'category'>): TypeDefinition {
  return recordField(hcpcsFamily, { ...spec, category: 'Health' });
}

export const hcpcsTypes: TypeDefinition[] = [
  hcpcsField({
    name: 'HCPCS Code',
    description: 'A HCPCS Level II code: a letter and four digits, e.g. E0601 or J1885.',
    read: ([code]) => code,
  }),
  hcpcsField({
    name: 'HCPCS Name',
    description: 'The CMS short descriptor of the row\'s HCPCS code, e.g. "Cont airway pressure device".',
    read: ([, name]) => name,
  }),
];
