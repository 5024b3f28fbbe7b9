import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiError } from '@app/platform';
import type { WalkRows, WalkStep } from '../../cypher/sql/walk-step.js';
import { allowedKinds } from './memory-search.js';
import { enumerateTrails, type TrailsFound } from './memory-trails.js';
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

  /** Each walk's rows, in step order. */
  async run(manager: EntityManager, walks: readonly WalkStep[]): Promise<WalkRows[] | undefined> {
    const index = await this.keeper.current(manager);
    const rows = index ? await this.enumerate(index, manager, walks) : undefined;
    if (rows) this.counts.memory += 1;
    else this.counts.sql += 1;
    return rows;
  }

  private async enumerate(index: TraversalIndex, manager: EntityManager, walks: readonly WalkStep[]): Promise<WalkRows[] | undefined> {
    const results: WalkRows[] = [];
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
        cells -= 3 * found.counts.length + found.trails.reduce((sum, trail) => sum + trail.nodes.length + trail.edges.length, 0);
        results.push(walkRows(found, walk));
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

/** The trails as the statement binds them: counted pairs, or each trail's ids left to right (see WalkRows). */
function walkRows(found: TrailsFound, walk: WalkStep): WalkRows {
  if (found.trails.length === 0) {
    return {
      seeds: found.counts.map((count) => count.seed),
      fars: found.counts.map((count) => count.far),
      counts: found.counts.map((count) => count.trails),
      offsets: null, lengths: null, edges: null, nodes: null,
    };
  }
  const rows: WalkRows = { seeds: [], fars: [], counts: null, offsets: [], lengths: [], edges: [], nodes: walk.withNodes ? [] : null };
  for (const { nodes, edges } of found.trails) {
    if (!walk.fromLeft) {
      nodes.reverse();
      edges.reverse();
    }
    const [seed, far] = walk.fromLeft ? [nodes[0], nodes[nodes.length - 1]] : [nodes[nodes.length - 1], nodes[0]];
    rows.seeds.push(seed);
    rows.fars.push(far);
    rows.offsets!.push(rows.edges!.length + 1);
    rows.lengths!.push(edges.length);
    for (const edge of edges) rows.edges!.push(edge);
    if (rows.nodes) for (const node of nodes) rows.nodes.push(node);
  }
  return rows;
}
