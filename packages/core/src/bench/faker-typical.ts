/**
 * Child process: the standard workload written the way a typical @faker-js/faker user would —
 * one faker call per field, a plain object per row, csv-stringify's stream API for CSV and
 * JSON.stringify of the whole array for JSON. It is the yardstick Rowloom is compared against,
 * so it deliberately stays naive; do not tune it.
 */
import { once } from 'node:events';
import type { WriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { faker } from '@faker-js/faker';
import { stringify } from 'csv-stringify';
import { parseChildArgs } from './child-args.js';
import { openDevNull } from './devnull-sink.js';
import { reportRun } from './run-result.js';

const t0 = process.hrtime.bigint();

const COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'gender',
  'ip_address',
  'birth_date',
  'salary',
  'city',
  'code',
];
// Same shares as Rowloom's Gender type: mostly Male/Female, a small tail of six others.
const GENDERS = [
  { weight: 480, value: 'Male' },
  { weight: 478, value: 'Female' },
  ...['Non-binary', 'Genderfluid', 'Agender', 'Bigender', 'Polygender', 'Genderqueer'].map((value) => ({
    weight: 7,
    value,
  })),
];
const BIRTH_FROM = new Date('1950-01-01T00:00:00Z');
const BIRTH_TO = new Date('2005-12-31T00:00:00Z');

type Row = Record<(typeof COLUMNS)[number], string | number>;

function makeRow(id: number): Row {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  return {
    id,
    first_name: firstName,
    last_name: lastName,
    email: faker.internet.email({ firstName, lastName }),
    gender: faker.helpers.weightedArrayElement(GENDERS),
    ip_address: faker.internet.ipv4(),
    birth_date: faker.date.between({ from: BIRTH_FROM, to: BIRTH_TO }).toISOString().slice(0, 10),
    salary: faker.number.float({ min: 30000, max: 200000, fractionDigits: 2 }),
    city: faker.location.city(),
    code: `${lastName}-${id}`,
  };
}

async function writeCsv(n: number, sink: WriteStream): Promise<void> {
  const stringifier = stringify({ header: true, columns: COLUMNS });
  const piped = pipeline(stringifier, sink);
  for (let id = 1; id <= n; id++) {
    if (!stringifier.write(makeRow(id))) await once(stringifier, 'drain');
  }
  stringifier.end();
  await piped;
}

async function writeJson(n: number, sink: WriteStream): Promise<void> {
  const rows: Row[] = new Array(n);
  for (let id = 1; id <= n; id++) rows[id - 1] = makeRow(id);
  sink.end(JSON.stringify(rows));
  await once(sink, 'finish');
}

const args = parseChildArgs();
faker.seed(42);
const sink = openDevNull();
if (args.format === 'csv') await writeCsv(args.n, sink);
else await writeJson(args.n, sink);
reportRun('faker-typical', args.format, args.n, t0, sink.bytesWritten);
