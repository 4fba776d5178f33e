/** Mock APIs over the public API: /api/mocks (list, read, save, delete, import, reset, request log). */
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiJson, named } from '../../api/client';
import { listSchemas, schemasKey } from '../schemas/SchemasPage-api';
import type { MockApiList, RequestLog } from '@rowloom/contract';
import type { LoggedRequest, MockApiDocument, StoredMockApi } from './mock-types';

export const MOCKS_QUERY = ['mocks'];

export function useMockApis() {
  return useQuery({
    queryKey: MOCKS_QUERY,
    queryFn: async () => (await apiJson<MockApiList>('/api/mocks')).mocks,
  });
}

export function useMockApi(name: string) {
  return useQuery({ queryKey: ['mock', name], queryFn: () => apiJson<StoredMockApi>(named('/api/mocks', name)) });
}

export function createMockApi(name: string): Promise<StoredMockApi> {
  return apiJson<StoredMockApi>('/api/mocks', { method: 'POST', body: { name, routes: [] } });
}

/** PUT under the name it was loaded with; the body's name may rename it. */
export function saveMockApi(savedName: string, document: MockApiDocument): Promise<StoredMockApi> {
  return apiJson<StoredMockApi>(named('/api/mocks', savedName), { method: 'PUT', body: document });
}

export async function deleteMockApi(name: string): Promise<void> {
  await apiFetch(named('/api/mocks', name), { method: 'DELETE' });
}

/** An OpenAPI 3.x document (JSON or YAML text) becomes a mock API; the answer lists what was left out. */
export function importOpenApi(name: string, text: string, replace = false): Promise<StoredMockApi> {
  const query = new URLSearchParams({ name });
  if (replace) query.set('replace', 'true');
  const json = /^\s*[{[]/.test(text);
  return apiJson<StoredMockApi>(`/api/mocks/import?${query}`, {
    method: 'POST',
    body: text,
    headers: { 'Content-Type': json ? 'application/json' : 'application/yaml' },
  });
}

export function resetMockApi(name: string): Promise<unknown> {
  return apiJson(`${named('/api/mocks', name)}/reset`, { method: 'POST' });
}

export function openApiUrl(name: string): string {
  return `${named('/api/mocks', name)}/openapi`;
}

export const requestsKey = (name: string) => ['mock-requests', name];

export function useRequestLog(name: string, autoRefresh: boolean) {
  return useQuery({
    queryKey: requestsKey(name),
    queryFn: async () => (await apiJson<RequestLog>(`${named('/api/mocks', name)}/requests?limit=50`)).requests,
    refetchInterval: autoRefresh ? 3000 : false,
  });
}

/** The page of entries logged before `seq` (older ones), newest first. */
export async function olderRequests(name: string, seq: number): Promise<LoggedRequest[]> {
  return (await apiJson<RequestLog>(`${named('/api/mocks', name)}/requests?limit=50&before=${seq}`)).requests;
}

export async function clearRequestLog(name: string): Promise<void> {
  await apiFetch(`${named('/api/mocks', name)}/requests`, { method: 'DELETE' });
}

/** The user's saved schemas, for schema bodies and CRUD collections (the Schemas page's query). */
export function useSchemaNames() {
  return useQuery({ queryKey: schemasKey, queryFn: listSchemas });
}
