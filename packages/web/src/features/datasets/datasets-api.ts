/** Reading and deleting datasets and listing projects, over the public API. */
import { useQuery } from '@tanstack/react-query';
import { apiJson, named } from '../../api/client';

export interface DatasetSummary {
  name: string;
  rows: number;
  columns: string[];
  project: string | null;
  filename: string | null;
  updated_at: string;
}

export interface DatasetDetail extends DatasetSummary {
  preview: Record<string, string>[];
}

export const DATASETS_QUERY = ['datasets'];

export function useDatasets() {
  return useQuery({ queryKey: DATASETS_QUERY, queryFn: async () => (await apiJson<{ datasets: DatasetSummary[] }>('/api/datasets')).datasets });
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

export interface ProjectSummary {
  name: string;
  datasets: number;
  schemas?: number;
  scenarios?: number;
  created_at: string;
}

export const PROJECTS_QUERY = ['projects'];

export function useProjects() {
  return useQuery({ queryKey: PROJECTS_QUERY, queryFn: async () => (await apiJson<{ projects: ProjectSummary[] }>('/api/projects')).projects });
}
