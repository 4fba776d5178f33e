/**
 * The hand-over to CRUD collections (mocks/crud, contract in crud-contract.ts): the runtime routes
 * a request of a route of kind 'crud' here with the record key it found in the path.
 */
export { serveCrud as serveCrudRequest } from '../crud/crud-collection.js';
/** Whether the collection exists (seeded), and how many rows seeding it makes: charged before the request runs. */
export { collectionExists } from '../crud/crud-store.js';
export { seedCountOf } from '../crud/crud-seeding.js';
