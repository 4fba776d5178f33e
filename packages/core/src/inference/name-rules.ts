/**
 * The curated table of column names -> types: the first rule whose pattern matches the name's
 * words (column-name.ts: "createdAt" reads "created_at") gives the field's type and parameters.
 * Every type named here is a registry type (a test checks each against the registry and
 * compiles it). Order matters: specific names come before the general ones they contain
 * ("email_address" before "address", "company_name" before "name").
 */
import { ALL_TYPES } from '../types/registry.js';
import { nameWords } from './column-name.js';
import type { Proposal } from './proposal.js';
import type { ValueKind } from './value-kind.js';

export interface NameRule {
  pattern: RegExp;
  type: string;
  params?: Record<string, unknown>;
  /** What the name looks like, for the reason: "an email column". */
  what: string;
  /** Kinds of values that fit this name, so the name's type stays (a zip of five digits). */
  accepts?: readonly ValueKind[];
  /** The whole reason, when "name looks like <what>" does not fit. */
  reason?: string;
}

/** Whole name: ^(a|b)$; a last word: (^|_)(a|b)$; anywhere as words: (^|_)(a|b)(_|$). */
const whole = (...names: string[]) => new RegExp(`^(?:${names.join('|')})$`);
const ending = (...names: string[]) => new RegExp(`(?:^|_)(?:${names.join('|')})$`);
const word = (...names: string[]) => new RegExp(`(?:^|_)(?:${names.join('|')})(?:_|$)`);

const INTEGER = ['integer', 'decimal'] as const;
const DIGITS = ['digits', 'integer', 'code'] as const;
const money = { min: 1, max: 1000, decimals: 2 };

