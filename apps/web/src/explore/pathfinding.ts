// Pathfinding requests: GET /api/v2/graphs/shortest-path between two nodes, and to Tier Zero (which the API has no
// route for) a Cypher shortestPath from the start node to any Tier Zero node, the start's object id quoted safely.
import { cypherString, isCypherIdentifier } from '../cypher/cypher-text';

/** An edge kind the filter offers. */
export interface EdgeKindOption {
  name: string;
  /** `ad` or `az` (graph-schema's schema_name). */
  schema: string;
}

/**
 * Every kind picked is the API's default (every attack-path kind): the parameter is left out then. So is an
 * unknown list of kinds (graph-schema could not be read).
 */
const allPicked = (picked: ReadonlySet<string>, all: readonly EdgeKindOption[]) =>
  all.length === 0 || all.every((kind) => picked.has(kind.name));

/** The query of GET /api/v2/graphs/shortest-path. */
export function shortestPathQuery(
  start: string, end: string, picked: ReadonlySet<string>, all: readonly EdgeKindOption[],
): Record<string, string> {
  const query: Record<string, string> = { start_node: start, end_node: end };
  if (!allPicked(picked, all)) query.relationship_kinds = `in:${[...picked].join(',')}`;
  return query;
}

/** Shortest paths from one node (by object id) to every Tier Zero node it reaches, over the picked kinds. */
export function tierZeroPathQuery(start: string, picked: ReadonlySet<string>, all: readonly EdgeKindOption[]): string {
  const kinds = allPicked(picked, all) ? ['ALL_ATTACK_PATHS'] : [...picked].filter(isCypherIdentifier);
  return [
    `MATCH p=shortestPath((s)-[:${kinds.join('|')}*1..]->(t))`,
    `WHERE s.objectid = ${cypherString(start)} AND s<>t`,
    "AND ((t:Tag_Tier_Zero) OR COALESCE(t.system_tags, '') CONTAINS 'admin_tier_0')",
    'RETURN p',
    'LIMIT 1000',
  ].join('\n');
}

/** The kinds grouped for the filter: AD first, then Azure, then any other schema; names sorted. */
export function groupEdgeKinds(kinds: readonly EdgeKindOption[]): { title: string; kinds: string[] }[] {
  const titles: Record<string, string> = { ad: 'Active Directory', az: 'Azure' };
  const groups = new Map<string, string[]>();
  for (const kind of kinds) {
    const names = groups.get(kind.schema) ?? [];
    names.push(kind.name);
    groups.set(kind.schema, names);
  }
  const order = (schema: string) => (schema === 'ad' ? 0 : schema === 'az' ? 1 : 2);
  return [...groups.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([schema, names]) => ({ title: titles[schema] ?? schema, kinds: [...new Set(names)].sort((a, b) => a.localeCompare(b)) }));
}
