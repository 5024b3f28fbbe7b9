// A related list's pages, its graph, and all of it for CSV (paged at the API's largest page, up to a cap).
import { request } from '../api/client';
import { legacyGraphToApiGraph } from './legacy-graph';
import { listCall, type EntityRoute, type PanelList } from './entity-routes';
import { readListPage, type ListEntry, type ListPage } from './node-info';
import type { ApiGraph } from '../api/graph-types';

/** The API's largest page of a related list. */
export const MAX_PAGE = 1000;
/** The most entries a CSV export fetches (ten pages). */
export const CSV_CAP = 10_000;

export async function fetchListPage(
  route: EntityRoute, list: PanelList, objectId: string, skip: number, limit: number, signal?: AbortSignal,
): Promise<ListPage> {
  const call = listCall(route, list, objectId, { skip, limit, type: 'list' });
  return readListPage(await request(call.path, { query: call.query, signal }));
}

/** The list as a graph (the entity, the list's nodes and the edges between), at most MAX_PAGE of its nodes. */
export async function fetchListGraph(route: EntityRoute, list: PanelList, objectId: string, signal?: AbortSignal): Promise<ApiGraph> {
  const call = listCall(route, list, objectId, { skip: 0, limit: MAX_PAGE, type: 'graph' });
  // The visualisation map is the body itself, not under `data`.
  return legacyGraphToApiGraph(await request(call.path, { query: call.query, signal }));
}

/** Every entry, page by page, up to CSV_CAP; `total` is the list's size. */
export async function fetchWholeList(
  route: EntityRoute, list: PanelList, objectId: string, signal?: AbortSignal,
): Promise<{ entries: ListEntry[]; total: number }> {
  const entries: ListEntry[] = [];
  let total = 0;
  for (let skip = 0; skip < CSV_CAP; skip += MAX_PAGE) {
    const page = await fetchListPage(route, list, objectId, skip, MAX_PAGE, signal);
    total = page.count;
    entries.push(...page.entries);
    if (page.entries.length < MAX_PAGE || entries.length >= total) break;
  }
  return { entries: entries.slice(0, CSV_CAP), total };
}

