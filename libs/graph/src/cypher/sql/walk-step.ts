import { raw, sql, type Sql } from '@app/platform';

/**
 * A variable-length relationship handed to the in-memory traversal index: the engine enumerates its trails before
 * the statement runs, with the rows the recursive CTE of `walkSql` would give, and binds them as one parameter.
 * Only for a walk whose seeds are a set (not one per outer row) and whose edges are tested by type alone.
 */
export interface WalkStep {
  /** The seeds: every node, every node with all these kinds, or the ids a statement selects. */
  seed: { type: 'all' } | { type: 'kinds'; kinds: number[] } | { type: 'ids'; statement: Sql };
  /** The direction walked from the seed. */
  step: 'out' | 'in' | 'both';
  /** True when the seed is the pattern's left node: rows list nodes and edges left to right either way. */
  fromLeft: boolean;
  /** Kind ids that may be traversed; undefined means any kind. */
  edgeKindIds?: number[];
  min: number;
  max: number;
  /** Carry the path's node ids too (for named paths). */
  withNodes: boolean;
  /**
   * Carry each row's edge ids (a relationship variable, a named path, or relationship isomorphism reads them; set
   * once the whole MATCH is translated). Without them a row stands for every trail between its seed and far node
   * (`n` of them), which the statement expands back to one row per trail.
   */
  withEdges: boolean;
  /**
   * Only which (seed, far node) pairs a trail joins matters, not how many trails: the walk is in a MATCH of a query
   * part that ends in a DISTINCT projection without aggregates (set when that projection is translated).
   */
  distinctRows?: boolean;
  /** Kinds the far node's own labels require: a filter the statement repeats, to hand back fewer rows. */
  farKinds?: number[];
}

/** How a walk is shaped, as the pattern gives it. */
export type WalkShape = Pick<WalkStep, 'fromLeft' | 'min' | 'max' | 'withNodes' | 'withEdges'>;

/** One row of a walk: its seed and far node, and its nodes and edges left to right, or how many trails join them. */
export type WalkRow =
  | { seedId: number; farId: number; nodeIds: number[]; edgeIds: number[] }
  | { seedId: number; farId: number; trails: number };

/** Stands in the statement for the rows of a walk step, bound when the statement is built. */
export class WalkRowsParameter {
  constructor(readonly step: number) {}
}

/**
 * The walk step's rows as the relation the CTE would be: (seed_id, far_id, edge_ids, node_ids), one row per trail
 * (a counted row repeated `n` times).
 */
export function walkRowsSql(parameter: WalkRowsParameter): Sql {
  const columns = raw('x(seed_id int8, far_id int8, edge_ids int8[], node_ids int8[], n int4)');
  return sql`(SELECT x.seed_id, x.far_id, x.edge_ids, x.node_ids FROM jsonb_to_recordset(${parameter}::jsonb) AS ${columns}
    CROSS JOIN LATERAL generate_series(1, coalesce(x.n, 1)) ${raw('trail')})`;
}

/** The rows as the parameter's jsonb text (node ids only where the statement reads them). */
export function walkRowsJson(rows: readonly WalkRow[], withNodes: boolean): string {
  const parts = rows.map((row) => {
    const ends = `"seed_id":${row.seedId},"far_id":${row.farId}`;
    if ('trails' in row) return `{${ends},"n":${row.trails}}`;
    const nodes = withNodes ? `,"node_ids":[${row.nodeIds.join(',')}]` : '';
    return `{${ends},"edge_ids":[${row.edgeIds.join(',')}]${nodes}}`;
  });
  return `[${parts.join(',')}]`;
}
