// The user's saved queries (GET/POST/DELETE /api/v2/saved-queries). Both wire formats write the fields read here
// alike (only deleted_at differs).
import { getData, request } from '../api/client';

export interface SavedQuery {
  id: number;
  name: string;
  query: string;
}

export async function listSavedQueries(): Promise<SavedQuery[]> {
  const items = await getData<unknown[]>('/api/v2/saved-queries', { query: { sort_by: 'name' } });
  return (Array.isArray(items) ? items : []).flatMap((item) => {
    const { id, name, query } = (item ?? {}) as Record<string, unknown>;
    return typeof id === 'number' && typeof name === 'string' && typeof query === 'string' ? [{ id, name, query }] : [];
  });
}

export async function saveQuery(name: string, query: string): Promise<void> {
  await request('/api/v2/saved-queries', { method: 'POST', body: { name, query, description: '' } });
}

export async function deleteSavedQuery(id: number): Promise<void> {
  await request(`/api/v2/saved-queries/${id}`, { method: 'DELETE' });
}
