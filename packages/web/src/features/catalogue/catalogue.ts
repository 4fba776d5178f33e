/**
 * The type catalogue from GET /api/types: the registry's names, categories, descriptions,
 * parameters and examples. The page holds no list of types or parameters of its own.
 */
import { useQuery } from '@tanstack/react-query';
import type { TypeCatalogue } from '@rowloom/contract';
import { apiJson } from '../../api/client';

export type { TypeDescription, TypeParameter } from '@rowloom/contract';

export function useCatalogue() {
  return useQuery({
    queryKey: ['types'],
    queryFn: async () => (await apiJson<TypeCatalogue>('/api/types')).types,
    staleTime: Infinity,
  });
}
