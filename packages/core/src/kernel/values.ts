/**
 * The values a generator produces and writers consume.
 *
 * Kept deliberately small: writers switch on `typeof` for the common scalars, so the hot path
 * never allocates wrapper objects for ordinary strings and numbers.
 */

/**
 * Text written exactly as given where a format can hold code: SQL Expression values are bare in
 * SQL output (and ordinary strings elsewhere); the formula language's `code()` makes values that are bare in every format.
 */
export class Verbatim {
  constructor(
    readonly text: string,
    /** true: bare in every format (code()); false: bare in SQL only (SQL Expression). */
    readonly everywhere: boolean,
  ) {}
  toString(): string {
    return this.text;
  }
}

/**
 * A value whose JSON form is a JSON value of its own (an object, not a string): `json` is written
 * as it is in JSON output, and `text` (the JSON text itself unless given) is written as ordinary
 * text in every other format, quoted as usual. document_db_object_id's {"$oid": ...} and hashes
 * made by formulas are their JSON text everywhere; a Document-DB ObjectID field is {"$oid": ...}
 * in JSON and its 24 hex digits elsewhere. Inside formulas and templates it reads as `text`.
 */
export class JsonFragment extends Verbatim {
  constructor(
    readonly json: string,
    text: string = json,
  ) {
    super(text, true);
  }
}

/**
 * The items of a JSON Array or Repeating Element field: each item holds the slot values of the
 * field's child scope (see kernel/shape.ts), in the same layout as a row.
 */
export class ItemList {
  constructor(readonly items: Value[][]) {}
}

export type Scalar = string | number | boolean | null | Verbatim;

/** A plain array is the `tags[3]` / `tags[2-5]` form: several values of one field. */
export type Value = Scalar | Value[] | ItemList;
