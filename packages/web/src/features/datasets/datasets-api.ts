/** Reading and deleting datasets and listing projects, over the public API. */
import { useQuery } from '@tanstack/react-query';
import type { DatasetDetail, DatasetSummary, ProjectSummary } from '@rowloom/contract';
import { apiJson, named } from '../../api/client';

export type { DatasetDetail, DatasetSummary, ProjectSummary };

export const DATASETS_QUERY = ['datasets'];

export function useDatasets() {
  return useQuery({
    queryKey: DATASETS_QUERY,
    queryFn: async () => (await apiJson<{ datasets: DatasetSummary[] }>('/api/datasets')).datasets,
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
    queryFn: async () => (await apiJson<{ projects: ProjectSummary[] }>('/api/projects')).projects,
  });
}
