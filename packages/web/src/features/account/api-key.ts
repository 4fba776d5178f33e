/** The user's API key (GET /api/key), shared by the key panel and the curl command. */
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/client';

export const KEY_QUERY = ['api-key'];

export function useApiKey() {
  return useQuery({ queryKey: KEY_QUERY, queryFn: async () => (await apiJson<{ key: string }>('/api/key')).key });
}
