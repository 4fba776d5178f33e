/**
 * Invents the identifiers of banks.json and hospitals.json: structurally valid, with correct
 * check digits, but not the institutions' real ones (which we have no licensed source for).
 * Deterministic (each value comes from a SHA-256 of the record's name), so re-running rewrites
 * the same values; a clash with an earlier record moves on to the next attempt. Run by hand
 * after `npx tsc -b packages/core` (the check digits use Rowloom's own compiled checksums):
 *
 *   node packages/core/scripts/invent-identifiers.mjs
 *
 * banks.json gains: routingNumber (ABA, 3-7-1 checksum), bic (SWIFT BIC of the bank's country),
 * lei (ISO 17442, ISO 7064 MOD 97-10 check digits), riad (country + 5 digits, like ECB RIAD codes).
 * hospitals.json gains: npi (10 digits, Luhn check digit over the 80840 prefix).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { luhnCheckDigit } from '../dist/checksums/luhn.js';
import { mod97OfText } from '../dist/checksums/mod97.js';

const DATA = new URL('../data/', import.meta.url);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALPHANUMERIC = '0123456789' + LETTERS;
/** Location-code characters that carry no special meaning (a second character 0, 1 or 2 does). */
const LOCATION = '3456789' + LETTERS;
/** Prefixes of real LEI issuers (LOUs); the rest of each LEI is invented. */
const LEI_PREFIXES = ['5493', '2138', '5299', '9695', '7245', '8156', '3003', '6354'];

/** An endless stream of pseudo-random integers below `n`, from the SHA-256 of `seed`. */
function stream(seed) {
  let block = 0;
  let bytes = [];
  return (n) => {
    if (bytes.length === 0) bytes = [...createHash('sha256').update(`${seed}#${block++}`).digest()];
    return ((bytes.shift() << 8) | (bytes.shift() ?? 0)) % n;
  };
}

const pick = (next, alphabet, count) => Array.from({ length: count }, () => alphabet[next(alphabet.length)]).join('');

function routingNumber(next) {
  // The first two digits are a Federal Reserve district, 01-12.
  const district = next(12) + 1;
  const digits = [Math.floor(district / 10), district % 10];
  for (let i = 0; i < 6; i++) digits.push(next(10));
  const weights = [3, 7, 1, 3, 7, 1, 3, 7];
  const sum = digits.reduce((total, digit, i) => total + digit * weights[i], 0);
  return digits.join('') + ((10 - (sum % 10)) % 10);
}

function bankCode(name, next) {
  const words = name
    .toUpperCase()
    .replace(/[^A-Z ]/g, '')
    .split(' ')
    .filter((w) => w && !['THE', 'OF', 'AND', 'FOR', 'DE', 'DEL', 'DI', 'DU', 'LA'].includes(w));
  let code = words
    .map((w) => w[0])
    .join('')
    .slice(0, 4);
  const rest = (words[0] ?? '').slice(1);
  for (const letter of rest) if (code.length < 4) code += letter;
  while (code.length < 4) code += LETTERS[next(26)];
  return code;
}

function bic(name, country, next) {
  const location = LOCATION[next(LOCATION.length)] + LOCATION[next(LOCATION.length)];
  return bankCode(name, next) + country + location + (next(2) === 0 ? '' : 'XXX');
}

function lei(next) {
  const body = LEI_PREFIXES[next(LEI_PREFIXES.length)] + '00' + pick(next, ALPHANUMERIC, 12);
  const check = 98 - mod97OfText(body + '00');
  return body + String(check).padStart(2, '0');
}

const riad = (country, next) => country + pick(next, '0123456789', 5);

function npi(next) {
  const digits = [1 + next(2), ...Array.from({ length: 8 }, () => next(10))];
  return digits.join('') + luhnCheckDigit([8, 0, 8, 4, 0, ...digits]);
}

/** Adds `make(record, next)` as column `column`, unique over the file (the key drops a BIC's branch). */
function invent(table, column, make, key = (value) => value) {
  const taken = new Set();
  const at = table.columns.indexOf(column);
  const index = at >= 0 ? at : table.columns.push(column) - 1;
  for (const row of table.rows) {
    for (let attempt = 0; ; attempt++) {
      const value = make(row, stream(`${row[0]}|${column}|${attempt}`));
      if (taken.has(key(value))) continue;
      taken.add(key(value));
      row[index] = value;
      break;
    }
  }
}

function write(file, table) {
  const rows = table.rows.map((row) => JSON.stringify(row)).join(',\n');
  writeFileSync(
    new URL(file, DATA),
    `{"source":${JSON.stringify(table.source)},"columns":${JSON.stringify(table.columns)},"rows":[\n${rows}\n]}\n`,
  );
}

const banks = JSON.parse(readFileSync(new URL('banks.json', DATA), 'utf8'));
invent(banks, 'routingNumber', (_row, next) => routingNumber(next));
invent(
  banks,
  'bic',
  (row, next) => bic(row[0], row[4], next),
  (value) => value.slice(0, 8),
);
invent(banks, 'lei', (_row, next) => lei(next));
invent(banks, 'riad', (row, next) => riad(row[4], next));
write('banks.json', banks);

const hospitals = JSON.parse(readFileSync(new URL('hospitals.json', DATA), 'utf8'));
invent(hospitals, 'npi', (_row, next) => npi(next));
write('hospitals.json', hospitals);
