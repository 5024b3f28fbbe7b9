// A related list's `type=graph` answer is the reference's old visualisation map, not the graph shape Cypher and
// pathfinding answer: `{"<node id>": {label: {text}, data: {...properties, nodetype}}, "rel_<id>": {id1, id2,
// label: {text}, data}}`. Read into the graph shape so lists merge into the same model.
import type { ApiGraph, ApiGraphNode } from '../api/graph-types';
import { asRecord, asText } from '../api/wire-values';

/** `lastseen` as RFC 3339 (collectors write a string, some ingest paths epoch seconds); empty when unknown. */
function lastSeenOf(value: unknown): string {
  const millis = typeof value === 'number' ? value * 1000 : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(millis) ? new Date(millis).toISOString() : '';
}

export function legacyGraphToApiGraph(body: unknown): ApiGraph {
  const graph: ApiGraph = { nodes: {}, edges: [] };
  const items = Object.entries(asRecord(body));
  for (const [key, value] of items) {
    const item = asRecord(value);
    if ('id1' in item) continue;
    const data = asRecord(item.data);
    const kind = asText(data.nodetype);
    const tags = asText(data.system_tags).split(/\s+/);
    const { nodetype: _kind, ...properties } = data;
    const node: ApiGraphNode = {
      label: asText(asRecord(item.label).text) || asText(data.name) || asText(data.objectid),
      kind,
      // The map names the primary kind only; tier zero and owned come from the legacy system tags.
      kinds: [kind, ...(tags.includes('admin_tier_0') ? ['Tag_Tier_Zero'] : []), ...(tags.includes('owned') ? ['Tag_Owned'] : [])]
        .filter(Boolean),
      objectId: asText(data.objectid),
      isTierZero: tags.includes('admin_tier_0'),
      isOwnedObject: tags.includes('owned'),
      lastSeen: lastSeenOf(data.lastseen),
      properties,
    };
    graph.nodes[key] = node;
  }
  for (const [key, value] of items) {
    const item = asRecord(value);
    if (!('id1' in item)) continue;
    const source = asText(item.id1);
    const target = asText(item.id2);
    // An edge whose end the map left out would dangle in the renderer.
    if (!graph.nodes[source] || !graph.nodes[target]) continue;
    const kind = asText(asRecord(item.label).text);
    const data = asRecord(item.data);
    const id = Number(key.replace(/^rel_/, ''));
    graph.edges.push({
      ...(Number.isSafeInteger(id) ? { id } : {}),
      source, target, label: kind, kind, lastSeen: lastSeenOf(data.lastseen), properties: data,
    });
  }
  return graph;
}
