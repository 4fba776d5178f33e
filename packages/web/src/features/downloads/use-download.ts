/** One job's status, polled every second while it runs; polling stops when it ends or the component goes. */
import { useQuery } from '@tanstack/react-query';
import { getDownload, isActive } from './downloads-api';

export const POLL_MS = 1000;

export function useDownload(id: string | null) {
  return useQuery({
    queryKey: ['download', id],
    queryFn: () => getDownload(id!),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && !isActive(query.state.data.status) ? false : query.state.error ? false : POLL_MS,
  });
}
