import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateObjects } from '../engine/sample.js';
import { findType } from '../types/registry.js';
import { inferSchema } from './infer-schema.js';
import { NAME_RULES } from './name-rules.js';
import { InferenceError } from './read-sample.js';
import { MAX_SAMPLE_CELLS, MAX_SAMPLE_CHARS, MAX_SAMPLE_COLUMNS } from './sample-limits.js';
import type { Inference } from './proposal.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../test-fixtures/inference/${name}`, import.meta.url), 'utf8');

/** One column of values as CSV (a value with a comma quoted). */
const column = (name: string, values: string[]) =>
  [name, ...values.map((v) => (v.includes(',') ? `"${v}"` : v))].join('\n');
const typesOf = (inference: Inference) => Object.fromEntries(inference.fields.map((f) => [f.name, f.type]));
const fieldOf = (inference: Inference, name: string) => inference.fields.find((f) => f.name === name)!;
const reasonOf = (inference: Inference, name: string) => inference.reasons.find((r) => r.field === name)!;

/** The inferred fields make rows: every type and parameter is one the registry takes. */
function assertGenerates(inference: Inference): void {
  const rows = generateObjects(inference.fields, { count: 20, seed: 1 });
  assert.equal(rows.length, 20);
}

describe('inference from a sample with data', () => {
  test('a customers file: each of its 21 columns gets the type its values show', () => {
    const inference = inferSchema(fixture('customers.csv'));
    assert.deepEqual(typesOf(inference), {
      id: 'Row Number',
      customer_uuid: 'GUID',
      first_name: 'First Name',
      last_name: 'Last Name',
      email: 'Email Address',
      ip_address: 'IP Address v4',
      zip: 'Postal Code',
      price: 'Number',
      quantity: 'Number',
      created_at: 'Datetime',
      birthday: 'Date',
      is_active: 'Boolean',
      status: 'Custom List',
      city: 'City',
      country: 'Country',
      phone_number: 'Phone',
      website: 'URL',
      mac: 'MAC Address',
      order_id: 'Number',
      notes: 'Sentences',
      sku: 'Character Sequence',
    });
    assert.equal(inference.rowsRead, 200);
    assert.equal(inference.truncated, false);
    assertGenerates(inference);
  });

  test('numbers carry their range and decimals; dates their format and range; a list its weights', () => {
    const inference = inferSchema(fixture('customers.csv'));
    assert.deepEqual(fieldOf(inference, 'price'), {
      name: 'price',
      type: 'Number',
      min: 1.65,
      max: 497.47,
      decimals: 2,
    });
    assert.deepEqual(fieldOf(inference, 'quantity'), {
      name: 'quantity',
      type: 'Number',
      min: 1,
      max: 40,
      decimals: 0,
    });
    assert.equal(fieldOf(inference, 'created_at').format, '%F %T');
    assert.deepEqual(
      { ...fieldOf(inference, 'birthday') },
      { name: 'birthday', type: 'Date', min: '03/27/1960', max: '01/24/2001', format: '%m/%d/%Y' },
    );
    const status = fieldOf(inference, 'status');
    assert.deepEqual(status.values, ['active', 'pending', 'closed']);
    assert.equal(status.selectionStyle, 'custom');
    const [rule] = status.distribution as [{ frequencies: Record<string, number> }];
    assert.equal(
      Object.values(rule.frequencies).reduce((a, b) => a + b),
      200,
    );
    assert.ok(rule.frequencies.active > rule.frequencies.closed);
    assert.equal(fieldOf(inference, 'phone_number').format, '(###) ###-####');
    assert.equal(fieldOf(inference, 'sku').format, '^^^-#####');
    assert.equal(fieldOf(inference, 'notes').percentBlank, 33);
  });

  test('every field says why, and on what it rests', () => {
    const inference = inferSchema(fixture('customers.csv'));
    assert.equal(inference.reasons.length, inference.fields.length);
    assert.match(reasonOf(inference, 'email').reason, /all 200 values are emails/);
    assert.equal(reasonOf(inference, 'email').basis, 'name and values');
    assert.match(reasonOf(inference, 'status').reason, /3 distinct ones/);
    assert.equal(reasonOf(inference, 'status').basis, 'values');
  });

  test('a European orders file: day-first dates, times, money, codes, IPv6, titles and 14 column kinds', () => {
    const inference = inferSchema(fixture('orders-eu.csv'));
    assert.deepEqual(typesOf(inference), {
      Reference: 'Digit Sequence',
      OrderDate: 'Date',
      ShipTime: 'Time',
      Amount: 'Money',
      Weight: 'Number',
      Latitude: 'Latitude',
      CountryCode: 'Country Code',
      Contact: 'Full Name',
      Server: 'IP Address v6',
      Rating: 'Number',
      Gender: 'Custom List',
      Title: 'Title',
      Tracking: 'Character Sequence',
      Comment: 'Sentences',
    });
    assert.equal(fieldOf(inference, 'OrderDate').format, '%d/%m/%Y');
    assert.equal(fieldOf(inference, 'ShipTime').format, '%H:%M');
    assert.equal(fieldOf(inference, 'Reference').format, '######');
    assert.equal(fieldOf(inference, 'Amount').symbol, '€');
    assert.equal(fieldOf(inference, 'Weight').decimals, 3);
    assert.equal(fieldOf(inference, 'Comment').percentBlank, 100);
    assertGenerates(inference);
  });

  test('values beat the name when they clearly disagree, and say what the name suggested', () => {
    const text = [
      'customer_id,email,created_at',
      ...Array.from({ length: 30 }, (_, i) => `${crypto.randomUUID()},n/a,${i + 1}`),
    ].join('\n');
    const inference = inferSchema(text);
    assert.equal(fieldOf(inference, 'customer_id').type, 'GUID');
    assert.match(reasonOf(inference, 'customer_id').reason, /the name suggested Number/);
    assert.equal(fieldOf(inference, 'email').type, 'Custom List');
    assert.equal(fieldOf(inference, 'created_at').type, 'Row Number');
  });

  test('a numeric name takes the numbers the values show: a range, a sequence', () => {
    const inference = inferSchema('order_id,price,id\n1001,5,7\n1002,7.5,3\n1003,12,9\n');
    assert.deepEqual(inference.fields, [
      { name: 'order_id', type: 'Sequence', start: 1001, step: 1 },
      { name: 'price', type: 'Number', min: 5, max: 12, decimals: 1 },
      { name: 'id', type: 'Number', min: 3, max: 9, decimals: 0 },
    ]);
    assert.equal(
      reasonOf(inference, 'order_id').reason,
      'name looks like an identifier; the 3 values go from 1001 in steps of 1',
    );
  });

  test('a name stands against values that say little, or that fit it', () => {
    const text = [
      'company,zip,phone',
      'Acme Widgets,02134,5551234567',
      'Globex,10001,5559876543',
      'Initech Ltd,94105,5550001111',
    ].join('\n');
    const inference = inferSchema(text);
    assert.deepEqual(typesOf(inference), { company: 'Company Name', zip: 'Postal Code', phone: 'Phone' });
  });

  test('dates: month first by default, day first when a day passes 12, ISO timestamps and times', () => {
    const types = (values: string[]) => {
      const field = inferSchema(column('when', values)).fields[0];
      return `${field.type} ${String(field.format)}`;
    };
    assert.equal(types(['03/04/2024', '05/06/2024']), 'Date %m/%d/%Y');
    assert.equal(types(['03/04/2024', '25/06/2024']), 'Date %d/%m/%Y');
    assert.equal(types(['3/4/2024', '12/6/2024']), 'Date %-m/%-d/%Y');
    assert.equal(types(['2024-03-04T10:00:00Z', '2024-05-06T23:59:59Z']), 'Datetime %FT%TZ');
    assert.equal(types(['Mar 04, 2024', 'Dec 25, 2023']), 'Date %b %d, %Y');
    assert.equal(types(['10:30 AM', '04:15 PM']), 'Time %I:%M %p');
    const datetime = inferSchema('at\n2024-03-04T10:00:00Z\n2024-05-06T23:59:59Z').fields[0];
    assert.deepEqual([datetime.min, datetime.max], ['03/04/2024 10:00:00', '05/06/2024 23:59:59']);
    assertGenerates(inferSchema('at\n2024-03-04T10:00:00Z\n2024-05-06T23:59:59Z\n'));
  });

  test('numbers: a sequence, decimals, money, zero-padded digits, and a small repeated list', () => {
    const one = (values: string[]) => inferSchema(column('x', values)).fields[0];
    assert.deepEqual(one(['10', '20', '30', '40']), { name: 'x', type: 'Sequence', start: 10, step: 10 });
    assert.deepEqual(one(['1.5', '-2.25', '3']), { name: 'x', type: 'Number', min: -2.25, max: 3, decimals: 2 });
    assert.deepEqual(one(['$1,200.50', '$3.99']), { name: 'x', type: 'Money', min: 3.99, max: 1200.5, symbol: '$' });
    assert.deepEqual(one(['007', '123', '042']), { name: 'x', type: 'Digit Sequence', format: '###' });
    assert.equal(one(['yes', 'no', 'yes', 'yes', 'no', 'no']).type, 'Custom List');
    assert.equal(one(['TRUE', 'false', 'True']).type, 'Boolean');
  });

  test('names, cities, countries and codes are matched against core tables', () => {
    const one = (values: string[]) => inferSchema(column('x', values)).fields[0].type;
    assert.equal(one(['Paris', 'Tokyo', 'Chicago', 'Nairobi', 'Lima', 'Oslo']), 'City');
    assert.equal(one(['France', 'Japan', 'Kenya', 'Peru', 'Norway', 'Chile']), 'Country');
    assert.equal(one(['Mary Smith', 'John Jones', 'Linda Okafor', 'James Brown', 'Karen Li', 'Paul Ng']), 'Full Name');
    assert.equal(one(['Mary', 'John', 'Linda', 'James', 'Karen', 'Paul']), 'First Name');
    assert.equal(one(['a1b2c3', 'hello world']), 'Words');
  });
});

