/**
 * The flight family: the Flight fields of one row describe one flight. The row draws an airline
 * (faker's airline list: real airlines with their IATA codes), two different airports of
 * airports.json, a flight number of 1-4 digits after the airline's code, and a departure time.
 * The duration follows from the great-circle distance between the airports: a cruise of
 * 800 km/h plus half an hour for taxiing, climb and descent.
 */
import { derivedData } from '../data/data-files.js';
import { placeCountries } from '../places/place-countries.js';
import { checkStrftime, compileStrftime, strftimeCharacters } from '../time/strftime.js';
import { airports as airportFamily, type AirportRecord } from './airport-types.js';
import { charactersOf, DIGITS } from '../kernel/characters.js';
import { DEFAULT_FORMAT, FORMAT_HELP } from './date-types.js';
import {
  defineType,
  isShortText,
  type FamilyDefinition,
  type OutputKind,
  type TypeDefinition,
  type ValueGenerator,
} from '../kernel/define-type.js';
import { fakerLocale } from './faker-locale.js';

const CATEGORY = 'Travel';
const CRUISE_KM_PER_HOUR = 800;
const GROUND_HOURS = 0.5;
const EARTH_RADIUS_KM = 6371;
/** Departures fall on a 5-minute step in 2025-2026 (UTC): fixed, so output does not drift with the date. */
const FIRST_DEPARTURE_SECONDS = Date.UTC(2025, 0, 1) / 1000;
const DEPARTURE_STEP_SECONDS = 300;
const DEPARTURE_STEPS = (Date.UTC(2027, 0, 1) / 1000 - FIRST_DEPARTURE_SECONDS) / DEPARTURE_STEP_SECONDS;

interface Airline {
  name: string;
  iataCode: string;
}

/** A row's flight: indexes into airlines() and airports(), the number after the airline code, departure in epoch seconds. */
export interface FlightPick {
  airline: number;
  from: number;
  to: number;
  number: number;
  departure: number;
}

const airports = airportFamily.records;
const airlines = derivedData((): readonly Airline[] => {
  const list = fakerLocale('en').airline?.airline ?? [];
  if (list.length === 0) throw new Error("faker's English locale has no airlines");
  return list;
});

export const flightFamily: FamilyDefinition<FlightPick> = {
  name: 'flight',
  draw(random) {
    const count = airports().length;
    const from = random.below(count);
    // Any airport but the departure one, uniformly.
    const other = random.below(count - 1);
    return {
      airline: random.below(airlines().length),
      from,
      to: other >= from ? other + 1 : other,
      number: 1 + random.below(9999),
      departure: FIRST_DEPARTURE_SECONDS + random.below(DEPARTURE_STEPS) * DEPARTURE_STEP_SECONDS,
    };
  },
};

/** Great-circle distance in km (haversine). */
export function distanceKm(a: AirportRecord, b: AirportRecord): number {
  const radians = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * radians;
  const dLon = (b.longitude - a.longitude) * radians;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Block hours for a distance, to one decimal. */
export function flightHours(km: number): number {
  return Math.round((km / CRUISE_KM_PER_HOUR + GROUND_HOURS) * 10) / 10;
}

function countryName(code: string): string {
  const countries = placeCountries();
  const index = countries.indexOfCode.get(code);
  // A data error, caught by the tests: every airport's country is in places-countries.json.
  if (index === undefined) throw new Error(`airports.json has an unknown country code "${code}"`);
  return countries.name[index];
}

/** A flight type without parameters: `read` is prepared once per field. */
function flightType(
  name: string,
  description: string,
  characters: () => string,
  read: () => (flight: FlightPick) => string | number,
  output: OutputKind = 'string',
): TypeDefinition {
  return defineType({
    name,
    category: CATEGORY,
    description,
    params: [],
    output,
    smallValues: true,
    family: flightFamily.name,
    create: (_params, context) => {
      context.declareCharacters(characters());
      const value = read();
      return (_random, row) => value(row.family(flightFamily));
    },
  });
}

/** "Flight <end> <label>": `what` of the departure or arrival airport, read through `text`. */
function airportEndType(
  end: 'Departure' | 'Arrival',
  label: string,
  what: string,
  text: (airport: AirportRecord) => string,
): TypeDefinition {
  const column = derivedData(() => {
    const values = airports().map(text);
    return { values, characters: charactersOf(values) };
  });
  const side = end === 'Departure' ? 'from' : 'to';
  return flightType(
    `Flight ${end} ${label}`,
    `The ${what.replace('%', `row's flight's ${end.toLowerCase()} airport`)}.`,
    () => column().characters,
    () => {
      const { values } = column();
      return (flight) => values[flight[side]];
    },
  );
}

const airlineCharacters = derivedData(() => charactersOf(airlines().flatMap((a) => [a.name, a.iataCode])));

const departureTime = defineType({
  name: 'Flight Departure Time',
  category: CATEGORY,
  description:
    "The departure date and time (UTC) of the row's flight, in 2025-2026 on a 5-minute step, formatted with a strftime format.",
  params: [
    {
      name: 'format',
      kind: 'string',
      default: DEFAULT_FORMAT,
      description: `Output format, default ${DEFAULT_FORMAT} (ISO 8601, e.g. 2025-07-14T09:35:00+00:00). ${FORMAT_HELP}.`,
    },
  ],
  output: 'datetime',
  smallValues: (params) => isShortText(params.format),
  family: flightFamily.name,
  check(params, problem) {
    if (typeof params.format !== 'string') return;
    const message = checkStrftime(params.format);
    if (message !== null) problem('format', `format "${params.format}": ${message}`);
  },
  create(params, context): ValueGenerator {
    const format = params.format as string;
    context.declareCharacters(strftimeCharacters(format));
    const formatter = compileStrftime(format);
    return (_random, row) => formatter(row.family(flightFamily).departure * 1000);
  },
});

export const flightTypes: TypeDefinition[] = [
  flightType(
    'Flight Airline Name',
    "The airline operating the row's flight, such as Lufthansa.",
    airlineCharacters,
    () => {
      const list = airlines();
      return (flight) => list[flight.airline].name;
    },
  ),
  flightType(
    'Flight Airline Code',
    "The 2-character IATA code of the row's flight's airline, such as LH.",
    airlineCharacters,
    () => {
      const list = airlines();
      return (flight) => list[flight.airline].iataCode;
    },
  ),
  flightType(
    'Flight Number',
    "The row's flight number: its airline's IATA code and 1-4 digits, such as LH400.",
    () => airlineCharacters() + DIGITS,
    () => {
      const list = airlines();
      return (flight) => list[flight.airline].iataCode + flight.number;
    },
  ),
  ...(['Departure', 'Arrival'] as const).flatMap((end) => [
    airportEndType(end, 'Airport', 'name of the %, such as Frankfurt am Main Airport', (a) => a.name),
    airportEndType(end, 'Airport Code', '3-letter IATA code of the %, such as FRA', (a) => a.iata),
    airportEndType(end, 'City', 'city the % serves, such as Frankfurt am Main', (a) => a.municipality),
    airportEndType(end, 'Country', 'country of the %, such as Germany', (a) => countryName(a.country)),
  ]),
  departureTime,
  flightType(
    'Flight Duration (Hours)',
    "The block time of the row's flight in hours, to one decimal: the great-circle distance at 800 km/h plus 0.5 h, such as 8.6.",
    () => DIGITS + '.',
    () => {
      const list = airports();
      return (flight) => flightHours(distanceKm(list[flight.from], list[flight.to]));
    },
    'number',
  ),
];
