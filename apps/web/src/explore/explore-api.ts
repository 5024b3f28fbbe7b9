// Search and node look-ups of the explore sidebar and panel.
import { getData } from '../api/client';
import type { ApiGraph } from '../api/graph-types';
import { select } from '../app/selection';
import { graphModel } from '../graph/graph-model';
import { cypherString } from '../cypher/cypher-text';
import { runCypher } from '../cypher/cypher-api';

/** A search result (GET /api/v2/search): every field a string. */
export interface SearchResult {
  objectid: string;
  type: string;
  name: string;
  distinguishedname: string;
  system_tags: string;
}

/** The API's limit on the search text (longer text is a 400). */
export const MAX_SEARCH_TEXT = 1024;

/** Nodes whose name or object id matches `text`, exact matches first; `kinds` narrows them (the repeatable `type`). */
export async function searchNodes(text: string, signal: AbortSignal, limit = 10, kinds: readonly string[] = []): Promise<SearchResult[]> {
  const params = new URLSearchParams({ q: text, limit: String(limit) });
  for (const kind of kinds) params.append('type', kind);
  const results = await getData<SearchResult[]>(`/api/v2/search?${params.toString()}`, { signal });
  return Array.isArray(results) ? results : [];
}

/** The graph node with this object id (at most one: object ids are unique), with its properties. */
export async function nodeByObjectId(objectId: string, signal?: AbortSignal): Promise<ApiGraph | null> {
  return runCypher(`MATCH (n) WHERE n.objectid = ${cypherString(objectId)} RETURN n LIMIT 1`, signal);
}

/**
 * Shows a node and opens its panel: `replace` makes it the whole graph (a search result), else it joins what is
 * shown (a list entry). False when no node has this object id in the database. A graph request begun later
 * (another choice, a Cypher run, a path) supersedes it: its late answer changes neither the graph nor the
 * selection. A list entry does not itself supersede a request being fetched (it only adds a node).
 */
export async function openNode(objectId: string, mode: 'replace' | 'merge', signal?: AbortSignal): Promise<boolean> {
  const ticket = mode === 'replace' ? graphModel.begin() : graphModel.ticket();
  const graph = await nodeByObjectId(objectId, signal);
  const entry = graph ? Object.entries(graph.nodes)[0] : undefined;
  if (!graph || !entry) return false;
  const [id, node] = entry;
  const single: ApiGraph = { nodes: { [id]: node }, edges: [] };
  const shown = mode === 'replace' ? graphModel.replace(single, 'search', ticket) : graphModel.merge(single, 'expand', ticket);
  if (shown) select({ type: 'node', id, objectId: node.objectId, kind: node.kind, label: node.label });
  return true;
}
