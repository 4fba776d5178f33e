/**
 * The query of GET and POST /api/generate (and of POST /api/downloads, which takes the same): all
 * text, as Mockaroo's clients send it. The server reads these itself (True/False, blank values),
 * so the schema describes them.
 */
import Type, { type Static } from 'typebox';
import { PREVIEW_MAX_ROWS } from './constants.js';
import { KeyQuery } from './requests.js';

const text = (description: string) => Type.Optional(Type.String({ description }));

export const GenerateQuery = Type.Object({
  ...KeyQuery.properties,
  count: text("Rows to generate (default 1, or the saved schema's count); at most the plan's records per request"),
  schema: text(
    'Name of a saved schema: its fields and count, and its file settings as defaults (its format when the URL has no extension; its options where the request gives none)',
  ),
  fields: text('Field specifications as JSON (for GET and JSONP)'),
  project: text(
    'A project of related tables: the fields are its table `table` (also the SQL table name), and their References read its other tables',
  ),
  seed: text('Any text or number: the same seed and fields give the same bytes'),
  preview: text(
    `true: a preview of at most ${PREVIEW_MAX_ROWS} rows, not counted against the plan's daily requests and records (the web page's live preview). A GET with the session cookie must be a preview: charged rows need POST with X-CSRF-Token, or the key`,
  ),
  now: text(
    "Formulas' now() as ISO 8601 (e.g. 2025-06-01T09:00:00Z); with a seed and no now it is 2025-01-01T00:00:00Z",
  ),
  callback: text('json only: JSONP function name; needs the API key (?key=), never the session cookie'),
  array: text('json: true always returns an array'),
  include_nulls: text('json, jsonl, firebase: false omits null keys'),
  include_header: text('csv, txt, custom, xlsx: false drops the header row (alias: header)'),
  bom: text('csv, txt, custom: true starts with a byte order mark'),
  neutralize_formulas: text(
    "csv, txt, custom: true prefixes text starting with = + - @ tab or CR with ' so spreadsheets do not run it as a formula; numbers are left alone",
  ),
  delimiter: text('custom: column separator'),
  quote_char: text('custom: quote character (default ")'),
  line_ending: text('csv, txt, custom: unix or windows'),
  table: text('sql, cql, dbunit: table name (default MOCK_DATA); cql: 1 to 48 letters, digits or _'),
  create_table: text('sql: true writes a create table statement first'),
  keyspace: text('cql: keyspace of the table (INSERT INTO keyspace.table); 1 to 48 letters, digits or _'),
  sheet_name: text("xlsx: the worksheet's name (default MOCK_DATA); at most 31 characters, none of : \\ / ? * [ ]"),
  firebase_key: text(
    'firebase: push_id (default: Firebase push ids, sortable and reproducible with a seed) or row_number (1, 2, ...)',
  ),
  root_element: text('xml: root element (default dataset)'),
  record_element: text('xml: record element (default record)'),
  background: text(
    "true: run as a background job instead (POST /api/downloads; any plan's records per request do not apply) and answer 200 with its status (see GET /api/downloads/{id}). With the session cookie only by POST with X-CSRF-Token",
  ),
});
export type GenerateQuery = Static<typeof GenerateQuery>;
