import { GROUP, MembershipGraph, PLAIN_USER, PRINCIPAL } from '../../domain/membership/index.js';
import { is } from './adcs-sql.js';
import { kindIds, type RunSql, type StepContext } from './step.js';

/** Node ids packed by int8send (big-endian), as numbers: high and low words, so no BigInt per id. */
export function packedIds(packed: Buffer | null): Float64Array {
  if (!packed) return new Float64Array(0);
  const out = new Float64Array(packed.length / 8);
  for (let i = 0; i < out.length; i++) out[i] = packed.readInt32BE(i * 8) * 2 ** 32 + packed.readUInt32BE(i * 8 + 4);
  return out;
}

/**
 * Reads the MemberOf graph in two statements (ids packed as bytea: a few bytes per edge on the wire, none parsed
 * row by row): every principal and every MemberOf end, flagged, and every MemberOf edge.
 */
async function load(query: RunSql): Promise<MembershipGraph> {
  const ids = await kindIds(query, ['User', 'Computer', 'Group', 'MemberOf']);
  const [user, computer, group, memberOf] = ['User', 'Computer', 'Group', 'MemberOf'].map((name) => ids.get(name)!);
  const [nodes] = await query(`
    SELECT string_agg(int8send(id), ''::bytea ORDER BY id) AS ids,
           string_agg(set_byte('\\x00'::bytea, 0, flags), ''::bytea ORDER BY id) AS flags
    FROM (
      SELECT n.id, (CASE WHEN n.kind_ids && ARRAY[$1, $2, $3]::int2[] THEN ${PRINCIPAL} ELSE 0 END
        | CASE WHEN $3::int2 = ANY(n.kind_ids) THEN ${GROUP} ELSE 0 END
        | CASE WHEN $1::int2 = ANY(n.kind_ids) AND NOT ${is('n', 'gmsa')} AND NOT ${is('n', 'msa')}
          THEN ${PLAIN_USER} ELSE 0 END) AS flags
      FROM node n
      WHERE n.kind_ids && ARRAY[$1, $2, $3]::int2[]
        OR n.id IN (SELECT start_id FROM edge WHERE kind_id = $4 UNION SELECT end_id FROM edge WHERE kind_id = $4)) x`,
  [user, computer, group, memberOf]);
  const [edges] = await query(`
    SELECT string_agg(int8send(start_id), ''::bytea) AS starts, string_agg(int8send(end_id), ''::bytea) AS ends
    FROM edge WHERE kind_id = $1`, [memberOf]);
  return MembershipGraph.build(packedIds(nodes.ids as Buffer | null),
    new Uint8Array((nodes.flags as Buffer | null) ?? new Uint8Array(0)),
    packedIds(edges.starts as Buffer | null), packedIds(edges.ends as Buffer | null));
}

const KEY = 'membership-graph';

/**
 * The run's MemberOf graph, read at its first use (after LinkWellKnownNodes, the only step that adds MemberOf
 * edges; none removes any) and shared by the later steps. Without a memo (a step run alone) it is read each time.
 */
export async function membershipGraph(query: RunSql, context: StepContext): Promise<MembershipGraph> {
  const known = context.memo?.get(KEY);
  if (known instanceof MembershipGraph) return known;
  const graph = await load(query);
  context.memo?.set(KEY, graph);
  return graph;
}
