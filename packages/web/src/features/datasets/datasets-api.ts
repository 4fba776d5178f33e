/** Reading and deleting datasets and listing projects, over the public API. */
import { useQuery } from '@tanstack/react-query';
import type { DatasetDetail, DatasetList, DatasetSummary, ProjectList, ProjectSummary } from '@rowloom/contract';
import { apiJson, named } from '../../api/client';

export type { DatasetDetail, DatasetSummary, ProjectSummary };

export const DATASETS_QUERY = ['datasets'];

export function useDatasets() {
  return useQuery({
    queryKey: DATASETS_QUERY,
    queryFn: async () => (await apiJson<DatasetList>('/api/datasets')).datasets,
  });
}

export function useDataset(name: string | null) {
  return useQuery({
    queryKey: ['dataset', name],
    enabled: name !== null,
    queryFn: () => apiJson<DatasetDetail>(named('/api/datasets', name ?? '')),
  });
}

export function deleteDataset(name: string) {
  return apiJson(named('/api/datasets', name), { method: 'DELETE' });
}

export const PROJECTS_QUERY = ['projects'];

export function useProjects() {
  return useQuery({
    queryKey: PROJECTS_QUERY,
    queryFn: async () => (await apiJson<ProjectList>('/api/projects')).projects,
  });
}
