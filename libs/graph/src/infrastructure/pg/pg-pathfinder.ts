import { Injectable, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiError, Database } from '@app/platform';
import type { PathRequest } from '../../application/ports.js';
import type { GraphPath } from '../../domain/graph.js';
import type { FoundPath, PathfindingStep } from '../../cypher/sql/pathfinding-step.js';
import { allIds, candidateIds, CANDIDATE_CAP, SqlFrontierSource } from './pg-bfs-frontier.js';
import { assertDistinctEnds, PathfindingErrors } from '../../application/pathfinding-rules.js';
import { planForSets } from './pg-bfs-plan.js';
import { searchPaths, type PathSemantics, type SearchPlan } from './pg-bfs-search.js';
import { loadElements } from './pg-elements.js';
import { PgKindRegistry } from './pg-kind-registry.js';
import { IndexedSearch } from '../memory/indexed-search.js';

export { PathfindingErrors } from '../../application/pathfinding-rules.js';

/**
 * Shortest paths on PostgreSQL: a bounded breadth-first search driven from here, whose frontier expansion is one
 * set-based statement per level, with visited sets and parent pointers per origin kept in memory (graph-reference
 * §2). Both ends small: bidirectional; otherwise from the more selective end. Every statement runs in the caller's
 * transaction, so the deadline's statement_timeout bounds it, and the deadline is checked between levels.
 * Where this instance holds the in-memory traversal index at the transaction's graph version, the same plan is
 * searched there instead (`IndexedSearch`); ends, seeds and hydration stay SQL statements.
 */
@Injectable()
export class PgPathfinder {
  constructor(
    private readonly database: Database,
    private readonly kinds: PgKindRegistry,
    @Optional() private readonly indexed?: IndexedSearch,
  ) {}

  /** Runs a Cypher shortestPath / allShortestPaths step inside the translator's (read-only) transaction. */
  async run(step: PathfindingStep, manager: EntityManager): Promise<FoundPath[]> {
    if (!step.start && !step.end) throw ApiError.badRequest(PathfindingErrors.unconstrained);
    const { mode, direction, distinctEnds, minDepth, maxDepth, limit } = step;
    const semantics: PathSemantics = { mode, direction, distinctEnds, minDepth, maxDepth, limit };
    const { starts, ends } = await candidateIds(manager, step.start, step.end);
    if (starts?.length === 0 || ends?.length === 0) return [];
    assertDistinctEnds(starts ?? [], ends ?? [], step.minDepth, step.distinctEnds);
    const large = (ids: string[] | undefined) => ids !== undefined && ids.length > CANDIDATE_CAP;

    if (starts && ends && !large(starts) && !large(ends)) {
      const plan = planForSets(starts, ends);
      return await this.inMemory(manager, plan, semantics, step.edgeKindIds)
        ?? searchPaths(plan, semantics, new SqlFrontierSource(manager, step.edgeKindIds));
    }
    // One end is unconstrained or too large to materialise: seed the other (or, both large, the start side in full)
    // and test the far end per hop.
    const seedSide = starts && !large(starts) ? 'start' : ends && !large(ends) ? 'end' : starts ? 'start' : 'end';
    const seedPredicate = seedSide === 'start' ? step.start! : step.end!;
    const farPredicate = seedSide === 'start' ? step.end : step.start;
    let seeds = (seedSide === 'start' ? starts : ends)!;
    if (large(seeds)) seeds = await allIds(manager, seedPredicate);
    const plan: SearchPlan = {
      type: 'unidirectional', seeds, seedSide, target: farPredicate ? { type: 'predicate' } : { type: 'any' },
    };
    // In memory the far end is tested by its kinds; any other predicate is left to SQL.
    const farKinds = seedSide === 'start' ? step.endKinds : step.startKinds;
    return await this.inMemory(manager, plan, semantics, step.edgeKindIds, farKinds)
      ?? searchPaths(plan, semantics, new SqlFrontierSource(manager, step.edgeKindIds, farPredicate));
  }

  /** Shortest paths between node ids (the shortest-path endpoint, edge composition), hydrated for the wire. */
  async shortestPaths(request: PathRequest): Promise<GraphPath[]> {
    const starts = [...new Set(request.startIds)];
    const ends = [...new Set(request.endIds)];
    assertDistinctEnds(starts, ends, 1, false);
    if (starts.length === 0 || ends.length === 0) return [];
    const edgeKindIds = request.edgeKinds.length === 0
      ? undefined
      : [...(await this.kinds.idsFor(request.edgeKinds, { create: false })).values()];
    const semantics: PathSemantics = {
      mode: request.all ? 'allShortest' : 'shortest',
      direction: request.direction === 'outbound' ? 'out' : 'in',
      distinctEnds: false,
      minDepth: 1,
      maxDepth: request.maxDepth,
      limit: request.limit,
    };
    return this.database.transaction(async (manager) => {
      const plan = planForSets(starts, ends);
      const found = await this.inMemory(manager, plan, semantics, edgeKindIds)
        ?? await searchPaths(plan, semantics, new SqlFrontierSource(manager, edgeKindIds));
      return this.hydrate(found, manager);
    }, { readOnly: true });
  }

  /** The plan searched over the in-memory index, or undefined when this instance cannot (then SQL answers). */
  private inMemory(
    manager: EntityManager, plan: SearchPlan, semantics: PathSemantics, edgeKindIds: readonly number[] | undefined,
    targetKinds?: readonly number[],
  ): Promise<FoundPath[] | undefined> {
    return this.indexed ? this.indexed.search(manager, plan, semantics, edgeKindIds, targetKinds) : Promise.resolve(undefined);
  }

  /** Loads the nodes and edges of the found paths in two statements and assembles them in path order. */
  private async hydrate(found: FoundPath[], manager: EntityManager): Promise<GraphPath[]> {
    if (found.length === 0) return [];
    const nodeIds = [...new Set(found.flatMap((path) => path.nodeIds))];
    const edgeIds = [...new Set(found.flatMap((path) => path.edgeIds))];
    const loaded = await loadElements(manager, this.kinds, nodeIds, edgeIds);
    // Keyed again by number, as found paths name them: one conversion per element rather than per path step.
    const nodes = new Map([...loaded.nodes.values()].map((node) => [Number(node.id), node]));
    const edges = new Map([...loaded.edges.values()].map((edge) => [Number(edge.id), edge]));
    // Each statement reads its own snapshot (READ COMMITTED): a path whose element was deleted meanwhile is dropped.
    return found
      .filter((path) => path.nodeIds.every((id) => nodes.has(id)) && path.edgeIds.every((id) => edges.has(id)))
      .map((path) => ({ nodes: path.nodeIds.map((id) => nodes.get(id)!), edges: path.edgeIds.map((id) => edges.get(id)!) }));
  }
}
