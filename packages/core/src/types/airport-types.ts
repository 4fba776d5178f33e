/**
 * The airport family: the Airport fields of one row describe one real airport of airports.json
 * (a curated list of a few hundred commercial airports: IATA and ICAO codes, name, municipality,
 * ISO country and subdivision, continent, coordinates, elevation). The flight family reads the
 * same list for its departure and arrival airports.
 */
import { readDataFile } from '../data/data-files.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { recordFamily, recordField, type RecordFieldSpec } from './record-family.js';

export interface AirportRecord {
  /** The 3-letter IATA code, e.g. "LHR". */
  iata: string;
  /** The GPS code, the 4-letter ICAO code for these airports, e.g. "EGLL". */
  gps: string;
  name: string;
  municipality: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ISO 3166-2 subdivision as OurAirports writes it (its "-U-A" suffix where a territory has none). */
  region: string;
  /** AF, AN, AS, EU, NA, OC or SA. */
  continent: string;
  latitude: number;
  longitude: number;
  /** Feet above sea level. */
  elevation: number;
}

type AirportRow = [string, string, string, string, string, string, string, number, number, number];

/** The airports of airports.json, in file order. */
function readAirports(): AirportRecord[] {
  return readDataFile<{ rows: AirportRow[] }>('airports.json').rows.map(
    ([iata, gps, name, municipality, country, region, continent, latitude, longitude, elevation]) => ({
      iata,
      gps,
      name,
      municipality,
      country,
      region,
      continent,
      latitude,
      longitude,
      elevation,
    }),
  );
}

/** The airport family; the flight family reads its records too. */
export const airports = recordFamily('airport', readAirports);

function airportField(
  name: string,
  description: string,
  read: RecordFieldSpec<AirportRecord>['read'],
  output?: 'number' | 'integer',
): TypeDefinition {
  return recordField(airports, { name, category: 'Location', description, read, output });
}

export const airportTypes: TypeDefinition[] = [
  airportField('Airport Code', "The 3-letter IATA code of the row's airport, such as LHR.", (a) => a.iata),
  airportField('Airport Name', "The name of the row's airport, such as London Heathrow Airport.", (a) => a.name),
  airportField('Airport GPS Code', "The GPS (ICAO) code of the row's airport, such as EGLL.", (a) => a.gps),
  airportField(
    'Airport Municipality',
    "The city or town the row's airport serves, such as London.",
    (a) => a.municipality,
  ),
  airportField(
    'Airport Country Code',
    "The ISO 3166 alpha-2 code of the row's airport's country, such as GB.",
    (a) => a.country,
  ),
  airportField(
    'Airport Region Code',
    "The ISO 3166-2 code of the row's airport's region, such as GB-ENG.",
    (a) => a.region,
  ),
  airportField(
    'Airport Continent',
    "The continent code of the row's airport: AF, AN, AS, EU, NA, OC or SA.",
    (a) => a.continent,
  ),
  airportField(
    'Airport Latitude',
    "The latitude of the row's airport in degrees, such as 51.4706.",
    (a) => a.latitude,
    'number',
  ),
  airportField(
    'Airport Longitude',
    "The longitude of the row's airport in degrees, such as -0.4619.",
    (a) => a.longitude,
    'number',
  ),
  airportField(
    'Airport Elevation (Feet)',
    "The elevation of the row's airport in feet above sea level, such as 83.",
    (a) => a.elevation,
    'integer',
  ),
];
