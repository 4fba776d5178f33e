/**
 * Schemas as Mockaroo users write them, posted unchanged to the generate endpoint: the export
 * wrapper ("backup" files), null_percentage, formula: "" / null, Formula fields with Ruby idioms
 * (to_i on a missing request parameter, case/when, /re/.gen.to_i, this[0,2], delete('^0-9'),
 * strftime on now() arithmetic, date arithmetic on Datetime fields), a JSON Array declared after
 * its children, and a second Last Name for a mother's maiden name. The schemas are ours, written
 * in the shapes and idioms seen in public Mockaroo exports.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { skipUnlessAvailable } from '../testing/databases.js';
import { serverForSuite } from '../testing/server-fixture.js';

const column = (spec: Record<string, unknown>) => ({ null_percentage: 0, formula: null, ...spec });

const PAGED_USERS = {
  num_rows: 1,
  file_format: 'json',
  name: 'paged users',
  array: true,
  columns: [
    column({ name: 'items.__pos', type: 'Row Number' }),
    column({ name: 'items.id', type: 'Formula', value: '(request_params["page"].to_i*20)+__pos' }),
    column({ name: 'items.name', type: 'Full Name' }),
    column({ name: 'items', type: 'JSON Array', minItems: 3, maxItems: 3 }),
    column({ name: 'more', type: 'Formula', value: 'if request_params["page"].to_i >= 4 then false else true end' }),
  ],
};

const PATIENTS = {
  id: 4711,
  num_rows: 200,
  file_format: 'csv',
  name: 'patients',
  array: false,
  include_header: true,
  columns: [
    column({ name: 'mrn', type: 'Character Sequence', format: '^^##^^######' }),
    column({ name: 'family', type: 'Last Name' }),
    column({ name: 'given', type: 'First Name' }),
    column({ name: 'sex', type: 'Gender' }),
    column({ name: 'suffix', type: 'Suffix', null_percentage: 80 }),
    column({ name: 'mother_maiden', type: 'Last Name' }),
    column({
      name: 'dob',
      type: 'Formula',
      value: '(now() - years(random(0,60)) - days(random(0,10))).strftime("%Y-%m-%dT%H:%M:%SZ")',
    }),
    column({ name: 'phone_raw', type: 'Phone', format: '+#-###-###-####', formula: '' }),
    column({ name: 'area', type: 'Formula', value: "field('phone_raw').split('-')[1]", formula: 'this[0,2]' }),
    column({ name: 'digits', type: 'Formula', value: "field('phone_raw').delete('^0-9')" }),
    column({ name: 'twins', type: 'Custom List', values: ['Y', 'N'], selectionStyle: 'random', distribution: null }),
    column({
      name: 'birth_order',
      type: 'Formula',
      value: 'if field(\'twins\') == "Y" then /\\d{1}/.gen.to_i else nil end',
    }),
    column({ name: 'kind', type: 'Formula', value: "case field('twins') when 'Y' then \"T\" else 'S' end" }),
    column({ name: 'visit', type: 'Datetime', min: '01/01/2020', max: '12/31/2020', format: '%m/%d/%Y' }),
    column({ name: 'follow_up', type: 'Formula', value: "(visit + 14).strftime('%m/%d/%Y')" }),
    column({
      name: 'next_day',
      type: 'Datetime',
      min: '01/01/2020',
      max: '12/31/2020',
      format: '%m/%d/%Y',
      formula: 'this + 1',
    }),
    column({ name: 'state', type: 'State (abbrev)', onlyUSPlaces: true }),
    column({ name: 'zip', type: 'Postal Code' }),
  ],
};

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`Mockaroo exports run unchanged (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect);

    const post = (path: string, body: unknown) =>
      fetch(`${suite.server.url}${path}${path.includes('?') ? '&' : '?'}key=${suite.key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    test('a paginated list: to_i of a parameter that is not there is 0, the array is declared after its children', async () => {
      const response = await post('/api/generate.json?count=2&seed=7', PAGED_USERS);
      assert.equal(response.status, 200, await response.clone().text());
      const rows = (await response.json()) as { items: { id: number; name: string }[]; more: boolean }[];
      assert.equal(rows.length, 2);
      for (const row of rows) {
        assert.deepEqual(
          row.items.map((i) => i.id),
          [1, 2, 3],
        );
        assert.ok(row.items.every((i) => /^\S+ \S+/.test(i.name)));
        assert.equal(row.more, true);
      }
    });

    test('a patient export: Ruby idioms, a mother who is another person, dates that are dates', async () => {
      const response = await post('/api/generate.csv?seed=11&now=2026-06-01T00:00:00Z', PATIENTS);
      assert.equal(response.status, 200, await response.clone().text());
      const rows = parse(await response.text(), { columns: true }) as Record<string, string>[];
      assert.equal(rows.length, 200, 'num_rows is the count');
      let sameFamily = 0;
      for (const row of rows) {
        assert.match(row.mrn, /^[A-Z]{2}\d{2}[A-Z]{2}\d{6}$/);
        assert.match(row.dob, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        assert.ok(row.dob <= '2026-06-01', `dob ${row.dob} is before now`);
        assert.equal(row.area, row.phone_raw.split('-')[1].slice(0, 2));
        assert.equal(row.digits, row.phone_raw.replace(/[^0-9]/g, ''));
        if (row.twins === 'Y') assert.match(row.birth_order, /^\d$/);
        else assert.equal(row.birth_order, '');
        assert.equal(row.kind, row.twins === 'Y' ? 'T' : 'S');
        const [m, d, y] = row.visit.split('/').map(Number);
        const next = new Date(Date.UTC(y, m - 1, d + 14));
        const expected = `${String(next.getUTCMonth() + 1).padStart(2, '0')}/${String(next.getUTCDate()).padStart(2, '0')}/${next.getUTCFullYear()}`;
        assert.equal(row.follow_up, expected, 'a Datetime plus a number adds days');
        assert.match(
          row.next_day,
          /^\d{2}\/\d{2}\/2020|^01\/01\/2021$/,
          'a date formula on a date field is written in its format',
        );
        assert.match(row.state, /^[A-Z]{2}$/);
        assert.match(row.zip, /^\d{5}$/);
        if (row.family === row.mother_maiden) sameFamily++;
      }
      assert.ok(sameFamily < 10, `a second Last Name is another person's (${sameFamily} of 200 rows equal)`);
      assert.ok(rows.filter((r) => r.suffix === '').length > 120, 'null_percentage 80 leaves most suffixes blank');
    });

    test('the same seed and now give the same bytes', async () => {
      const a = await (await post('/api/generate.csv?seed=11&now=2026-06-01T00:00:00Z', PATIENTS)).text();
      const b = await (await post('/api/generate.csv?seed=11&now=2026-06-01T00:00:00Z', PATIENTS)).text();
      assert.equal(a, b);
    });
  });
}
