/**
 * Rowloom's API contract: one TypeBox schema for each request and response body, giving the
 * TypeScript types that the server and the web page import, the schemas of the OpenAPI
 * document and the structure the server checks. A value and its type share a name
 * (`DownloadStatus` is both the schema and the type).
 */
export * from './constants.js';
export * from './errors.js';
export * from './downloads.js';
export * from './account.js';
export * from './library.js';
export * from './schemas.js';
export * from './scenarios.js';
export * from './catalogue.js';
export * from './mocks.js';
export * from './infer.js';
export * from './requests.js';
export * from './generate.js';
export * from './project-model.js';
export * from './loads.js';
