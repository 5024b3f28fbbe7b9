import type { GraphEdge, GraphNode } from '../../domain/graph.js';
import type { GraphPiece } from './composition-parts.js';
import { addPair, type NodePairs } from './node-pairs.js';

export interface Transition {
  from: string;
  to: string;
  /** The id of the hop's edge; undefined for the free move past a repeated step. */
  edge?: string;
  label?: string;
}

/** Stands for a path's source where `pairs` and `restrictPairs` take the label of a hop. */
export const SOURCE = Symbol('source');
export type PairLabel = string | typeof SOURCE;

/**
 * A state is `node@position`; `pairs` and `restrictPairs` copy states per paired node as `tag>state` (tags nest), so
 * walks of different pairs through a shared state stay apart.
 */
export const stateKey = (nodeId: string, position: number): string => `${nodeId}@${position}`;
const nodeOf = (key: string): string => key.slice(key.lastIndexOf('>') + 1, key.lastIndexOf('@'));
const tagged = (tag: string | undefined, key: string): string => (tag === undefined ? key : `${tag}>${key}`);

/** The walks a pattern matched, pruned to those that join a source to an accepting end. */
export class PathMatch implements GraphPiece {
  private readonly live: Transition[];
  private readonly liveStates: Set<string>;

  /**
   * `nodes` and `edges` hold at least the kept ones once the walk has loaded them (see `unloaded`). `reachable`: the
   * states known to be reachable from `initial` (a fresh walk's, every state it saw), which saves that closure.
   */
  constructor(
    private readonly nodes: Map<string, GraphNode>,
    private readonly edges: Map<string, GraphEdge>,
    private readonly transitions: Transition[],
    private readonly initial: string[],
    private readonly accepting: Set<string>,
    reachable?: ReadonlySet<string>,
  ) {
    const forward = reachable ?? closure(initial, transitions, 'from', 'to');
    const backward = closure([...accepting].filter((k) => forward.has(k)), transitions, 'to', 'from');
    this.liveStates = new Set([...forward].filter((k) => backward.has(k)));
    this.live = transitions.filter((t) => this.liveStates.has(t.from) && this.liveStates.has(t.to));
  }

  get isEmpty(): boolean {
    return this.liveStates.size === 0;
  }

  /** Ids of the nodes reached by the hops named `label` on kept paths. */
  reached(label: string): Set<string> {
    return new Set(this.live.filter((t) => t.label === label).map((t) => nodeOf(t.to)));
  }

  /** The kept edges of the hops named `label`. */
  hops(label: string): GraphEdge[] {
    return this.edgesOf(this.live.filter((t) => t.label === label));
  }

  /**
   * The node pairs joined by kept paths: `first` the node a hop named `first` reached (or the path's source, for
   * SOURCE), paired with the nodes later hops named `second` reached on the same path.
   */
  pairs(first: PairLabel, second: string): Map<string, Set<string>> {
    const found = new Map<string, Set<string>>();
    this.splitBy(first, (tag, t) => {
      if (t.label === second && tag !== undefined) addPair(found, tag, nodeOf(t.to));
      return true;
    });
    return found;
  }

  /** The paths whose every hop named `second` reaches a node `allowed` pairs with the path's `first` node. */
  restrictPairs(first: PairLabel, second: string, allowed: NodePairs): PathMatch {
    const split = this.splitBy(first, (tag, t) =>
      t.label !== second || (tag !== undefined && allowed.get(tag)?.has(nodeOf(t.to)) === true));
    return new PathMatch(this.nodes, this.edges, split.transitions, split.initial, split.accepting);
  }

  /** Ids of the sources that start a kept path. */
  sources(): Set<string> {
    return new Set(this.initial.filter((k) => this.liveStates.has(k)).map(nodeOf));
  }

  /** Ids of the nodes that end a kept path. */
  ends(): Set<string> {
    return new Set([...this.accepting].filter((k) => this.liveStates.has(k)).map(nodeOf));
  }

  node(id: string): GraphNode | undefined {
    return this.nodes.get(id);
  }

  /** The paths whose hops named `label` reach only allowed nodes. */
  restrict(label: string, allowed: ReadonlySet<string>): PathMatch {
    const kept = this.transitions.filter((t) => t.label !== label || allowed.has(nodeOf(t.to)));
    return new PathMatch(this.nodes, this.edges, kept, this.initial, this.accepting);
  }

