import { GraphStore } from '../ports.js';
import { StoreHops, type Hop, type HopReader } from '../graph-walks.js';
import type { GraphEdge, GraphNode } from '../../domain/graph.js';
import { groupBy, PathMatch, stateKey, type Transition } from './path-match.js';

export { PathMatch, SOURCE, type PairLabel } from './path-match.js';

/** One hop of a path pattern, or a bounded repetition of hops (`repeat`: 0..repeat hops). */
export interface PatternStep {
  kinds: readonly string[];
  direction: 'outbound' | 'inbound';
  repeat?: number;
  /** The node the hop reaches has one of these kinds: tested by the adjacency, without loading the node. */
  toKinds?: readonly string[];
  /** Condition on the node the hop reaches (loaded for it: prefer `toKinds` where kinds suffice). */
  to?: (node: GraphNode) => boolean;
  /** Condition on the hop's two ends, for conditions that pair them. */
  via?: (hop: Hop) => boolean;
  /** Names the hop so the match can report and restrict the nodes it reached. */
  as?: string;
}

/**
 * A sequence of steps from a set of sources; a path counts only if its last node has one of `endKinds` (when given:
 * tested without loading the node) and satisfies `end`.
 */
export interface PathPattern {
  steps: PatternStep[];
  endKinds?: readonly string[];
  end: (node: GraphNode) => boolean;
}

/** What a walk reads: its hops from `hops`, the nodes and edges it keeps (by id) from `store`. */
export interface WalkGraph {
  store: GraphStore;
  hops: HopReader;
}

/**
 * Every path from `sources` that follows `pattern`: expanded breadth-first, one `hops` call per pattern position per
 * level for the whole frontier, over states (node, position) so cycles end; the walks kept are the ones that reach
 * an accepting end (forward-reachable from the sources and backward-reachable from the ends). Nodes are loaded only
 * where a condition reads them (per level, those a `to` tests; the ends, for `end`) and, with the kept edges, once
 * at the end for the answer. A bare store walks over its own `neighbours`.
 */
export async function matchPaths(
  graph: WalkGraph | GraphStore, sources: GraphNode[], pattern: PathPattern,
): Promise<PathMatch> {
  const { store, hops } = graph instanceof GraphStore ? { store: graph, hops: new StoreHops(graph) } : graph;
  const { steps } = pattern;
  const nodes = new Map(sources.map((n) => [n.id, n]));
  const edges = new Map<string, GraphEdge>();
  const load = async (ids: Iterable<string>) => {
    const missing = [...new Set(ids)].filter((id) => !nodes.has(id));
    if (missing.length > 0) (await store.nodesByIds(missing)).forEach((n) => nodes.set(n.id, n));
  };
  const transitions: Transition[] = [];
  const ends = new Set<string>();
  const seen = new Set<string>();
  let frontier: [string, number][] = [];

  const reach = (nodeId: string, position: number): void => {
    const key = stateKey(nodeId, position);
    if (seen.has(key)) return;
    seen.add(key);
    frontier.push([nodeId, position]);
    if (position === steps.length) {
      ends.add(nodeId);
    } else if (steps[position].repeat !== undefined) {
      transitions.push({ from: key, to: stateKey(nodeId, position + 1) });
      reach(nodeId, position + 1);
    }
  };
  sources.forEach((n) => reach(n.id, 0));
  const initial = sources.map((n) => stateKey(n.id, 0));

  const maxLevels = steps.reduce((sum, step) => sum + (step.repeat ?? 1), 0);
  for (let level = 0; level < maxLevels && frontier.length > 0; level++) {
    const byPosition = groupBy(frontier.filter(([, position]) => position < steps.length), ([, p]) => p, ([id]) => id);
    frontier = [];
    const found: [number, Hop[]][] = [];
    for (const [position, ids] of byPosition) {
      const step = steps[position];
      const expansion = await hops.hops(ids, step.direction, step.kinds, step.toKinds);
      expansion.nodes.forEach((n) => nodes.set(n.id, n));
      expansion.edges.forEach((e) => edges.set(e.id, e));
      found.push([position, expansion.hops]);
    }
    // The nodes the level's `to` conditions read, in one look-up.
    await load(found.flatMap(([position, hs]) => (steps[position].to ? hs.map(farEnd(steps[position])) : [])));
    for (const [position, hs] of found) {
      const step = steps[position];
      const next = step.repeat !== undefined ? position : position + 1;
      for (const hop of hs) {
        const from = step.direction === 'outbound' ? hop.startId : hop.endId;
        const to = farEnd(step)(hop);
        if (step.to) {
          const reached = nodes.get(to);
          if (!reached || !step.to(reached)) continue;
        }
        if (step.via && !step.via(hop)) continue;
        transitions.push({ from: stateKey(from, position), to: stateKey(to, next), edge: hop.edgeId, label: step.as });
        reach(to, next);
      }
    }
  }
  const candidates = pattern.endKinds ? await hops.withKinds([...ends], pattern.endKinds) : [...ends];
  await load(candidates);
  const accepting = candidates.filter((id) => nodes.has(id) && pattern.end(nodes.get(id)!));
  const ending = new Set(accepting.map((id) => stateKey(id, steps.length)));
  const match = new PathMatch(nodes, edges, transitions, initial, ending, seen);
  // What the answer shows: the kept nodes and edges, each read once.
  const { nodeIds, edgeIds } = match.unloaded();
  await load(nodeIds);
  if (edgeIds.length > 0) (await store.edgesByIds(edgeIds)).forEach((e) => edges.set(e.id, e));
  return match.loadedOnly();
}

/** The node a hop of `step` reaches. */
function farEnd(step: PatternStep): (hop: Hop) => string {
  return step.direction === 'outbound' ? (hop) => hop.endId : (hop) => hop.startId;
}
