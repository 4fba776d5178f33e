import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planSharingKey, PLAN_KEY_MAX_TEXT } from './plan-key.js';

const FIELDS = [{ name: 'id', type: 'Row Number' }];

test('fields keyed by the text they were read from never share a key with other fields JSON', () => {
  const byJson = planSharingKey({ fields: FIELDS });
  // A body whose text is exactly some fields' JSON still gets a key of its own.
  const byText = planSharingKey({ fields: FIELDS, fieldsText: JSON.stringify(FIELDS) });
  assert.notEqual(byText, byJson);
  assert.equal(planSharingKey({ fields: FIELDS, fieldsText: '[{"name":"id","type":"Row Number"}]' }), byText);
  assert.notEqual(planSharingKey({ fields: FIELDS, fieldsText: '[{"name": "id", "type": "Row Number"}]' }), byText);
});

test('a text key follows the same rules as a JSON key: no stored inputs, no long text', () => {
  assert.equal(planSharingKey({ fields: FIELDS, fieldsText: '[]', datasets: { d: {} } }), null);
  assert.equal(planSharingKey({ fields: FIELDS, fieldsText: 'x'.repeat(PLAN_KEY_MAX_TEXT + 1) }), null);
  assert.notEqual(
    planSharingKey({ fields: FIELDS, fieldsText: '[]', publicUrl: 'https://a.example' }),
    planSharingKey({ fields: FIELDS, fieldsText: '[]' }),
  );
});
