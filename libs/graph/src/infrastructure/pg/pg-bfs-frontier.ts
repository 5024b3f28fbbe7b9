import type { EntityManager } from 'typeorm';
import type { Expansion, FrontierSource } from './pg-bfs-search.js';
import type { Hops, Id, Step } from './pg-bfs-side.js';
import { raw, sql, type Sql } from '@app/platform';

const NO_HOPS: Hops = { edges: [], srcs: [], dsts: [] };

/** The elements of an array's text output (numbers and booleans need no unquoting). */
const elements = (text: string): string[] => text.slice(1, -1).split(',');
const ids = (text: string): Id[] => elements(text).map(Number);

/**
 * Frontier expansion in PostgreSQL: one statement per level for the whole frontier (never per node). The frontier
 * ids and the edge kinds are bound arrays; the statement reads only the covering edge indexes, and joins `node`
 * only when the far end has to be tested against a target predicate. The hops come back as one row of array texts:
 * a frontier level can be tens of thousands of edges, and splitting a few strings is several times cheaper than
 * as many row objects.
 */
export class SqlFrontierSource implements FrontierSource {
  /**
   * @param edgeKindIds kinds that may be traversed; undefined means any kind, empty means none.
   * @param target predicate over the node alias `n` that a path's far end must satisfy, when not materialised.
   */
  constructor(
    private readonly manager: EntityManager,
    private readonly edgeKindIds: readonly number[] | undefined,
    private readonly target?: Sql,
  ) {}

  async expand({ nodes, step, withTarget }: Expansion): Promise<Hops> {
    if (nodes.length === 0 || this.edgeKindIds?.length === 0) return NO_HOPS;
    const tested = withTarget && this.target !== undefined;
    const satisfied = tested ? sql`, array_agg(coalesce(${this.target}, false))::text AS satisfied` : raw('');
    const join = tested ? raw(' JOIN node n ON n.id = h.dst') : raw('');
    const [row] = await this.run<{ edges: string | null; srcs: string; dsts: string; satisfied?: string }>(sql`
      SELECT array_agg(h.edge)::text AS edges, array_agg(h.src)::text AS srcs,
             array_agg(h.dst)::text AS dsts${satisfied}
      FROM (${this.hops(nodes, step)}) h${join}`);
    if (row.edges === null) return NO_HOPS;
    return {
      edges: ids(row.edges),
      srcs: ids(row.srcs),
      dsts: ids(row.dsts),
      satisfied: row.satisfied === undefined ? undefined : elements(row.satisfied).map((value) => value === 't'),
    };
  }

  async satisfying(nodes: Id[]): Promise<Set<Id>> {
    if (!this.target) return new Set(nodes);
    if (nodes.length === 0) return new Set();
    const rows = await this.run<{ id: string }>(
      sql`SELECT n.id FROM node n WHERE n.id = ANY(${nodes}::int8[]) AND (${this.target})`,
    );
    return new Set(rows.map((row) => Number(row.id)));
  }

  /** Hops from the frontier `f` along (`out`), against (`in`) or both ways over the edges of the allowed kinds. */
  private hops(nodes: Id[], step: Step): Sql {
    const frontier = sql`unnest(${nodes}::int8[]) AS f (id)`;
    const along = (kinds: Sql) =>
      sql`SELECT e.id AS edge, e.start_id AS src, e.end_id AS dst FROM edge e WHERE e.start_id = f.id${kinds}`;
    const against = (kinds: Sql) =>
      sql`SELECT e.id AS edge, e.end_id AS src, e.start_id AS dst FROM edge e WHERE e.end_id = f.id${kinds}`;
    const kinds = () => (this.edgeKindIds ? sql` AND e.kind_id = ANY(${this.edgeKindIds}::int2[])` : raw(''));
    const walk = step === 'out' ? along(kinds())
      : step === 'in' ? against(kinds())
      : sql`${along(kinds())} UNION ALL ${against(kinds())}`;
    return sql`SELECT w.* FROM ${frontier} CROSS JOIN LATERAL (${walk}) w`;
  }

  private run<T>(statement: Sql): Promise<T[]> {
    const { text, values } = statement.toQuery();
    return this.manager.query(text, values) as Promise<T[]>;
  }
}

/** At most this many candidate ids of an end are materialised; more means "large" (searched as a predicate). */
export const CANDIDATE_CAP = 10_000;

/**
 * The node ids satisfying each end's predicate, CANDIDATE_CAP + 1 at most each (so "too many" is visible), in one
 * statement. Undefined predicates stay undefined.
 */
export async function candidateIds(
  manager: EntityManager, start: Sql | undefined, end: Sql | undefined,
): Promise<{ starts?: string[]; ends?: string[] }> {
  const matching = (predicate: Sql | undefined) => (predicate
    ? sql`ARRAY(SELECT n.id FROM node n WHERE ${predicate} LIMIT ${CANDIDATE_CAP + 1})`
    : raw('NULL::int8[]'));
  const { text, values } = sql`SELECT ${matching(start)} AS starts, ${matching(end)} AS ends`.toQuery();
  const [row] = (await manager.query(text, values)) as { starts: string[] | null; ends: string[] | null }[];
  return { starts: row.starts ?? undefined, ends: row.ends ?? undefined };
}

/** Every node id satisfying `predicate`: the seeds when both ends are large. */
export async function allIds(manager: EntityManager, predicate: Sql): Promise<string[]> {
  const { text, values } = sql`SELECT ARRAY(SELECT n.id FROM node n WHERE ${predicate}) AS ids`.toQuery();
  const [row] = (await manager.query(text, values)) as { ids: string[] }[];
  return row.ids;
}
