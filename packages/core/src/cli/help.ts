export const HELP = `rowloom: realistic synthetic data, fast and reproducible

Usage:
  rowloom generate <schema.json> [options]     write rows to stdout or --out
  rowloom types [--json]                       list every data type and its parameters
  rowloom infer <sample.csv> [--quiet]         print a schema (JSON) for data like the sample's,
                                               with why each type was chosen on stderr
  rowloom users add <email> [--plan P] | list  the HTTP service's users and API keys
  rowloom users reset-password <email>         print a new password; end the user's sessions
  rowloom users remove <email>                 delete the user and everything they own
  rowloom worker [--concurrency N]             make shards of background downloads (needs REDIS_URL)
  rowloom mock serve <api.json | openapi.yaml> [--port 4010] [--host H] [--watch]
                                               serve a mock API from a file, no set-up
  rowloom --help | --version

<schema.json> is a JSON array of field specifications, e.g.
  [{ "name": "id", "type": "Row Number" },
   { "name": "email", "type": "Email Address", "percentBlank": 10 }]
or an object { "fields": [...], "count": 1000 }, or a Mockaroo schema export
{ "columns": [...], "num_rows": 1000, "file_format": "csv" }. Use - to read it from standard input.

Options for generate:
  -n, --count N            rows to generate (default: the file's "count", else 1000)
  -f, --format F           json | csv | txt | custom | sql | xml | jsonl | firebase | cql
                           | dbunit | xlsx (also excel, ndjson; default: json, or the
                           --out file's extension)
  -s, --seed S             any text or number; the same seed and schema give the same bytes.
                           Without it a seed is drawn and printed on stderr
      --now TIME           formulas' now() (ISO 8601, e.g. 2025-06-01T09:00:00Z); with a
                           seed and no --now it is 2025-01-01T00:00:00Z, so reruns match
  -o, --out FILE           write to FILE instead of stdout (written only once the schema
                           is valid)
  -w, --workers N          worker threads (default: all cores from 100,000 rows, else 1);
                           the output is identical whatever N is
      --public-url URL     the Rowloom server Avatar and Dummy Image URL values point at
                           (default http://localhost:3000)
      --quiet              no seed line and no progress bar on stderr
      --distributed        submit to the job queue on REDIS_URL and wait: rowloom worker
                           processes (any machine, same Redis and store) make the rows;
                           the output is byte-identical. Ctrl+C cancels the job
      --dataset NAME=FILE  a CSV (or tab-separated) table that Dataset Column, My List and
                           from_dataset read as dataset NAME; repeat for more
      --scenario NAME=FILE a scenario as JSON ({"points": [{"x": 0, "y": 10}, ...],
                           "interpolation", "noise"}) that Scenario fields read as NAME

  json:    --array           always an array, even for one row
  json, jsonl, firebase:
           --no-nulls        leave out keys whose value is null
  firebase: --firebase-key K push_id (default: Firebase-style keys) or row_number
  csv, txt, custom, xlsx:
           --no-header       no header row
           --bom             start with a UTF-8 byte order mark
           --line-ending E   unix (default) or windows
           --neutralize-formulas  text starting with = + - @ tab or CR gets a
                             leading ' so spreadsheets do not run it (numbers stay)
  custom:  --delimiter D     column separator (default ,)
           --quote-char Q    quote character (default ")
  sql, cql, dbunit:
           --table NAME      table name (default MOCK_DATA)
  sql:     --create-table    write a create table statement first
  cql:     --keyspace NAME   write keyspace.table (default: no keyspace)
  xlsx:    --sheet-name NAME the worksheet's name (default MOCK_DATA)
  xml:     --root-element NAME    (default dataset)
           --record-element NAME  (default record)

A progress bar is shown on stderr for long runs when stderr is a terminal.
Exit status: 0 on success, 1 on an invalid schema (every problem is listed), 2 on a usage
error (bad option, missing or malformed schema file, REDIS_URL not set for --distributed),
3 when the output cannot be written or Redis cannot be reached, 130 when interrupted.
`;