describe('inference from a header alone', () => {
  test('the dialog example and the names that used to become Words', () => {
    const inference = inferSchema(
      'id,first_name,last_name,email,ip_address,zip,company,price,uuid,created_at,phone_number,order_id\n',
    );
    assert.deepEqual(typesOf(inference), {
      id: 'Row Number',
      first_name: 'First Name',
      last_name: 'Last Name',
      email: 'Email Address',
      ip_address: 'IP Address v4',
      zip: 'Postal Code',
      company: 'Company Name',
      price: 'Number',
      uuid: 'GUID',
      created_at: 'Datetime',
      phone_number: 'Phone',
      order_id: 'Number',
    });
    assert.equal(fieldOf(inference, 'price').decimals, 2);
    assert.equal(inference.rowsRead, 0);
    assert.match(reasonOf(inference, 'email').reason, /name looks like an email column/);
    assert.equal(reasonOf(inference, 'email').basis, 'name');
    assertGenerates(inference);
  });

  test('names written in any case or style', () => {
    const inference = inferSchema(
      'createdAt,IPAddress,isActive,Zip Code,CountryCode,unit_price,DateOfBirth,userName,homePage,jobTitle,mystery\n',
    );
    assert.deepEqual(Object.values(typesOf(inference)), [
      'Datetime',
      'IP Address v4',
      'Boolean',
      'Postal Code',
      'Country Code',
      'Number',
      'Date',
      'Username',
      'URL',
      'Job Title',
      'Words',
    ]);
    assert.equal(reasonOf(inference, 'mystery').basis, 'default');
  });

  test('the curated names cover the kinds of column people name', () => {
    const header = [
      'ipv6',
      'mac_address',
      'website',
      'domain',
      'job_title',
      'street_address',
      'city',
      'state',
      'postal_code',
      'country',
      'country_code',
      'latitude',
      'longitude',
      'amount',
      'count',
      'age',
      'birthday',
      'updated_at',
      'start_time',
      'has_children',
      'enabled',
      'gender',
      'currency',
      'color',
      'iban',
      'credit_card',
      'sku',
      'description',
      'notes',
      'comment',
      'title',
      'username',
      'password',
      'full_name',
      'guid',
    ];
    const types = Object.values(typesOf(inferSchema(header.join(','))));
    assert.deepEqual(types, [
      'IP Address v6',
      'MAC Address',
      'URL',
      'Domain Name',
      'Job Title',
      'Street Address',
      'City',
      'State',
      'Postal Code',
      'Country',
      'Country Code',
      'Latitude',
      'Longitude',
      'Number',
      'Number',
      'Number',
      'Date',
      'Datetime',
      'Time',
      'Boolean',
      'Boolean',
      'Gender',
      'Currency Code',
      'Color',
      'IBAN',
      'Credit Card #',
      'Character Sequence',
      'Sentences',
      'Sentences',
      'Sentences',
      'Title',
      'Username',
      'Password',
      'Full Name',
      'GUID',
    ]);
  });

  test("a name that is a type's own name or alias is that type", () => {
    const inference = inferSchema('Normal,linkedin skill,Email Address,Car Model Year,Frequency,currency\n');
    assert.deepEqual(Object.values(typesOf(inference)), [
      'Normal Distribution',
      'Professional-Network Skill',
      'Email Address',
      'Car Model Year',
      'Frequency',
      'Currency Code',
    ]);
    assert.equal(reasonOf(inference, 'Normal').reason, "name is the type's name (Normal Distribution)");
  });

  test('every name rule names a registry type with parameters it takes', () => {
    for (const rule of NAME_RULES) {
      assert.ok(findType(rule.type)?.name === rule.type, `${rule.type} is not a registry type name`);
      generateObjects([{ name: 'x', type: rule.type, ...rule.params }], { count: 2, seed: 1 });
    }
  });

  test('empty and repeated column names become unique names', () => {
    assert.deepEqual(
      inferSchema('email,,email\n').fields.map((f) => f.name),
      ['email', 'column_2', 'email_2'],
    );
  });

  test('a column name that would nest, repeat, hide or break a field name gets a plain one, and says so', () => {
    const inference = inferSchema('a..b,__secret,tags[2],@id,user,user.email,address.city\n');
    assert.deepEqual(
      inference.fields.map((f) => f.name),
      ['a_b', 'secret', 'tags_2', 'id', 'user', 'user_email', 'address.city'],
    );
    assert.match(
      reasonOf(inference, 'secret').reason,
      /column "__secret" renamed: a leading "__" would hide the field/,
    );
    assert.match(reasonOf(inference, 'user_email').reason, /"user" is also a column/);
    assertGenerates(inference);
  });
});

