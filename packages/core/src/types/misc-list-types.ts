/** Small fixed lists: how often something happens, shirt sizes and races. Uniform picks. */
import { readDataFile } from '../data/data-files.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { listType } from './list-type.js';

export const miscListTypes: TypeDefinition[] = [
  listType({
    name: 'Frequency',
    category: 'Basic',
    description: 'How often something happens: Never, Once, Seldom, Often, Daily, Weekly, Monthly or Yearly.',
    values: () => ['Never', 'Once', 'Seldom', 'Often', 'Daily', 'Weekly', 'Monthly', 'Yearly'],
  }),
  listType({
    name: 'Shirt Size',
    category: 'Person',
    description: 'A shirt size: XS, S, M, L, XL, 2XL or 3XL.',
    values: () => ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'],
  }),
  listType({
    name: 'Race',
    category: 'Person',
    description: 'A race or ethnic group as in the US CDC Race & Ethnicity Code Set, e.g. Apache or Filipino.',
    values: () => readDataFile<string[]>('races.json'),
  }),
];
