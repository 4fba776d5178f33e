/**
 * The fields of a form body (application/x-www-form-urlencoded or multipart/form-data), for
 * `form` rules, parsed by @fastify/busboy. The mock runtime receives every body as UTF-8 text
 * (acceptAnyBodyAsText), so it is turned back into bytes here: the form's structure and its
 * UTF-8 text fields come through whole, a file's bytes may not (bytes that are not UTF-8 became
 * U+FFFD), which does not matter because a file part's value is its filename. Bounded: at most
 * 200 parts (fields of a urlencoded body) are read, the rest ignored; each field's first 64 KiB;
 * the body itself is at most the JSON body limit, and parsing is linear in its size.
 */
import { Busboy, type BusboyInstance } from '@fastify/busboy';

export const FORM_LIMITS = { parts: 200, fields: 200, fieldSize: 64 * 1024, fieldNameSize: 256, headerPairs: 20 };
const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** Each field's values in order (a field given several times has several); a file part's value is its filename. */
export type FormFields = Record<string, string[]>;

/** The form's fields; none when the body is not a form or is not a well-formed one. */
export function readForm(contentType: string | undefined, bodyText: string | null): Promise<FormFields> {
  // No prototype, so a field named __proto__ is just a name.
  const fields: FormFields = Object.create(null) as FormFields;
  if (contentType === undefined || !FORM_TYPE.test(contentType) || !bodyText) return Promise.resolve(fields);
  return new Promise((resolve) => {
    const add = (name: string, value: string) => (fields[name] ??= []).push(value);
    let parser: BusboyInstance;
    try {
      parser = Busboy({ headers: { 'content-type': contentType }, limits: FORM_LIMITS });
    } catch {
      // A multipart type without a boundary, an unknown charset: not a form that can be read.
      return resolve(fields);
    }
    parser.on('field', (name, value) => add(name, value));
    parser.on('file', (name, stream, filename) => {
      add(name, filename ?? '');
      stream.resume();
    });
    parser.on('finish', () => resolve(fields));
    parser.on('error', () => resolve(Object.create(null) as FormFields));
    parser.end(Buffer.from(bodyText, 'utf8'));
  });
}
