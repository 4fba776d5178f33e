/** The path parameters of the project routes, described for validation and the OpenAPI document. */
import { MAX_NAME_LENGTH } from '@rowloom/contract';

export const PROJECT_PARAMS = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH, description: 'The project name, URL-encoded' },
  },
  required: ['name'],
};

export const TABLE_PARAMS = {
  type: 'object',
  properties: {
    ...PROJECT_PARAMS.properties,
    table: { type: 'string', minLength: 1, maxLength: 128, description: 'A table of the project' },
  },
  required: ['name', 'table'],
};
