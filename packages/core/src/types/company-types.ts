/** (being written) */
import type { TypeDefinition } from './define-type.js';

export const companyTypes: TypeDefinition[] = [];