  /** The paths that start at allowed sources. */
  from(allowed: ReadonlySet<string>): PathMatch {
    const initial = this.initial.filter((k) => allowed.has(nodeOf(k)));
    return new PathMatch(this.nodes, this.edges, this.transitions, initial, this.accepting);
  }

  /** The paths that end at allowed nodes. */
  endingIn(allowed: ReadonlySet<string>): PathMatch {
    const ends = new Set([...this.accepting].filter((k) => allowed.has(nodeOf(k))));
    return new PathMatch(this.nodes, this.edges, this.transitions, this.initial, ends);
  }

  nodeList(): GraphNode[] {
    return [...new Set([...this.liveStates].map(nodeOf))].map((id) => this.nodes.get(id)!);
  }

  edgeList(): GraphEdge[] {
    return this.edgesOf(this.live);
  }

  /** Ids of the kept nodes and edges not loaded yet. */
  unloaded(): { nodeIds: string[]; edgeIds: string[] } {
    const nodeIds = new Set([...this.liveStates].map(nodeOf).filter((id) => !this.nodes.has(id)));
    const edgeIds = new Set(this.live.flatMap((t) => (t.edge !== undefined && !this.edges.has(t.edge) ? [t.edge] : [])));
    return { nodeIds: [...nodeIds], edgeIds: [...edgeIds] };
  }

  /** The walks through loaded nodes and edges only: one deleted since the walk saw its hop drops out. */
  loadedOnly(): PathMatch {
    const { nodeIds, edgeIds } = this.unloaded();
    if (nodeIds.length === 0 && edgeIds.length === 0) return this;
    const loaded = (key: string) => this.nodes.has(nodeOf(key));
    const kept = this.transitions.filter((t) =>
      loaded(t.from) && loaded(t.to) && (t.edge === undefined || this.edges.has(t.edge)));
    return new PathMatch(this.nodes, this.edges, kept, this.initial, this.accepting);
  }

  /**
   * The kept walks with each state copied per `first` node the walk has passed (per source, for SOURCE), in memory
   * over the transitions already found; `keep` sees each transition with the tag of the state it leaves.
   */
  /** The edges of the transitions, each once (split walks share edges). */
  private edgesOf(transitions: Transition[]): GraphEdge[] {
    const ids = new Set(transitions.flatMap((t) => (t.edge === undefined ? [] : [t.edge])));
    return [...ids].map((id) => this.edges.get(id)!);
  }

  private splitBy(
    first: PairLabel, keep: (tag: string | undefined, t: Transition) => boolean,
  ): { initial: string[]; transitions: Transition[]; accepting: Set<string> } {
    const out = groupBy(this.live, (t) => t.from, (t) => t);
    const transitions: Transition[] = [];
    const accepting = new Set<string>();
    const seen = new Set<string>();
    const queue: [key: string, state: string, tag: string | undefined][] = [];
    const visit = (state: string, tag: string | undefined): string => {
      const key = tagged(tag, state);
      if (!seen.has(key)) {
        seen.add(key);
        queue.push([key, state, tag]);
        if (this.accepting.has(state)) accepting.add(key);
      }
      return key;
    };
    const initial = this.initial.filter((k) => this.liveStates.has(k))
      .map((k) => visit(k, first === SOURCE ? nodeOf(k) : undefined));
    while (queue.length > 0) {
      const [key, state, tag] = queue.pop()!;
      for (const t of out.get(state) ?? []) {
        if (!keep(tag, t)) continue;
        const to = visit(t.to, t.label !== undefined && t.label === first ? nodeOf(t.to) : tag);
        transitions.push({ ...t, from: key, to });
      }
    }
    return { initial, transitions, accepting };
  }
}

/** States reachable from `start` following transitions from `at` to `next`. */
function closure(start: string[], transitions: Transition[], at: 'from' | 'to', next: 'from' | 'to'): Set<string> {
  const out = groupBy(transitions, (t) => t[at], (t) => t[next]);
  const seen = new Set(start);
  const queue = [...start];
  while (queue.length > 0) {
    for (const k of out.get(queue.pop()!) ?? []) {
      if (!seen.has(k)) {
        seen.add(k);
        queue.push(k);
      }
    }
  }
  return seen;
}

export function groupBy<T, K, V>(items: T[], key: (item: T) => K, value: (item: T) => V): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(value(item));
    else groups.set(key(item), [value(item)]);
  }
  return groups;
}
