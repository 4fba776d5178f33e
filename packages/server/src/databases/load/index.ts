export { loadProject, loadInto, type LoadOptions, type LoadResult } from './load-project.js';
export { LoadError } from './load-error.js';
