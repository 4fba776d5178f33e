/**
 * The type catalogue from GET /api/types: the registry's names, categories, descriptions,
 * parameters and examples. The page holds no list of types or parameters of its own.
 */
import { useQuery } from '@tanstack/react-query';
import { apiJson } from './client';

/** A parameter as the registry describes it (packages/core/src/catalogue/catalogue.ts). */
export interface TypeParameter {
  name: string;
  /** The parameter's kind in the registry (string, integer, number, boolean, date, list...). */
  type: string;
  description: string;
  default: unknown;
  /** Allowed values, when the parameter is an enumeration. */
  allowed?: string[];
  min?: number;
  max?: number;
  required: boolean;
}

export interface TypeDescription {
  name: string;
  aliases: string[];
  category: string;
  description: string;
  /** What a value is in JSON: string, number, boolean, object, array... */
  type: string;
  parameters: TypeParameter[];
  /** A value generated with the default parameters. */
  example: unknown;
}

export function useCatalogue() {
  return useQuery({
    queryKey: ['types'],
    queryFn: async () => (await apiJson<{ types: TypeDescription[] }>('/api/types')).types,
    staleTime: Infinity,
  });
}
