// Pure helpers of the edge panel: what an edge key names, which kinds have a composition, and the Cypher that reads
// one edge's properties (built only from checked numeric ids and a checked kind name: nothing else is quoted in).
import { isCypherIdentifier } from '../cypher/cypher-text';

/** The composite (post-processed) kinds GET /api/v2/graphs/edge-composition answers for (others: 400). */
export const COMPOSITE_KINDS: ReadonlySet<string> = new Set([
  'GoldenCert', 'ADCSESC1', 'ADCSESC3', 'ADCSESC4', 'ADCSESC6a', 'ADCSESC6b', 'ADCSESC9a', 'ADCSESC9b', 'ADCSESC10a',
  'ADCSESC10b', 'ADCSESC13', 'CoerceAndRelayNTLMToSMB', 'CoerceAndRelayNTLMToADCS',
]);

export function isCompositeKind(kind: string): boolean {
  return COMPOSITE_KINDS.has(kind);
}

export interface EdgeEnds {
  source: string;
  kind: string;
  target: string;
}

/** The graph model's edge key `source|kind|target` (node ids are digits, kinds have no `|`); null otherwise. */
export function parseEdgeKey(key: string): EdgeEnds | null {
  const parts = key.split('|');
  if (parts.length !== 3 || parts.some((p) => p === '')) return null;
  const [source, kind, target] = parts;
  return { source, kind, target };
}

const NODE_ID = /^\d{1,19}$/;

/** Cypher returning the one edge of this kind between these two nodes (by node id), or null if the parts are unsafe. */
export function edgePropertiesQuery(edge: EdgeEnds): string | null {
  if (!NODE_ID.test(edge.source) || !NODE_ID.test(edge.target) || !isCypherIdentifier(edge.kind)) return null;
  return `MATCH (a)-[r:${edge.kind}]->(b) WHERE id(a) = ${edge.source} AND id(b) = ${edge.target} RETURN r LIMIT 1`;
}

/** Only https links are rendered as links (references come from our help table, but a link is a link). */
export function safeHttpsUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
