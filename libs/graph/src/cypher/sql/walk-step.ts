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

/**
 * A walk's rows as columns (one entry per row) and flat id lists: row i's edges are
 * `edges[offsets[i] .. offsets[i] + lengths[i] - 1]` and its nodes, one more, start at `offsets[i] + i` in
 * `nodes` (1-based, as SQL arrays). A counted row (no edges read) stands for `counts[i]` trails.
 */
export interface WalkRows {
  seeds: number[];
  fars: number[];
  counts: number[] | null;
  offsets: number[] | null;
  lengths: number[] | null;
  edges: number[] | null;
  nodes: number[] | null;
}

export type WalkRowsPart = keyof WalkRows;

/** Stands in the statement for one part of a walk step's rows, bound when the statement is built. */
export class WalkRowsParameter {
  constructor(readonly step: number, readonly part: WalkRowsPart) {}
}

/**
 * The walk step's rows as the relation the CTE would be: (seed_id, far_id, edge_ids, node_ids), one row per trail
 * (a counted row repeated `n` times), from bound arrays (PostgreSQL parses int8[] far faster than jsonb). Slicing a
 * bound array costs no copy of it: fixed-width elements without nulls are found by offset.
 */
export function walkRowsSql(step: number): Sql {
  const part = (name: WalkRowsPart) => new WalkRowsParameter(step, name);
  const w = raw('w(seed_id, far_id, n, at, len, ord)');
  return sql`(SELECT w.seed_id, w.far_id,
      (${part('edges')}::int8[])[w.at : w.at + w.len - 1] AS edge_ids,
      (${part('nodes')}::int8[])[w.at + w.ord - 1 : w.at + w.ord - 1 + w.len] AS node_ids
    FROM unnest(${part('seeds')}::int8[], ${part('fars')}::int8[], ${part('counts')}::int4[], ${part('offsets')}::int4[],
      ${part('lengths')}::int4[]) WITH ORDINALITY AS ${w}
    CROSS JOIN LATERAL generate_series(1, coalesce(w.n, 1)) ${raw('trail')})`;
}
