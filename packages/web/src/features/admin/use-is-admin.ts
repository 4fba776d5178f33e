/**
 * Whether the signed-in user is an admin. The session does not say, so the page asks the admin
 * endpoint itself once per session: 200 is an admin, 403 is not (any other answer: not shown).
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../api/client';

export function useIsAdmin(email: string | null | undefined): boolean {
  const answer = useQuery({
    queryKey: ['is-admin', email],
    enabled: Boolean(email),
    staleTime: Infinity,
    queryFn: async () => {
      try {
        await apiFetch('/api/admin/downloads?limit=1');
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return false;
        throw error;
      }
    },
  });
  return answer.data === true;
}
