import { Injectable } from '@nestjs/common';
import { ApiError, type SortSpec } from '@app/platform';
import type { GraphEdge, GraphNode } from '../domain/graph.js';
import type { EntityType, RelatedList, WalkStep } from '../domain/entity-catalog.js';
import { textProperty } from '../domain/display.js';
import { sortNodes } from './constrained-delegation.js';
import { GraphErrors } from './graph-errors.js';
import { GraphWalks, type Hop, type HopReader } from './graph-walks.js';
import { GraphStore } from './ports.js';

/** One page of a related list: the total, the page's nodes, and (type=graph) the edges walked to reach them. */
export interface EntityListPage {
  entity: GraphNode;
  count: number;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface EntityListRequest {
  skip: number;
  limit: number;
  /** Empty, or a list longer than SORTABLE_LIST_SIZE: node id descending (ids only, nothing loaded but the page). */
  sort: readonly SortSpec[];
  /** type=graph: every reached node and the edges walked, unpaged. */
  graph: boolean;
  /** type=graph: the most nodes + edges an answer may carry; past it, 400 before anything is loaded. */
  maxElements?: number;
}

/** What a walk reached: node ids (the entity left out) and every hop taken on the way. */
interface Reach {
  ids: string[];
  hops: Hop[];
}

/**
 * The entity endpoints' reads (domain/entity-catalog.ts): an entity's node with the counts of its related lists,
 * and one page of a related list. Each list is one walk of set-based steps through GraphWalks (the in-memory
 * traversal index where this instance keeps one, else one SQL statement per step), in one read-only view; only
 * the nodes of the page are loaded.
 */
@Injectable()
export class EntityLists {
  constructor(private readonly store: GraphStore, private readonly walks: GraphWalks) {}

  /** The entity's node and, with counts, the size of each related list (keyed by the list's count key). */
  info(type: EntityType, objectId: string, withCounts: boolean): Promise<{ node: GraphNode; counts?: Record<string, number> }> {
    return this.walks.read(async (hops) => {
      const node = await this.entity(type, objectId);
      if (!withCounts) return { node };
      const counts: Record<string, number> = {};
      for (const list of type.lists) {
        if (list.countKey !== undefined) counts[list.countKey] = (await this.reach(hops, node, list, false)).ids.length;
      }
      return { node, counts };
    });
  }

  page(type: EntityType, list: RelatedList, objectId: string, request: EntityListRequest): Promise<EntityListPage> {
    return this.walks.read(async (hops) => {
      const entity = await this.entity(type, objectId);
      const reach = await this.reach(hops, entity, list, request.graph);
      if (request.graph) {
        const reached = new Set(reach.ids);
        const walked = reach.hops.filter((hop) => reached.has(hop.endId) || reached.has(hop.startId));
        // A bound on what would be loaded (ids known, nothing read yet): a domain's 150k users are refused, not loaded.
        if (request.maxElements !== undefined && reached.size + 1 + walked.length > request.maxElements) {
          throw ApiError.badRequest(GraphErrors.resultTooLarge(request.maxElements));
        }
        const edges = await this.store.edgesByIds([...new Set(walked.map((hop) => hop.edgeId))]);
        const ids = new Set([entity.id, ...reach.ids, ...edges.flatMap((edge) => [edge.startId, edge.endId])]);
        return { entity, count: reach.ids.length, nodes: await this.store.nodesByIds([...ids]), edges };
      }
      // Sorting by a property loads every node of the list: only lists up to SORTABLE_LIST_SIZE are (the reference
      // never sorts them at all); longer ones keep node id order, which needs nothing but the page loaded.
      const sorted = request.sort.length > 0 && reach.ids.length <= SORTABLE_LIST_SIZE;
      const nodes = sorted
        ? sortNodes(await this.store.nodesByIds(reach.ids), request.sort).slice(request.skip, request.skip + request.limit)
        : sortNodes(await this.store.nodesByIds(byIdDescending(reach.ids).slice(request.skip, request.skip + request.limit)), ID_DESCENDING);
      return { entity, count: reach.ids.length, nodes, edges: [] };
    });
  }

  /** Sets a domain's `collected` flag (PATCH /api/v2/domains/{id}); 404 `node not found` when there is no such domain. */
  async markCollected(objectId: string, collected: boolean): Promise<void> {
    const domain = await this.store.nodeByObjectId(objectId, 'Domain');
    if (!domain) throw ApiError.notFound(GraphErrors.nodeNotFound);
    await this.store.upsertNodes([{ objectid: objectId, kinds: [], properties: { collected } }]);
  }

