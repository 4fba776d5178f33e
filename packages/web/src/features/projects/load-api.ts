/**
 * The project page's calls for loading into a database from the server: the targets the
 * operator opened to this account, starting a load, following it (polled while it runs) and
 * cancelling it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoadList, LoadRequest, LoadStatus, LoadTargetList } from '@rowloom/contract';
import { apiJson } from '../../api/client';
import { projectPath } from './project-api';

const RUNNING = new Set(['queued', 'running']);
const POLL_MS = 1000;

export const isRunning = (load: LoadStatus | undefined) => !!load && RUNNING.has(load.state);

export function useLoadTargets() {
  return useQuery({ queryKey: ['load-targets'], queryFn: () => apiJson<LoadTargetList>('/api/load-targets') });
}

const loadsKey = (project: string) => ['project-loads', project];

/** The project's loads, newest first; polled while the newest still runs. */
export function useProjectLoads(project: string) {
  return useQuery({
    queryKey: loadsKey(project),
    queryFn: () => apiJson<LoadList>(projectPath(project, 'loads')),
    refetchInterval: (query) => (isRunning(query.state.data?.loads[0]) ? POLL_MS : false),
  });
}

export function useStartLoad(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: LoadRequest) =>
      apiJson<LoadStatus>(projectPath(project, 'loads'), { method: 'POST', body: request }),
    onSuccess: () => client.invalidateQueries({ queryKey: loadsKey(project) }),
  });
}

export function useCancelLoad(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<LoadStatus>(projectPath(project, 'loads', id), { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: loadsKey(project) }),
  });
}
