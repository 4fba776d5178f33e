/**
 * The car family: Car Make, Car Model, Car Model Year and Car VIN of one row describe one car.
 * The row draws one record of cars.json (make, model, years built) and then a model year within
 * that model's range; the VIN starts with one of the make's manufacturer codes (wmi.json),
 * carries the model year's code at position 10 and a valid check digit at position 9.
 */
import { derivedData, readDataFile } from '../data/data-files.js';
import type { CounterRandom } from '../random/counter-random.js';
import { charactersOf, DIGITS } from '../kernel/characters.js';
import { defineType, type FamilyDefinition, type OutputKind, type TypeDefinition } from '../kernel/define-type.js';
import { modelYearCode, VIN_CHARACTERS, vinCheckDigit } from './vin.js';

interface CarRecord {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
}

/** A row's car: which record of cars.json, and the model year drawn within its range. */
interface CarPick {
  record: number;
  year: number;
}

const cars = derivedData(() => {
  const records = readDataFile<CarRecord[]>('cars.json');
  if (records.length === 0) throw new Error('cars.json has no records');
  return records;
});

export const carFamily: FamilyDefinition<CarPick> = {
  name: 'car',
  draw(random) {
    const all = cars();
    const record = random.below(all.length);
    const { yearFrom, yearTo } = all[record];
    return { record, year: random.intBetween(yearFrom, yearTo) };
  },
};

/** The manufacturer codes (VIN positions 1-3) of each car record's make, by record index. */
const manufacturerCodes = derivedData(() => {
  const byMake = readDataFile<Record<string, string[]>>('wmi.json');
  return cars().map(({ make }) => {
    const codes = Object.hasOwn(byMake, make) ? byMake[make] : [];
    // A data error, caught by the tests; failing loudly beats inventing a code.
    if (codes.length === 0) throw new Error(`wmi.json has no manufacturer code for the make "${make}" of cars.json`);
    return codes;
  });
});

const columns = derivedData(() => {
  const makes = cars().map((car) => car.make);
  const models = cars().map((car) => car.model);
  return { makes, models, makeCharacters: charactersOf(makes), modelCharacters: charactersOf(models) };
});

/** A type of the car family: `create` prepares (once per field) how to read the row's car. */
function carType(
  name: string,
  description: string,
  output: OutputKind,
  characters: () => string,
  create: () => (car: CarPick, random: CounterRandom) => string | number,
): TypeDefinition {
  return defineType({
    name,
    category: 'Car',
    family: carFamily.name,
    description,
    params: [],
    output,
    smallValues: true,
    create: (_params, context) => {
      context.declareCharacters(characters());
      const read = create();
      return (random, row) => read(row.family(carFamily), random);
    },
  });
}

/** `count` random VIN characters: positions 4-8 (the model descriptor, free-form per maker) and 11 (the plant). */
function randomVinCharacters(random: CounterRandom, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += VIN_CHARACTERS[random.below(VIN_CHARACTERS.length)];
  return text;
}

/** A VIN: manufacturer code, 5 descriptor characters, check digit, year code, plant, 6-digit serial. */
function makeVin(codes: readonly string[], year: number, random: CounterRandom): string {
  const descriptor = codes[random.below(codes.length)] + randomVinCharacters(random, 5);
  const identifier =
    modelYearCode(year) + randomVinCharacters(random, 1) + String(random.below(1_000_000)).padStart(6, '0');
  // Position 9 has weight 0, so any placeholder there leaves the check digit unchanged.
  return descriptor + vinCheckDigit(descriptor + '0' + identifier) + identifier;
}

export const carTypes: TypeDefinition[] = [
  carType(
    'Car Make',
    "A car manufacturer (Ford, Toyota...), the make of the row's car.",
    'string',
    () => columns().makeCharacters,
    () => {
      const { makes } = columns();
      return (car) => makes[car.record];
    },
  ),
  carType(
    'Car Model',
    "A model of the row's car make (Mustang, Corolla...).",
    'string',
    () => columns().modelCharacters,
    () => {
      const { models } = columns();
      return (car) => models[car.record];
    },
  ),
  carType(
    'Car Model Year',
    "A model year in which the row's car model was built, such as 2009.",
    'integer',
    () => DIGITS,
    () => (car) => car.year,
  ),
  carType(
    'Car VIN',
    "A 17-character vehicle identification number with a valid check digit, the make's manufacturer code and the row's model year code.",
    'string',
    () => VIN_CHARACTERS,
    () => {
      const codes = manufacturerCodes();
      return (car, random) => makeVin(codes[car.record], car.year, random);
    },
  ),
];
