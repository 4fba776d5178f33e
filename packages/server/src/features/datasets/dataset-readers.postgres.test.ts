/** The readers of a million-row dataset besides generate, on PostgreSQL (dataset-readers-suite.ts). */
import { datasetReadersSuite } from '../../testing/dataset-readers-suite.js';

await datasetReadersSuite('postgres');