describe('separators', () => {
  test('tab-separated and semicolon-separated samples read as tables', () => {
    const tabs = inferSchema('id\temail\n1\ta@example.com\n2\tb@example.com\n');
    assert.deepEqual(typesOf(tabs), { id: 'Row Number', email: 'Email Address' });
    const semicolons = inferSchema('id;email;price\r\n1;a@example.com;"3,50"\r\n2;b@example.com;"4,25"\r\n');
    assert.deepEqual(Object.keys(typesOf(semicolons)), ['id', 'email', 'price']);
    assert.equal(typesOf(semicolons).email, 'Email Address');
  });
});

describe('bad and huge samples', () => {
  test('an empty sample, a blank one, and a header of empty names are refused, saying what to give', () => {
    for (const text of ['', '  \n\n', '\uFEFF']) assert.throws(() => inferSchema(text), /the sample is empty/);
    assert.throws(() => inferSchema(',,\n'), /no header line/);
  });

  test('invalid CSV is refused naming the line', () => {
    assert.throws(
      () => inferSchema('a,b\n1,"unclosed\n'),
      (error: Error) => error instanceof InferenceError && /not valid CSV \(line \d\)/.test(error.message),
    );
  });

  test('more columns than a schema holds are refused', () => {
    const header = Array.from({ length: MAX_SAMPLE_COLUMNS + 1 }, (_, i) => `c${i}`).join(',');
    assert.throws(
      () => inferSchema(header),
      (error: Error) => error instanceof InferenceError && /1001 columns/.test(error.message),
    );
  });

  test('a wide table reads only as many rows as the cell budget allows', () => {
    const columns = 1000;
    const line = Array.from({ length: columns }, (_, i) => String(i)).join(',');
    const text = [
      Array.from({ length: columns }, (_, i) => `c${i}`).join(','),
      ...Array.from({ length: 300 }, () => line),
    ].join('\n');
    const inference = inferSchema(text);
    assert.equal(inference.fields.length, columns);
    assert.equal(inference.rowsRead, MAX_SAMPLE_CELLS / columns);
    assert.equal(inference.truncated, true);
  });

  test('a text past the character budget is read up to it, a broken last record dropped', () => {
    const row = '1,"a quoted, long value ' + 'x'.repeat(200) + '"\n';
    const text = 'n,notes\n' + row.repeat(Math.ceil((MAX_SAMPLE_CHARS * 2) / row.length));
    const inference = inferSchema(text);
    assert.equal(inference.truncated, true);
    assert.ok(inference.rowsRead > 0 && inference.rowsRead <= 1000);
    // A multi-line quoted value cut at the budget's line break.
    const multiline = 'n,notes\n' + '1,"line one\nline two"\n'.repeat(Math.ceil(MAX_SAMPLE_CHARS / 10));
    assert.equal(inferSchema(multiline).fields[1].type, 'Custom List');
  });
});
