/** (being written) */
import type { TypeDefinition } from './define-type.js';

export const carTypes: TypeDefinition[] = [];
