/**
 * SQL type names of PostgreSQL, MariaDB/MySQL and SQLite -> one description: the kind of value
 * (what inference reads) and the type as written in the document's facts, in one spelling for
 * every source ("character varying(20)", pg_catalog.varchar with typmod 20 and VARCHAR(20) all
 * give varchar(20)), so a DDL file and the live database it created import alike.
 */
export type SqlKind =
  | 'integer'
  | 'decimal'
  | 'float'
  | 'boolean'
  | 'text'
  | 'date'
  | 'datetime'
  | 'time'
  | 'uuid'
  | 'json'
  | 'binary'
  | 'inet'
  | 'mac'
  | 'interval'
  | 'year'
  | 'array'
  | 'other';

export interface SqlType {
  /** As the document shows it: "varchar(255)", "numeric(10,2)", "timestamp with time zone". */
  declared: string;
  kind: SqlKind;
  /** Most characters of a text type (varchar(n), char(n)). */
  length?: number;
  /** char(n): always n characters (padded). */
  fixed?: boolean;
  /** Digits of a numeric(p,s). */
  precision?: number;
  scale?: number;
  /** The smallest and largest value of an integer type. */
  min?: number;
  max?: number;
  /** A timestamp or time with time zone. */
  zone?: boolean;
}

interface Family {
  kind: SqlKind;
  /** The name the document writes. */
  canonical: string;
  /** Integer range: [signed min, signed max, unsigned max]. */
  range?: [number, number, number];
  zone?: boolean;
  fixed?: boolean;
}

