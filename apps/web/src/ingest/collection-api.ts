// Read-only calls of the collection page (enterprise edition; clients:read).
import { request } from '../api/client';
import { clientFromWire, collectionJobFromWire, type CollectionClient, type CollectionJob } from './collection';

interface Page {
  count?: number;
  data?: Record<string, unknown>[];
}

const NO_HYDRATION = { hydrate_ous: 'false', hydrate_domains: 'false' };

export async function listClients(signal?: AbortSignal): Promise<{ clients: CollectionClient[]; count: number }> {
  const page = await request<Page>('/api/v2/clients', { query: { ...NO_HYDRATION, sort_by: 'name', limit: 100 }, signal });
  const rows = Array.isArray(page?.data) ? page.data : [];
  return { clients: rows.map(clientFromWire), count: page?.count ?? rows.length };
}

export async function listRecentJobs(limit: number, signal?: AbortSignal): Promise<CollectionJob[]> {
  const page = await request<Page>('/api/v2/jobs', { query: { ...NO_HYDRATION, sort_by: '-id', limit }, signal });
  return (Array.isArray(page?.data) ? page.data : []).map(collectionJobFromWire);
}
