import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { base, en } from '@faker-js/faker';
import { generateObjects } from '../engine/sample.js';
import { assertDeclared, typeValues } from '../testing/type-values.js';

const values = (type: string, params: Record<string, unknown> = {}, count = 2000, seed: string | number = 'internet') =>
  typeValues(type, params, count, seed);

describe('MIME Type and File Name (the file family)', () => {
  const mimeTypes = base.system!.mime_type! as Record<string, { extensions: string[] }>;
  const rows = generateObjects(
    [
      { name: 'mime', type: 'MIME Type' },
      { name: 'file', type: 'File Name' },
    ],
    { count: 5000, seed: 'files' },
  ) as { mime: string; file: string }[];

  test("MIME types are real media types (faker's list, type/subtype syntax of RFC 6838), varied", () => {
    for (const { mime } of rows) {
      assert.ok(Object.hasOwn(mimeTypes, mime), mime);
      assert.match(mime, /^(application|audio|font|image|text|video)\/[a-z0-9][a-z0-9!#$&^_.+-]*$/);
    }
    assert.ok(new Set(rows.map((r) => r.mime)).size > 60);
  });

  test("the file name's extension is one of the row's MIME type's", () => {
    for (const { mime, file } of rows) {
      const extension = file.slice(file.lastIndexOf('.') + 1);
      assert.ok(mimeTypes[mime].extensions.includes(extension), `${file} does not fit ${mime}`);
    }
    // Types with several extensions use more than one of them.
    const jpegNames = rows.filter((r) => r.mime === 'image/jpeg').map((r) => r.file.split('.').pop());
    if (mimeTypes['image/jpeg']?.extensions.length > 1 && jpegNames.length > 20) assert.ok(new Set(jpegNames).size > 1);
  });

  test('file names: one to three capitalised lorem words', () => {
    const lorem = new Set(en.lorem!.word!);
    for (const { file } of rows) {
      const stem = file.slice(0, file.lastIndexOf('.'));
      const words = stem.match(/[A-Z][a-z]*/g) ?? [];
      assert.equal(words.join(''), stem, file);
      assert.ok(words.length >= 1 && words.length <= 3, file);
      for (const word of words) assert.ok(lorem.has(word.toLowerCase()), `${word} in ${file}`);
    }
    assert.ok(new Set(rows.map((r) => r.file)).size > 4900);
  });

  test('each alone works too, and declares its characters', () => {
    assertDeclared('MIME Type', values('MIME Type', {}, 500));
    assertDeclared('File Name', values('File Name', {}, 500));
  });
});