export const NAME_RULES: readonly NameRule[] = [
  // Ids, flags and dates first: "customer_id", "is_paid" and "paid_at" are not names or amounts.
  {
    pattern: whole('id', 'ids', 'row_id', 'row', 'row_number', 'row_num', 'rownum', 'no', 'num'),
    type: 'Row Number',
    what: 'a row id',
    accepts: ['integer'],
  },
  { pattern: ending('uuid', 'guid'), type: 'GUID', what: 'a UUID column' },
  { pattern: ending('ulid'), type: 'ULID', what: 'a ULID column' },
  {
    pattern: ending('id', 'key', 'ref'),
    type: 'Number',
    params: { min: 1, max: 100000, decimals: 0 },
    what: 'an identifier',
    accepts: INTEGER,
  },
  { pattern: /^(?:is|has|can|should|was|did|allow|allows)_/, type: 'Boolean', what: 'a yes/no flag' },
  {
    pattern: whole(
      'active',
      'enabled',
      'disabled',
      'verified',
      'deleted',
      'archived',
      'published',
      'visible',
      'hidden',
      'locked',
      'admin',
      'approved',
      'paid',
      'subscribed',
      'opt_in',
      'flag',
    ),
    type: 'Boolean',
    what: 'a yes/no flag',
  },
  { pattern: ending('flag', 'enabled', 'active'), type: 'Boolean', what: 'a yes/no flag' },
  {
    pattern: word('birthday', 'birthdate', 'birth_date', 'date_of_birth', 'dob'),
    type: 'Date',
    params: { min: '01/01/1950', max: '12/31/2005', format: '%Y-%m-%d' },
    what: 'a birth date',
  },
  {
    pattern: word('timestamp', 'datetime', 'date_time'),
    type: 'Datetime',
    params: { min: '01/01/2020', max: '12/31/2025' },
    what: 'a timestamp',
  },
  {
    pattern: ending('at', 'ts'),
    type: 'Datetime',
    params: { min: '01/01/2020', max: '12/31/2025' },
    what: 'a timestamp',
  },
  {
    pattern: /(?:^|_)(?:date|day|on)$|^date_/,
    type: 'Date',
    params: { min: '01/01/2020', max: '12/31/2025', format: '%Y-%m-%d' },
    what: 'a date',
  },
  { pattern: ending('time', 'hour'), type: 'Time', what: 'a time of day' },
  // Network, contact and account columns.
  { pattern: word('ip_v6', 'ipv6'), type: 'IP Address v6', what: 'an IPv6 address' },
  { pattern: word('ip', 'ipv4', 'ip_v4', 'ip_address', 'ipaddress'), type: 'IP Address v4', what: 'an IP address' },
  { pattern: word('mac', 'mac_address', 'macaddress'), type: 'MAC Address', what: 'a MAC address' },
  { pattern: word('email', 'e_mail', 'email_address', 'mail'), type: 'Email Address', what: 'an email column' },
  { pattern: word('password_hash', 'pw_hash', 'hashed_password'), type: 'Password Hash', what: 'a password hash' },
  { pattern: word('password', 'passwd', 'pwd'), type: 'Password', what: 'a password' },
  {
    pattern: word('user_name', 'username', 'login', 'handle', 'screen_name', 'nickname'),
    type: 'Username',
    what: 'a user name',
  },
  {
    pattern: word('phone', 'phone_number', 'phonenumber', 'mobile', 'cell', 'telephone', 'tel', 'fax'),
    type: 'Phone',
    what: 'a phone number',
    accepts: ['phone', 'digits', 'integer', 'code'],
  },
  {
    pattern: word('url', 'uri', 'website', 'web_site', 'homepage', 'home_page', 'link', 'href'),
    type: 'URL',
    what: 'a URL',
  },
  { pattern: word('domain', 'domain_name', 'hostname'), type: 'Domain Name', what: 'a domain name' },
  { pattern: word('user_agent', 'useragent'), type: 'User Agent', what: 'a user agent' },
  {
    pattern: word('avatar', 'avatar_url', 'profile_picture', 'photo', 'image', 'image_url', 'picture'),
    type: 'Avatar',
    what: 'an avatar image',
  },
  // People.
  {
    pattern: word('first_name', 'firstname', 'given_name', 'fname', 'forename', 'middle_name'),
    type: 'First Name',
    what: 'a first name',
  },
  { pattern: word('last_name', 'lastname', 'surname', 'family_name', 'lname'), type: 'Last Name', what: 'a last name' },
  { pattern: word('gender', 'sex'), type: 'Gender', what: 'a gender' },
  {
    pattern: whole('title', 'salutation', 'honorific', 'prefix', 'name_prefix'),
    type: 'Title',
    what: 'a title such as Mr or Dr',
  },
  { pattern: whole('suffix', 'name_suffix'), type: 'Suffix', what: 'a name suffix' },
  { pattern: word('ssn', 'social_security_number'), type: 'SSN', what: 'a social security number', accepts: DIGITS },
  // Work and commerce.
  {
    pattern: word(
      'company',
      'company_name',
      'employer',
      'organization',
      'organisation',
      'business',
      'vendor',
      'supplier',
      'manufacturer',
    ),
    type: 'Company Name',
    what: 'a company name',
  },
  { pattern: word('job_title', 'jobtitle', 'job', 'occupation', 'profession'), type: 'Job Title', what: 'a job title' },
  { pattern: word('department', 'dept'), type: 'Department (Corporate)', what: 'a department' },
  { pattern: word('university', 'college', 'school'), type: 'University', what: 'a university' },
  {
    pattern: word('sku', 'product_code', 'item_code', 'part_number'),
    type: 'Character Sequence',
    params: { format: '^^^-#####' },
    what: 'a stock-keeping unit',
    accepts: ['code'],
  },
  { pattern: word('product_name', 'product', 'item_name'), type: 'Product Name', what: 'a product name' },
  { pattern: word('stock_symbol', 'ticker'), type: 'Stock Symbol', what: 'a stock symbol' },
  { pattern: word('iban'), type: 'IBAN', what: 'an IBAN', accepts: ['code'] },
  { pattern: word('card_type', 'credit_card_type', 'cc_type'), type: 'Credit Card Type', what: 'a credit card type' },
  {
    pattern: word('credit_card', 'creditcard', 'card_number', 'cc_number', 'ccn', 'credit_card_number'),
    type: 'Credit Card #',
    what: 'a credit card number',
    accepts: DIGITS,
  },
  { pattern: word('currency_name'), type: 'Currency', what: 'a currency' },
  { pattern: word('currency', 'currency_code', 'ccy'), type: 'Currency Code', what: 'a currency code' },
  { pattern: word('isbn'), type: 'ISBN', what: 'an ISBN', accepts: DIGITS },
  { pattern: word('vin'), type: 'Car VIN', what: 'a vehicle identification number', accepts: ['code'] },
  // Places.
  {
    pattern: whole('address_2', 'address2', 'address_line_2', 'apartment', 'apt', 'suite'),
    type: 'Address Line 2',
    what: 'a second address line',
  },
  { pattern: word('street_name'), type: 'Street Name', what: 'a street name' },
  {
    pattern: word('street_number', 'house_number'),
    type: 'Street Number',
    what: 'a street number',
    accepts: ['integer', 'digits'],
  },
  {
    pattern: word('address', 'street', 'street_address', 'address_1', 'address1', 'address_line_1', 'addr'),
    type: 'Street Address',
    what: 'a street address',
  },
  { pattern: word('city', 'town', 'municipality', 'locality'), type: 'City', what: 'a city' },
  {
    pattern: word('state_code', 'state_abbr', 'state_abbrev', 'state_abbreviation'),
    type: 'State (abbrev)',
    what: 'a state code',
    accepts: ['code'],
  },
  { pattern: word('state', 'province', 'region', 'county'), type: 'State', what: 'a state or province' },
  {
    pattern: word('zip', 'zipcode', 'zip_code', 'postal', 'postal_code', 'postcode', 'post_code'),
    type: 'Postal Code',
    what: 'a postal code',
    accepts: [...DIGITS, 'text'],
  },
  {
    pattern: word('country_code', 'country_iso', 'iso_country'),
    type: 'Country Code',
    what: 'a country code',
    accepts: ['code'],
  },
  { pattern: word('country', 'nation'), type: 'Country', what: 'a country' },
  { pattern: ending('lat', 'latitude'), type: 'Latitude', what: 'a latitude', accepts: INTEGER },
  { pattern: ending('lng', 'lon', 'long', 'longitude'), type: 'Longitude', what: 'a longitude', accepts: INTEGER },
  { pattern: word('time_zone', 'timezone', 'tz'), type: 'Time Zone', what: 'a time zone' },
  { pattern: word('language_code', 'locale', 'lang'), type: 'Language Code', what: 'a language code' },
  { pattern: word('language'), type: 'Language', what: 'a language' },
  // Other named things.
  { pattern: word('hex_color', 'hex_colour', 'color_hex'), type: 'Hex Color', what: 'a hex color' },
  { pattern: word('color', 'colour'), type: 'Color', what: 'a color' },
  { pattern: word('file_name', 'filename'), type: 'File Name', what: 'a file name' },
  { pattern: word('mime_type', 'content_type', 'mimetype'), type: 'MIME Type', what: 'a MIME type' },
  { pattern: word('md5'), type: 'MD5', what: 'an MD5 hash' },
  { pattern: word('sha1'), type: 'SHA1', what: 'a SHA-1 hash' },
  { pattern: word('sha256', 'sha_256'), type: 'SHA256', what: 'a SHA-256 hash' },
  { pattern: word('slogan', 'tagline', 'motto'), type: 'Slogan', what: 'a slogan' },
  // "name" last among names: "file_name", "city_name" and "company_name" are named above.
  {
    pattern: word(
      'full_name',
      'fullname',
      'name',
      'customer',
      'contact',
      'author',
      'owner',
      'person',
      'employee',
      'display_name',
    ),
    type: 'Full Name',
    what: "a person's name",
  },
  // Numbers.
  {
    pattern: word(
      'price',
      'amount',
      'cost',
      'total',
      'subtotal',
      'sub_total',
      'tax',
      'fee',
      'fees',
      'balance',
      'revenue',
      'salary',
      'wage',
      'income',
      'payment',
      'discount',
      'spend',
      'budget',
    ),
    type: 'Number',
    params: money,
    what: 'an amount of money',
    accepts: ['money'],
  },
  {
    pattern: word('quantity', 'qty', 'count', 'units', 'stock', 'inventory'),
    type: 'Number',
    params: { min: 1, max: 100, decimals: 0 },
    what: 'a quantity',
  },
  { pattern: word('age'), type: 'Number', params: { min: 18, max: 90, decimals: 0 }, what: 'an age' },
  { pattern: word('year'), type: 'Number', params: { min: 1990, max: 2030, decimals: 0 }, what: 'a year' },
  { pattern: word('rating', 'stars'), type: 'Number', params: { min: 1, max: 5, decimals: 0 }, what: 'a rating' },
  {
    pattern: word('score', 'percent', 'percentage', 'pct', 'rate', 'ratio'),
    type: 'Number',
    params: { min: 0, max: 100, decimals: 2 },
    what: 'a score or percentage',
  },
  {
    pattern: word('weight', 'height', 'width', 'length', 'depth', 'distance', 'duration'),
    type: 'Number',
    params: { min: 1, max: 100, decimals: 1 },
    what: 'a measure',
  },
  {
    pattern: ending('number', 'no', 'num', 'nr', 'code'),
    type: 'Number',
    params: { min: 1, max: 100000, decimals: 0 },
    what: 'an identifier',
    accepts: INTEGER,
  },
  // Text.
  {
    pattern: word(
      'description',
      'desc',
      'notes',
      'note',
      'comment',
      'comments',
      'summary',
      'bio',
      'about',
      'body',
      'message',
      'text',
      'details',
      'remarks',
      'review',
      'content',
    ),
    type: 'Sentences',
    params: { min: 1, max: 3 },
    what: 'free text',
  },
  {
    pattern: word('title', 'subject', 'headline', 'caption', 'label'),
    type: 'Words',
    params: { min: 2, max: 6 },
    what: 'a title',
  },
  { pattern: word('tag', 'tags', 'keyword', 'keywords'), type: 'Buzzword', what: 'a tag' },
];

