import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiError } from '@app/platform';
import type { FoundPath } from '../../cypher/sql/pathfinding-step.js';
import type { PathSemantics, SearchPlan } from '../pg/pg-bfs-search.js';
import { searchInMemory } from './memory-search.js';
import { TraversalIndexKeeper } from './traversal-index-keeper.js';

/**
 * Shortest-path searches over the in-memory traversal index, when this instance has one at the version the
 * caller's transaction sees. Undefined means "ask SQL": no index, behind, or a fault (logged; the index rebuilds).
 * The request's own limits (deadline, MAX_VISITED) still answer 504 / 400 from here.
 */
@Injectable()
export class IndexedSearch {
  /** Searches answered from memory, and those handed back to SQL (tests and the bench check which path answered). */
  readonly counts = { memory: 0, sql: 0 };

  constructor(private readonly keeper: TraversalIndexKeeper) {}

  /**
   * @param targetKinds for a plan whose target is a predicate: the kinds that predicate amounts to (the node must
   * have them all). Without them such a plan is left to SQL, which evaluates any predicate.
   */
  async search(
    manager: EntityManager, plan: SearchPlan, semantics: PathSemantics, edgeKinds: readonly number[] | undefined,
    targetKinds?: readonly number[],
  ): Promise<FoundPath[] | undefined> {
    const predicate = plan.type === 'unidirectional' && plan.target.type === 'predicate';
    const index = predicate && !targetKinds ? undefined : await this.keeper.current(manager);
    if (!index) {
      this.counts.sql += 1;
      return undefined;
    }
    try {
      const found = await searchInMemory(index, plan, semantics, {
        edgeKinds,
        targetTest: targetKinds ? (node) => index.hasKinds(node, targetKinds) : undefined,
      });
      this.counts.memory += 1;
      return found;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      this.keeper.fault(error);
      this.counts.sql += 1;
      return undefined;
    }
  }
}
