import { Injectable, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiError, Database, raw, sql } from '@app/platform';
import { GraphWalks, type Hop, type HopExpansion, type HopReader } from '../../application/graph-walks.js';
import { indexHops, indexWithKinds } from '../memory/memory-hops.js';
import { TraversalIndexKeeper } from '../memory/traversal-index-keeper.js';
import type { TraversalIndex } from '../memory/traversal-index.js';
import { PgKindRegistry } from './pg-kind-registry.js';

const ROW_ID = /^\d{1,19}$/;

/**
 * Walks (edge compositions) on PostgreSQL: each `read` is one read-only transaction, and its hops come from the
 * in-memory traversal index when this instance holds it at the version that transaction sees (asked once per
 * read), else from one ids-only SQL statement per step. Either way the walk loads only the nodes and edges it
 * needs, through the store, in the same transaction.
 */
@Injectable()
export class PgGraphWalks extends GraphWalks {
  /** Steps answered from memory and from SQL (tests and the bench check which path answered). */
  readonly counts = { memory: 0, sql: 0 };

  constructor(
    private readonly database: Database,
    private readonly kinds: PgKindRegistry,
    @Optional() private readonly keeper?: TraversalIndexKeeper,
  ) {
    super();
  }

  read<T>(work: (hops: HopReader) => Promise<T>): Promise<T> {
    return this.database.transaction(async (manager) => {
      const index = await this.keeper?.current(manager);
      return work(new PgHops(manager, this.kinds, index, this.counts, this.keeper));
    }, { readOnly: true });
  }
}

/** The hops of one read: from the index while it answers, else SQL; kind names resolved once per read. */
class PgHops implements HopReader {
  private readonly kindIds = new Map<string, number | undefined>();

  constructor(
    private readonly manager: EntityManager,
    private readonly kinds: PgKindRegistry,
    private index: TraversalIndex | undefined,
    private readonly counts: { memory: number; sql: number },
    private readonly keeper: TraversalIndexKeeper | undefined,
  ) {}

  async hops(
    nodeIds: string[], direction: 'outbound' | 'inbound', edgeKinds: readonly string[], nodeKinds?: readonly string[],
  ): Promise<HopExpansion> {
    const none = { hops: [], nodes: [], edges: [] };
    const edgeKindIds = edgeKinds.length > 0 ? await this.idsOf(edgeKinds) : undefined;
    const nodeKindIds = nodeKinds ? await this.idsOf(nodeKinds) : undefined;
    // A kind no row has yet: nothing can match it.
    if (edgeKindIds?.length === 0 || nodeKindIds?.length === 0 || nodeIds.length === 0) return none;
    const hops = this.inMemory((index) => indexHops(index, nodeIds, direction, edgeKindIds, nodeKindIds));
    return { ...none, hops: hops ?? await this.sqlHops(nodeIds, direction, edgeKindIds, nodeKindIds) };
  }

  async withKinds(nodeIds: string[], kinds: readonly string[]): Promise<string[]> {
    const kindIds = await this.idsOf(kinds);
    if (kindIds.length === 0 || nodeIds.length === 0) return [];
    const found = this.inMemory((index) => indexWithKinds(index, nodeIds, kindIds));
    if (found) return found;
    const rows: { id: string }[] = await this.manager.query(
      'SELECT n.id::text AS id FROM node n WHERE n.id = ANY($1::bigint[]) AND n.kind_ids && $2::int2[]',
      [[...new Set(nodeIds)].filter((id) => ROW_ID.test(id)), kindIds],
    );
    return rows.map((row) => row.id);
  }

  /** `search` over the index while it answers (counted), else undefined: the caller asks SQL (counted here). */
  private inMemory<T>(search: (index: TraversalIndex) => T): T | undefined {
    if (this.index) {
      try {
        const found = search(this.index);
        this.counts.memory += 1;
        return found;
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // Logged and rebuilt by the keeper; this read goes on in SQL.
        this.keeper?.fault(error);
        this.index = undefined;
      }
    }
    this.counts.sql += 1;
    return undefined;
  }

  private async sqlHops(
    nodeIds: string[], direction: 'outbound' | 'inbound', edgeKinds: number[] | undefined, nodeKinds: number[] | undefined,
  ): Promise<Hop[]> {
    const seeds = [...new Set(nodeIds)].filter((id) => ROW_ID.test(id));
    const [near, far] = direction === 'outbound' ? ['start_id', 'end_id'] : ['end_id', 'start_id'];
    const ofKinds = edgeKinds ? sql`AND e.kind_id = ANY(${edgeKinds}::int2[])` : raw('');
    const toKinds = nodeKinds
      ? sql`AND EXISTS (SELECT 1 FROM node n WHERE n.id = e.${raw(far)} AND n.kind_ids && ${nodeKinds}::int2[])`
      : raw('');
    const { text, values } = sql`
      SELECT e.id::text AS "edgeId", e.start_id::text AS "startId", e.end_id::text AS "endId" FROM edge e
      WHERE e.${raw(near)} = ANY(${seeds}::bigint[]) ${ofKinds} ${toKinds}`.toQuery();
    return (await this.manager.query(text, values)) as Hop[];
  }

  /** The ids of the kinds that exist, looked up once per read. */
  private async idsOf(names: readonly string[]): Promise<number[]> {
    const unknown = names.filter((name) => !this.kindIds.has(name));
    if (unknown.length > 0) {
      const found = await this.kinds.idsFor(unknown, { create: false });
      for (const name of unknown) this.kindIds.set(name, found.get(name));
    }
    return names.map((name) => this.kindIds.get(name)).filter((id) => id !== undefined);
  }
}