/** Letters and digits only, lower case: "Email Address", "email-address" and "EmailAddress" are one name. */
const squeezed = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Types that make sense with no parameters: not those that need some, nor the structural ones. */
const TYPES_BY_NAME = new Map(
  ALL_TYPES.filter((type) => !type.params.some((p) => p.required) && !type.structure && type.name !== 'Blank').flatMap(
    (type) => [type.name, ...(type.aliases ?? [])].map((name) => [squeezed(name), type.name] as const),
  ),
);

/** The type whose own name or alias the column's name is, as a rule. */
function typeNamed(name: string): NameRule | null {
  const type = TYPES_BY_NAME.get(squeezed(name));
  if (type === undefined) return null;
  // The values that fit the curated names of the type fit its own name too (numbers for Latitude).
  const accepts = NAME_RULES.find((rule) => rule.type === type)?.accepts;
  return { pattern: /^/, type, what: type, accepts, reason: `name is the type's name (${type})` };
}

/**
 * The rule the column's name matches, or null when none does. A name of several words that is a
 * type's own name or alias ("Email Address", "Car Model Year") is that type; a single word is
 * read by the curated table first ("currency" columns hold codes more often than names), then
 * as a type's name ("Normal", "Frequency").
 */
export function ruleForName(name: string): NameRule | null {
  const words = nameWords(name);
  const curated = () => NAME_RULES.find((rule) => rule.pattern.test(words)) ?? null;
  return words.includes('_') ? (typeNamed(name) ?? curated()) : (curated() ?? typeNamed(name));
}

export function proposalOf(rule: NameRule): Proposal {
  return { type: rule.type, params: { ...(rule.params ?? {}) }, reason: rule.reason ?? `name looks like ${rule.what}` };
}
