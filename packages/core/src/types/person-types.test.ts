import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fakerPackage from '@faker-js/faker';
import { generate } from '../engine/generate.js';
import { generateObjects } from '../engine/sample.js';

const { en } = fakerPackage;

const FEMALE = new Set(en.person!.first_name!.female!);
const MALE = new Set(en.person!.first_name!.male!);

const SCHEMA = [
  { name: 'first', type: 'First Name' },
  { name: 'last', type: 'Last Name' },
  { name: 'full', type: 'Full Name' },
  { name: 'gender', type: 'Gender' },
  { name: 'email', type: 'Email Address' },
  { name: 'user', type: 'Username' },
];

describe('person family', () => {
  const n = 20_000;
  const rows = generateObjects(SCHEMA, { count: n, seed: 'people' }) as Record<string, string>[];

  test("first names agree with the row's gender", () => {
    for (const row of rows) {
      if (row.gender === 'Female') assert.ok(FEMALE.has(row.first), `${row.first} is not a female name`);
      else if (row.gender === 'Male') assert.ok(MALE.has(row.first), `${row.first} is not a male name`);
      else assert.ok(FEMALE.has(row.first) || MALE.has(row.first));
    }
  });

  test("full name, email and username are built from the row's names and row number", () => {
    rows.forEach((row, i) => {
      assert.equal(row.full, `${row.first} ${row.last}`);
      const stem =
        (row.first
          .normalize('NFD')
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')[0] ?? '') +
        row.last
          .normalize('NFD')
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '');
      assert.equal(row.user, `${stem}${i}`);
      assert.match(row.email, new RegExp(`^${stem}${i}@[a-z0-9.-]+\\.[a-z]{2,}$`));
    });
    assert.equal(new Set(rows.map((r) => r.email)).size, n, 'emails are unique');
  });

  test('genders: about 48% male, 47.8% female, the rest other identities', () => {
    const share = (g: string) => rows.filter((r) => r.gender === g).length / n;
    const tolerance = 6 * Math.sqrt((0.5 * 0.5) / n);
    assert.ok(Math.abs(share('Male') - 0.48) < tolerance, `male ${share('Male')}`);
    assert.ok(Math.abs(share('Female') - 0.478) < tolerance, `female ${share('Female')}`);
    const others = new Set(rows.map((r) => r.gender).filter((g) => g !== 'Male' && g !== 'Female'));
    assert.ok(others.size >= 5, [...others].join(','));
  });

  test('names are varied, not constant', () => {
    assert.ok(new Set(rows.map((r) => r.first)).size > 1000);
    assert.ok(new Set(rows.map((r) => r.last)).size > 400);
  });
});