  /**
   * Those of `ids` that belong to another domain. A few are looked up by id; a domain-sized set (every member of
   * the domain's groups) is intersected with the foreign nodes of the kinds instead, one scan rather than a
   * statement naming 100k+ ids.
   */
  private async foreignAmong(domainSid: string, ids: string[], kinds: readonly string[]): Promise<string[]> {
    if (ids.length <= FOREIGN_AMONG_MAX) return this.store.nodeIdsInDomain(domainSid, [], { among: ids, foreign: true });
    const foreign = new Set(await this.store.nodeIdsInDomain(domainSid, kinds, { foreign: true }));
    return ids.filter((id) => foreign.has(id));
  }

  /** The node with this objectid and the type's kind; 404 `node not found` otherwise. */
  private async entity(type: EntityType, objectId: string): Promise<GraphNode> {
    const node = await this.store.nodeByObjectId(objectId, type.kind);
    if (!node) throw ApiError.notFound(GraphErrors.nodeNotFound);
    return node;
  }

  /** The list's node ids; with `keepHops`, every hop walked too (type=graph draws them; counts need none). */
  private async reach(hops: HopReader, entity: GraphNode, list: RelatedList, keepHops = true): Promise<Reach> {
    // A domain's objects carry its domainsid; the domain node itself has one too (its objectid when it lacks it).
    const domainSid = textProperty(entity.properties, 'domainsid') ?? textProperty(entity.properties, 'objectid') ?? '';
    let frontier = list.inDomain ? await this.store.nodeIdsInDomain(domainSid, list.inDomain) : [entity.id];
    const walked: Hop[] = [];
    const sink = keepHops ? walked : { push: () => 0 };
    for (const step of list.walk) frontier = await walkStep(hops, frontier, step, sink);
    let ids = frontier.filter((id) => id !== entity.id);
    if (list.kinds && ids.length > 0) ids = await hops.withKinds(ids, list.kinds);
    if (list.exceptKinds && ids.length > 0) {
      const excluded = new Set(await hops.withKinds(ids, list.exceptKinds));
      ids = ids.filter((id) => !excluded.has(id));
    }
    if (list.foreign && ids.length > 0) ids = await this.foreignAmong(domainSid, ids, list.kinds ?? []);
    return { ids, hops: walked };
  }
}

const ID_DESCENDING: SortSpec[] = [{ sql: 'id', direction: 'DESC' }];
/** Past this many candidates, the foreign filter reads every foreign node of the kinds once instead of naming them. */
const FOREIGN_AMONG_MAX = 10_000;
/** The longest list sort_by orders by name or objectid. */
export const SORTABLE_LIST_SIZE = 10_000;

function byIdDescending(ids: readonly string[]): string[] {
  return [...ids].sort((a, b) => (a.length !== b.length ? b.length - a.length : a < b ? 1 : a > b ? -1 : 0));
}

/** Appends one by one: a spread of a large expansion (a domain's 150k hops) would overflow the call stack. */
function append<T>(into: Pick<T[], 'push'>, items: readonly T[]): void {
  for (const item of items) into.push(item);
}

/** One step: the distinct nodes it reaches from `frontier` (each hop appended to `walked`). */
async function walkStep(
  hops: HopReader, frontier: readonly string[], step: WalkStep, walked: Pick<Hop[], 'push'>,
): Promise<string[]> {
  const far = (hop: Hop, direction: 'outbound' | 'inbound') => (direction === 'outbound' ? hop.endId : hop.startId);
  if ('union' in step) {
    const parts = await Promise.all(step.union.map(async (steps) => {
      let reached: string[] = [...frontier];
      for (const inner of steps) reached = await walkStep(hops, reached, inner, walked);
      return reached;
    }));
    return [...new Set(parts.flat())];
  }
  if ('hop' in step) {
    const found = (await hops.hops([...frontier], step.hop, step.edges, step.via)).hops;
    append(walked, found);
    return [...new Set(found.map((hop) => far(hop, step.hop)))];
  }
  // Breadth-first to the closure's end; each node is expanded once, so cycles end the walk.
  const seen = new Set(frontier);
  let reached: string[] = step.withSeeds ? [...seen] : [];
  const expanded = new Set<string>();
  let level = [...seen];
  while (level.length > 0) {
    const found = (await hops.hops(level, step.closure, step.edges, step.via)).hops;
    append(walked, found);
    level = [];
    for (const hop of found) {
      expanded.add(step.closure === 'outbound' ? hop.startId : hop.endId);
      const id = far(hop, step.closure);
      if (seen.has(id)) continue;
      seen.add(id);
      level.push(id);
      reached.push(id);
    }
  }
  if (step.leaves) reached = reached.filter((id) => !expanded.has(id));
  return reached;
}
