/** The user's API key (GET /api/key), shared by the key panel and the curl command. */
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import type { KeyAnswer } from '@rowloom/contract';

export const KEY_QUERY = ['api-key'];

export function useApiKey() {
  return useQuery({ queryKey: KEY_QUERY, queryFn: async () => (await apiJson<KeyAnswer>('/api/key')).key });
}
