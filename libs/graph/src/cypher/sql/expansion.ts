import type { RelDirection } from '../ast.js';
import { raw, sql, type Sql } from '@app/platform';

/** Where a variable-length expansion starts. */
export type WalkSeed =
  /** Every node satisfying a predicate over `alias` (all nodes without one): one recursion for the whole set. */
  | { kind: 'set'; alias: string; predicate?: Sql }
  /** One node already bound (a variable carried in or seen from outside): run per row, laterally. */
  | { kind: 'bound'; id: Sql };

/** One variable-length relationship of a pattern, as the walk builder needs it. */
export interface WalkSpec {
  /** Prefix of the walk's internal aliases (unique per statement). */
  name: string;
  seed: WalkSeed;
  /** True when the seed is the pattern's left node. */
  fromLeft: boolean;
  /** The relationship's direction as written, left to right. */
  direction: RelDirection;
  /** Type and property test over an edge alias. */
  edgeTest?: (edge: string) => Sql;
  min: number;
  max: number;
  /** Carry the path's node ids too (for named paths). */
  withNodes: boolean;
}

/**
 * A variable-length relationship as a recursive CTE: rows (seed_id, far_id, edge_ids[, node_ids]) with the
 * arrays in left-to-right order whichever end it starts from. Relationship isomorphism: no edge twice in a path.
 * Starting at depth 1 straight from the edges (when the range excludes zero) lets the planner begin at the
 * typed-edge index rather than at every seed node.
 */
export function walkSql(spec: WalkSpec): Sql {
  const cte = raw(`${spec.name}r`);
  const e = `${spec.name}e`;
  const p = raw(`${spec.name}p`);
  const both = spec.direction === 'both';
  const forward = (spec.direction === 'out') === spec.fromLeft;
  const [near, far] = forward ? ['start_id', 'end_id'] : ['end_id', 'start_id'];
  const col = (c: string) => raw(`${e}.${c}`);
  const test = spec.edgeTest ? sql` AND ${spec.edgeTest(e)}` : raw('');
  const extend = (array: Sql, item: Sql) => (spec.fromLeft ? sql`${array} || ${item}` : sql`${item} || ${array}`);

  const fromEdges = spec.min >= 1 && !both;
  const start = fromEdges ? startFromEdges(spec, e, col(near), col(far), test) : startFromNodes(spec);
  const startDepth = fromEdges ? 1 : 0;

  let recursive = raw('');
  if (spec.max > startDepth) {
    const hop = raw(`${spec.name}h`);
    const nodes = spec.withNodes ? sql`, ${extend(sql`${p}.node_ids`, sql`${hop}.far`)}` : raw('');
    recursive = sql` UNION ALL SELECT ${p}.seed_id, ${hop}.far, ${p}.depth + 1, ${extend(sql`${p}.edge_ids`, sql`${hop}.id`)}${nodes}
      FROM ${cte} ${p} CROSS JOIN LATERAL (${hops(spec, e, sql`${p}.far_id`, test)} OFFSET 0) ${hop}
      WHERE ${p}.depth < ${spec.max}::int AND ${hop}.id <> ALL(${p}.edge_ids)`;
  }
  const columns = raw(`seed_id, far_id, depth, edge_ids${spec.withNodes ? ', node_ids' : ''}`);
  const output = raw(`seed_id, far_id, edge_ids${spec.withNodes ? ', node_ids' : ''}`);
  const minimum = spec.min > startDepth ? sql` WHERE depth >= ${spec.min}::int` : raw('');
  return sql`(WITH RECURSIVE ${cte} (${columns}) AS (${start}${recursive}) SELECT ${output} FROM ${cte}${minimum})`;
}

/**
 * The edges leaving one frontier node, as (id, far). OFFSET 0 keeps the subquery from being flattened, so each
 * frontier row probes the covering edge index: the planner cannot size the work table and would otherwise scan
 * every edge of the type at each level. Undirected: both ways, a self-loop once.
 */
function hops(spec: WalkSpec, e: string, at: Sql, test: Sql): Sql {
  const edge = raw(e);
  const along = sql`SELECT ${edge}.id, ${edge}.end_id AS far FROM edge ${edge} WHERE ${edge}.start_id = ${at}${test}`;
  const against = sql`SELECT ${edge}.id, ${edge}.start_id AS far FROM edge ${edge} WHERE ${edge}.end_id = ${at}${test}`;
  if (spec.direction === 'both') return sql`${along} UNION ALL ${against} AND ${edge}.start_id <> ${edge}.end_id`;
  return (spec.direction === 'out') === spec.fromLeft ? along : against;
}

function startFromEdges(spec: WalkSpec, e: string, near: Sql, far: Sql, test: Sql): Sql {
  const nodes = spec.withNodes ? (spec.fromLeft ? sql`, ARRAY[${near}, ${far}]` : sql`, ARRAY[${far}, ${near}]`) : raw('');
  const list = sql`${near}, ${far}, 1, ARRAY[${raw(e)}.id]${nodes}`;
  if (spec.seed.kind === 'bound') return sql`SELECT ${list} FROM edge ${raw(e)} WHERE ${near} = ${spec.seed.id}${test}`;
  const { alias, predicate } = spec.seed;
  if (!predicate) return sql`SELECT ${list} FROM edge ${raw(e)} WHERE true${test}`;
  return sql`SELECT ${list} FROM edge ${raw(e)} JOIN node ${raw(alias)} ON ${raw(alias)}.id = ${near} WHERE (${predicate})${test}`;
}

function startFromNodes(spec: WalkSpec): Sql {
  const nodes = (id: Sql) => (spec.withNodes ? sql`, ARRAY[${id}]` : raw(''));
  if (spec.seed.kind === 'bound') {
    const id = sql`(${spec.seed.id})::int8`;
    return sql`SELECT ${id}, ${id}, 0, '{}'::int8[]${nodes(id)} WHERE ${spec.seed.id} IS NOT NULL`;
  }
  const id = raw(`${spec.seed.alias}.id`);
  const where = spec.seed.predicate ? sql` WHERE ${spec.seed.predicate}` : raw('');
  return sql`SELECT ${id}, ${id}, 0, '{}'::int8[]${nodes(id)} FROM node ${raw(spec.seed.alias)}${where}`;
}
