import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { faker } from '@faker-js/faker/locale/en';
import { EN } from './faker-en.js';
import { FAKER_EN_LISTS, pickFakerEn } from './faker-en-words.js';

describe("faker's English word lists (dist/tables/faker-en.json)", () => {
  test("are the installed faker's own lists, unchanged (run `npm run build` after updating faker)", () => {
    assert.deepEqual(EN, pickFakerEn(faker.rawDefinitions));
    assert.deepEqual(Object.keys(EN), Object.keys(FAKER_EN_LISTS));
    assert.ok((EN.person?.first_name?.female?.length ?? 0) > 100);
  });

  test('picking a list faker does not have is an error, not an empty list', () => {
    assert.throws(() => pickFakerEn({ ...faker.rawDefinitions, commerce: {} }), /commerce\.department/);
  });
});
