/**
 * The mobile device family: Mobile Device Brand, Model, OS and Release Date of one row describe
 * one phone of data/mobile-devices.json (brand, model, the operating system it launched with,
 * the day it went on sale), so a Pixel 7 is a Google phone on Android 13 from October 2022.
 */
import { readDataFile } from '../data/data-files.js';
import { checkStrftime, compileStrftime, strftimeCharacters } from '../time/strftime.js';
import { defineType, isShortText, type TypeDefinition } from '../kernel/define-type.js';
import { recordFamily, recordField, type RecordFieldSpec } from './record-family.js';

type DeviceRow = [brand: string, model: string, os: string, releaseDate: string];

export interface MobileDevice {
  brand: string;
  model: string;
  os: string;
  /** The release day as epoch milliseconds (UTC midnight), for strftime. */
  releaseMs: number;
}

export const mobileDeviceFamily = recordFamily<MobileDevice>('mobile-device', () =>
  readDataFile<{ rows: DeviceRow[] }>('mobile-devices.json').rows.map(([brand, model, os, releaseDate]) => {
    const releaseMs = Date.parse(`${releaseDate}T00:00:00Z`);
    if (Number.isNaN(releaseMs))
      throw new Error(`mobile-devices.json: "${releaseDate}" of ${brand} ${model} is not a yyyy-mm-dd date`);
    return { brand, model, os, releaseMs };
  }),
);

const CATEGORY = 'IT';
const DEFAULT_FORMAT = '%Y-%m-%d';

function deviceField(spec: Omit<RecordFieldSpec<MobileDevice>, 'category'>): TypeDefinition {
  return recordField(mobileDeviceFamily, { ...spec, category: CATEGORY });
}

const releaseDate = defineType({
  name: 'Mobile Device Release Date',
  category: CATEGORY,
  description: "The day the row's mobile device went on sale, e.g. 2022-10-13 for a Pixel 7.",
  params: [
    {
      name: 'format',
      kind: 'string',
      default: DEFAULT_FORMAT,
      description: `Output format (strftime, UTC), default ${DEFAULT_FORMAT}; e.g. %m/%d/%Y for 10/13/2022.`,
    },
  ],
  output: 'date',
  smallValues: (params) => isShortText(params.format),
  family: mobileDeviceFamily.family.name,
  check(params, problem) {
    // A format that is not text has been reported by the parameter validation already.
    if (typeof params.format !== 'string') return;
    const message = checkStrftime(params.format);
    if (message !== null) problem('format', `format "${params.format}": ${message}`);
  },
  create(params, context) {
    const format = params.format as string;
    context.declareCharacters(strftimeCharacters(format));
    const formatter = compileStrftime(format);
    // A few hundred devices: format each release day once, on first use.
    const texts = mobileDeviceFamily.records().map((device) => formatter(device.releaseMs));
    return (_random, row) => texts[row.family(mobileDeviceFamily.family)];
  },
});

export const mobileDeviceTypes: TypeDefinition[] = [
  deviceField({
    name: 'Mobile Device Brand',
    description: "The brand of the row's mobile device, e.g. Apple, Samsung, Google.",
    read: (d) => d.brand,
  }),
  deviceField({
    name: 'Mobile Device Model',
    description: "The model of the row's mobile device, e.g. iPhone 13 mini, Galaxy S22 Ultra, Pixel 7.",
    read: (d) => d.model,
  }),
  deviceField({
    name: 'Mobile Device OS',
    description: "The operating system the row's mobile device launched with, e.g. iOS 15, Android 13.",
    read: (d) => d.os,
  }),
  releaseDate,
];