const INT8: [number, number, number] = [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
const INT4: [number, number, number] = [-2147483648, 2147483647, 4294967295];
const INT3: [number, number, number] = [-8388608, 8388607, 16777215];
const INT2: [number, number, number] = [-32768, 32767, 65535];
const INT1: [number, number, number] = [-128, 127, 255];

const family = (kind: SqlKind, canonical: string, extra: Partial<Family> = {}): Family => ({
  kind,
  canonical,
  ...extra,
});

/** Lower-case names (spaces single) -> family; pg_catalog's internal names included. */
const FAMILIES: Record<string, Family> = {
  smallint: family('integer', 'smallint', { range: INT2 }),
  int2: family('integer', 'smallint', { range: INT2 }),
  smallserial: family('integer', 'smallint', { range: INT2 }),
  tinyint: family('integer', 'tinyint', { range: INT1 }),
  mediumint: family('integer', 'mediumint', { range: INT3 }),
  integer: family('integer', 'integer', { range: INT4 }),
  int: family('integer', 'integer', { range: INT4 }),
  int4: family('integer', 'integer', { range: INT4 }),
  serial: family('integer', 'integer', { range: INT4 }),
  bigint: family('integer', 'bigint', { range: INT8 }),
  int8: family('integer', 'bigint', { range: INT8 }),
  bigserial: family('integer', 'bigint', { range: INT8 }),
  numeric: family('decimal', 'numeric'),
  decimal: family('decimal', 'decimal'),
  money: family('decimal', 'money'),
  real: family('float', 'real'),
  float4: family('float', 'real'),
  float: family('float', 'float'),
  double: family('float', 'double precision'),
  'double precision': family('float', 'double precision'),
  float8: family('float', 'double precision'),
  boolean: family('boolean', 'boolean'),
  bool: family('boolean', 'boolean'),
  varchar: family('text', 'varchar'),
  'character varying': family('text', 'varchar'),
  nvarchar: family('text', 'varchar'),
  char: family('text', 'char', { fixed: true }),
  character: family('text', 'char', { fixed: true }),
  bpchar: family('text', 'char', { fixed: true }),
  nchar: family('text', 'char', { fixed: true }),
  text: family('text', 'text'),
  tinytext: family('text', 'tinytext'),
  mediumtext: family('text', 'mediumtext'),
  longtext: family('text', 'longtext'),
  citext: family('text', 'citext'),
  clob: family('text', 'text'),
  enum: family('text', 'enum'),
  set: family('text', 'set'),
  date: family('date', 'date'),
  timestamp: family('datetime', 'timestamp'),
  'timestamp without time zone': family('datetime', 'timestamp'),
  'timestamp with time zone': family('datetime', 'timestamp with time zone', { zone: true }),
  timestamptz: family('datetime', 'timestamp with time zone', { zone: true }),
  datetime: family('datetime', 'datetime'),
  time: family('time', 'time'),
  'time without time zone': family('time', 'time'),
  'time with time zone': family('time', 'time with time zone', { zone: true }),
  timetz: family('time', 'time with time zone', { zone: true }),
  interval: family('interval', 'interval'),
  year: family('year', 'year'),
  uuid: family('uuid', 'uuid'),
  json: family('json', 'json'),
  jsonb: family('json', 'jsonb'),
  bytea: family('binary', 'bytea'),
  blob: family('binary', 'blob'),
  tinyblob: family('binary', 'tinyblob'),
  mediumblob: family('binary', 'mediumblob'),
  longblob: family('binary', 'longblob'),
  binary: family('binary', 'binary'),
  varbinary: family('binary', 'varbinary'),
  bit: family('binary', 'bit'),
  inet: family('inet', 'inet'),
  cidr: family('inet', 'cidr'),
  macaddr: family('mac', 'macaddr'),
};

export interface TypeArguments {
  /** The numbers in parentheses: varchar(20), numeric(10,2), tinyint(1). */
  args?: number[];
  unsigned?: boolean;
  /** An array of the type (PostgreSQL int[]). */
  array?: boolean;
}

const TEXT_WITH_LENGTH = new Set(['varchar', 'char']);
/** Types whose number is a display width (MySQL int(11)) or a precision of seconds, not shown. */
const ARGS_HIDDEN = new Set<SqlKind>(['integer', 'datetime', 'time', 'float', 'year']);

/** A type by name (any case, any of the spellings above), with its arguments. */
export function sqlType(rawName: string, { args = [], unsigned = false, array = false }: TypeArguments = {}): SqlType {
  const name = rawName.trim().toLowerCase().replace(/\s+/g, ' ');
  const known = FAMILIES[name];
  if (array) return { declared: `${known?.canonical ?? name}[]`, kind: 'array' };
  if (!known) return { declared: name, kind: 'other' };
  // MySQL's tinyint(1) and bit(1) are its booleans.
  if ((known.canonical === 'tinyint' || known.canonical === 'bit') && args[0] === 1)
    return { declared: `${known.canonical}(1)`, kind: 'boolean' };
  const shownArgs = ARGS_HIDDEN.has(known.kind) || known.canonical === 'enum' || known.canonical === 'set' ? [] : args;
  let declared = shownArgs.length > 0 ? `${known.canonical}(${shownArgs.join(',')})` : known.canonical;
  if (unsigned && known.kind !== 'text') declared += ' unsigned';
  const type: SqlType = { declared, kind: known.kind };
  if (known.zone) type.zone = true;
  if (known.kind === 'text' && TEXT_WITH_LENGTH.has(known.canonical)) {
    // char with no length is char(1), as both databases read it.
    const length = args[0] ?? (known.fixed ? 1 : undefined);
    if (length !== undefined) type.length = length;
    if (known.fixed) {
      type.fixed = true;
      type.declared = `char(${length})`;
    }
  }
  if (known.range) {
    const [min, max, unsignedMax] = known.range;
    type.min = unsigned ? 0 : min;
    type.max = unsigned ? unsignedMax : max;
  }
  if (known.kind === 'decimal' && args.length > 0) {
    type.precision = args[0];
    type.scale = args[1] ?? 0;
  }
  return type;
}

/** What a Reference's key_kind says of a parent column of this type (types/reference-params). */
export function keyKindOf(type: SqlType): 'integer' | 'number' | 'string' | 'date' | 'datetime' {
  switch (type.kind) {
    case 'integer':
    case 'year':
      return 'integer';
    case 'decimal':
    case 'float':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      return 'string';
  }
}

/**
 * A type as a database's catalogue writes it ("character varying(20)", "bigint(20) unsigned",
 * "timestamp(3) with time zone", "integer[]", "NUMERIC(10, 2)"): name, numbers, modifiers.
 */
export function sqlTypeFromText(text: string): SqlType {
  const lower = text.trim().toLowerCase();
  const array = lower.endsWith('[]');
  const bare = array ? lower.replace(/(\[\])+$/, '') : lower;
  const match =
    /^([a-z_][a-z0-9_ ]*?)\s*(?:\(([^)]*)\))?((?:\s*(?:unsigned|zerofill|with time zone|without time zone))*)$/.exec(
      bare,
    );
  if (!match) return { declared: lower, kind: array ? 'array' : 'other' };
  const [, name, numbers = '', rest] = match;
  const args = numbers
    .split(',')
    .filter((n) => n.trim() !== '')
    .map((n) => Number(n.trim()))
    .filter((n) => Number.isInteger(n));
  const modifiers = rest.trim();
  const unsigned = /\bunsigned\b/.test(modifiers);
  const zone = modifiers.replace(/\b(unsigned|zerofill)\b/g, '').trim();
  // "timestamp(3) with time zone": the modifier belongs to the name.
  const fullName = zone.startsWith('with') || zone.startsWith('without') ? `${name} ${zone}` : name;
  return sqlType(fullName, { args, unsigned, array });
}