describe('person family: abbreviation, title, sexed and European first names, suffix', () => {
  // The independent oracle: the EU locales' own lists, read from faker's full package.
  const EU_LOCALES = [
    fakerPackage.de,
    fakerPackage.de_CH,
    fakerPackage.fr,
    fakerPackage.fr_BE,
    fakerPackage.fr_CH,
    fakerPackage.es,
    fakerPackage.it,
    fakerPackage.nl,
    fakerPackage.nl_BE,
    fakerPackage.pl,
    fakerPackage.pt_PT,
    fakerPackage.sv,
    fakerPackage.da,
    fakerPackage.nb_NO,
    fakerPackage.fi,
    fakerPackage.cs_CZ,
    fakerPackage.sk,
    fakerPackage.hu,
    fakerPackage.ro,
    fakerPackage.hr,
    fakerPackage.sl_SI,
    fakerPackage.lv,
    fakerPackage.sr_RS_latin,
  ];
  const EU_FEMALE = new Set(EU_LOCALES.flatMap((l) => l.person!.first_name!.female!));
  const EU_MALE = new Set(EU_LOCALES.flatMap((l) => l.person!.first_name!.male!));
  const EXTENDED = [
    { name: 'gender', type: 'Gender' },
    { name: 'abbrev', type: 'Gender (abbrev)' },
    { name: 'title', type: 'Title' },
    { name: 'first', type: 'First Name' },
    { name: 'male', type: 'First Name (Male)' },
    { name: 'female', type: 'First Name (Female)' },
    { name: 'european', type: 'First Name (European)' },
    { name: 'suffix', type: 'Suffix' },
    { name: 'full', type: 'Full Name' },
  ];
  const n = 20_000;
  const rows = generateObjects(EXTENDED, { count: n, seed: 'extended people' }) as Record<string, string>[];
  const isOther = (gender: string) => gender !== 'Male' && gender !== 'Female';

  test('Gender (abbrev) is M, F, or X for the other identities', () => {
    for (const row of rows)
      assert.equal(row.abbrev, row.gender === 'Male' ? 'M' : row.gender === 'Female' ? 'F' : 'X', row.gender);
    assert.ok(rows.some((r) => r.abbrev === 'X'));
  });

  test('titles match the gender: Mr for men, Mrs/Ms/Miss for women, Mx for others, Dr/Rev/Honorable for anyone', () => {
    const byGroup = { Male: new Set(['Mr']), Female: new Set(['Mrs', 'Ms', 'Miss']), other: new Set(['Mx']) };
    const neutral = new Set(['Dr', 'Rev', 'Honorable']);
    for (const row of rows) {
      const own = isOther(row.gender) ? byGroup.other : byGroup[row.gender as 'Male' | 'Female'];
      assert.ok(own.has(row.title) || neutral.has(row.title), `${row.title} for ${row.gender}`);
    }
    const men = rows.filter((r) => r.gender === 'Male');
    const mrShare = men.filter((r) => r.title === 'Mr').length / men.length;
    assert.ok(Math.abs(mrShare - 0.86) < 0.03, `Mr share ${mrShare}`);
    const seen = new Set(rows.map((r) => r.title));
    for (const title of ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Rev', 'Honorable']) assert.ok(seen.has(title), title);
  });

  test("First Name (Male) and (Female) are always of that sex, and the row's own name when it is of that sex", () => {
    for (const row of rows) {
      assert.ok(MALE.has(row.male), `${row.male} is not male`);
      assert.ok(FEMALE.has(row.female), `${row.female} is not female`);
      if (MALE.has(row.first)) assert.equal(row.male, row.first);
      if (FEMALE.has(row.first)) assert.equal(row.female, row.first);
      if (row.gender === 'Male') assert.equal(row.male, row.first);
      if (row.gender === 'Female') assert.equal(row.female, row.first);
    }
    // For the other sex the field draws names of its own, varied ones.
    assert.ok(new Set(rows.filter((r) => r.gender === 'Female').map((r) => r.male)).size > 1000);
  });

  test("First Name (European) comes from the EU locales' list of the row's sex, in Latin script", () => {
    for (const row of rows) {
      if (row.gender === 'Male') assert.ok(EU_MALE.has(row.european), `${row.european} is not a European male name`);
      else if (row.gender === 'Female')
        assert.ok(EU_FEMALE.has(row.european), `${row.european} is not a European female name`);
      else assert.ok(EU_MALE.has(row.european) || EU_FEMALE.has(row.european), row.european);
      assert.match(row.european, /^[\p{Script=Latin}][\p{Script=Latin} '’-]*$/u);
    }
    const distinct = new Set(rows.map((r) => r.european));
    assert.ok(distinct.size > 3000, `${distinct.size} distinct names`);
    // Every country contributes: each locale has names of its own among the values.
    for (const locale of EU_LOCALES) {
      const own = new Set([...locale.person!.first_name!.female!, ...locale.person!.first_name!.male!]);
      assert.ok(
        [...distinct].some((name) => own.has(name)),
        `no names of ${locale.metadata!.code}`,
      );
    }
    assert.ok(rows.filter((r) => /[^\p{ASCII}]/u.test(r.european)).length > n / 10, 'diacritics are common');
  });

  test("suffixes are faker's, without full stops, and all of them occur", () => {
    const allowed = ['Jr', 'Sr', 'II', 'III', 'IV', 'V', 'MD', 'DDS', 'PhD', 'DVM'];
    for (const row of rows) assert.ok(allowed.includes(row.suffix), row.suffix);
    assert.deepEqual(new Set(rows.map((r) => r.suffix)), new Set(allowed));
  });

  test('the new fields leave the old ones as they were, and repeat for a seed', () => {
    const old = generateObjects(SCHEMA, { count: 200, seed: 'extended people' }) as Record<string, string>[];
    rows.slice(0, 200).forEach((row, i) => {
      assert.equal(row.first, old[i].first);
      assert.equal(row.gender, old[i].gender);
      assert.equal(row.full, old[i].full);
    });
    assert.deepEqual(generateObjects(EXTENDED, { count: 200, seed: 'extended people' }), rows.slice(0, 200));
    assert.notDeepEqual(generateObjects(EXTENDED, { count: 200, seed: 'other people' }), rows.slice(0, 200));
  });

  test('European names work on worker threads too, with the same values', async () => {
    const fields = [
      { name: 'gender', type: 'Gender' },
      { name: 'european', type: 'First Name (European)' },
    ];
    const text = async (workers: number) => {
      const chunks: Buffer[] = [];
      for await (const chunk of generate({ fields, count: 3000, seed: 9, writer: { format: 'csv' }, workers }).stream)
        chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks).toString('utf8');
    };
    const single = await text(1);
    assert.equal(await text(3), single);
    assert.equal(single.trim().split('\n').length, 3001);
  });
});
