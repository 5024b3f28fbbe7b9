import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiError } from '@app/platform';
import { walkRowsJson, type WalkRow, type WalkStep } from '../../cypher/sql/walk-step.js';
import { allowedKinds } from './memory-search.js';
import { enumerateTrails } from './memory-trails.js';
import type { TraversalIndex } from './traversal-index.js';
import { TraversalIndexKeeper } from './traversal-index-keeper.js';

/**
 * Most ids (nodes and edges, over every trail of a query) handed back from memory: about 10 MB of jsonb. A walk
 * with more rows goes back to the recursive CTE, which the statement can stop early (a LIMIT) and need not ship.
 */
export const MAX_WALK_CELLS = 1_000_000;

/**
 * The walk steps of a Cypher translation, enumerated over the in-memory traversal index when this instance has it
 * at the version the caller's transaction sees. Undefined means "translate again without them": no index, more
 * rows than MAX_WALK_CELLS, or a fault (logged; the index rebuilds). The deadline still answers 504 from here.
 */
@Injectable()
export class IndexedWalks {
  /** Translations whose walks were answered from memory, and those handed back to SQL. */
  readonly counts = { memory: 0, sql: 0 };
  /** The output cap (tests lower it). */
  maxCells = MAX_WALK_CELLS;

  constructor(private readonly keeper: TraversalIndexKeeper) {}

  /** Whether a translation should hand its walks over at all (an index is built here). */
  get available(): boolean {
    return this.keeper.ready;
  }

  /** Each walk's rows as jsonb text (see walkRowsJson), in step order. */
  async run(manager: EntityManager, walks: readonly WalkStep[]): Promise<string[] | undefined> {
    const index = await this.keeper.current(manager);
    const rows = index ? await this.enumerate(index, manager, walks) : undefined;
    if (rows) this.counts.memory += 1;
    else this.counts.sql += 1;
    return rows;
  }

  private async enumerate(index: TraversalIndex, manager: EntityManager, walks: readonly WalkStep[]): Promise<string[] | undefined> {
    const results: string[] = [];
    let cells = this.maxCells;
    try {
      for (const walk of walks) {
        const seeds = await seedsOf(index, manager, walk);
        const { farKinds } = walk;
        const found = await enumerateTrails(index, seeds, {
          step: walk.step,
          allowed: allowedKinds(walk.edgeKindIds),
          min: walk.min,
          max: walk.max,
          far: farKinds ? (node) => index.hasKinds(node, farKinds) : undefined,
          maxCells: cells,
          countOnly: !walk.withEdges && !walk.withNodes,
          pairsOnly: walk.distinctRows === true,
        });
        if (!found) return undefined;
        cells -= 3 * found.counts.length;
        const counted = found.counts.map(({ seed, far, trails }): WalkRow => ({ seedId: seed, farId: far, trails }));
        const rows = found.trails.map(({ nodes, edges }): WalkRow => {
          cells -= nodes.length + edges.length;
          if (!walk.fromLeft) {
            nodes.reverse();
            edges.reverse();
          }
          const [seedId, farId] = walk.fromLeft ? [nodes[0], nodes[nodes.length - 1]] : [nodes[nodes.length - 1], nodes[0]];
          return { seedId, farId, nodeIds: nodes, edgeIds: edges };
        });
        results.push(walkRowsJson(counted.length > 0 ? counted : rows, walk.withNodes));
      }
      return results;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      this.keeper.fault(error);
      return undefined;
    }
  }
}

/** The walk's seeds as dense indexes of the index: every live node, those with the kinds, or the ids SQL selects. */
async function seedsOf(index: TraversalIndex, manager: EntityManager, walk: WalkStep): Promise<number[]> {
  const { seed } = walk;
  if (seed.type === 'ids') {
    const { text, values } = seed.statement.toQuery();
    const rows = (await manager.query(text, values)) as { id: string }[];
    return rows.map((row) => index.indexOf(Number(row.id))).filter((at) => at >= 0);
  }
  const seeds: number[] = [];
  for (let at = 0; at < index.nodeCount; at++) {
    if (seed.type === 'all' ? index.isLive(at) : index.hasKinds(at, seed.kinds)) seeds.push(at);
  }
  return seeds;
}
