/** Which way one breadth-first side walks edges: along them, against them, or either way. */
export type Step = 'out' | 'in' | 'both';

/**
 * Node and edge ids inside the search. PostgreSQL's bigserial ids stay far below 2^53 in practice (that many
 * inserts would take centuries), so they are exact as numbers, which makes the visited maps several times faster
 * than string keys. They become decimal strings again at the boundary.
 */
export type Id = number;

/**
 * The edges one expansion traversed, as parallel columns: hop i is edge `edges[i]` from the frontier node `srcs[i]`
 * to the neighbour `dsts[i]`, which satisfies the target predicate when `satisfied[i]` (only when asked).
 */
export interface Hops {
  readonly edges: readonly Id[];
  readonly srcs: readonly Id[];
  readonly dsts: readonly Id[];
  readonly satisfied?: readonly boolean[];
}

/** A node reached for the first time by one origin during the last expansion. */
export interface Reached {
  origin: number;
  node: Id;
  satisfied: boolean;
}

/** A path from an origin to a node, origin first. */
export interface Chain {
  nodes: Id[];
  edges: Id[];
}

interface Reach {
  depth: number;
  parent: Id;
  edge: Id;
  /** Further parents one level up (allShortest keeps every one of them). */
  more?: [Id, Id][];
}

/** How many (origin, hop) steps absorb takes between two guard calls. */
const GUARD_INTERVAL = 65_536;

/** The opposite walking direction: what a backward search from the right end does. */
export function reverseStep(step: Step): Step {
  return step === 'out' ? 'in' : step === 'in' ? 'out' : 'both';
}

/**
 * One side of a breadth-first search from several origins at once. Each origin keeps its own visited set with
 * parent pointers (shortest paths are per origin), while the frontier is keyed by node so a node shared by many
 * origins is expanded once in SQL and fanned out here.
 */
export class SearchSide {
  depth = 0;
  /** (origin, node) entries reached so far, over all origins: what the search holds in memory. */
  size = 0;
  /** Frontier node -> the origins (indexes) that reached it at the current depth. */
  frontier = new Map<Id, number[]>();
  private readonly reached: Map<Id, Reach>[];

  constructor(readonly origins: readonly Id[], readonly step: Step, private readonly keepAllParents: boolean) {
    this.reached = origins.map(() => new Map());
    this.size = origins.length;
    origins.forEach((node, origin) => {
      this.reached[origin].set(node, { depth: 0, parent: 0, edge: 0 });
      const list = this.frontier.get(node);
      if (list) list.push(origin);
      else this.frontier.set(node, [origin]);
    });
  }

  /** (origin, node) entries on the frontier: the in-memory cost of the next expansion. */
  get frontierSize(): number {
    let size = 0;
    for (const origins of this.frontier.values()) size += origins.length;
    return size;
  }

  /** Whether `origin` reached `node`, at any depth so far. */
  has(origin: number, node: Id): boolean {
    return this.reached[origin].has(node);
  }

  /**
   * Applies one level of hops; returns the (origin, node) pairs reached for the first time. One level can fan out
   * to (origins x nodes) entries, so every GUARD_INTERVAL steps it yields to the event loop (other requests keep
   * being served) and calls `guard` with the entries added so far: it throws to stop a level that would outgrow
   * the memory budget or the deadline before it is built.
   */
  async absorb({ edges, srcs, dsts, satisfied }: Hops, guard: (added: number) => void = () => {}): Promise<Reached[]> {
    const depth = this.depth + 1;
    const next = new Map<Id, number[]>();
    const fresh: Reached[] = [];
    let steps = 0;
    let parents = 0;
    for (let i = 0; i < edges.length; i++) {
      const origins = this.frontier.get(srcs[i]);
      if (!origins) continue;
      const edge = edges[i];
      const src = srcs[i];
      const dst = dsts[i];
      for (const origin of origins) {
        if (++steps % GUARD_INTERVAL === 0) {
          await new Promise((resolve) => setImmediate(resolve));
          guard(fresh.length + parents);
        }
        const seen = this.reached[origin];
        const reach = seen.get(dst);
        if (reach === undefined) {
          seen.set(dst, { depth, parent: src, edge });
          const list = next.get(dst);
          if (list) list.push(origin);
          else next.set(dst, [origin]);
          fresh.push({ origin, node: dst, satisfied: satisfied?.[i] === true });
        } else if (reach.depth === depth) {
          if (this.keepAllParents) {
            (reach.more ??= []).push([src, edge]);
            parents += 1;
          }
          else if (edge < reach.edge) Object.assign(reach, { parent: src, edge });
        }
      }
    }
    this.frontier = next;
    this.depth = depth;
    this.size += fresh.length + parents;
    return fresh;
  }

  /** Stops expanding the origins `keep` rejects (their questions are answered or cannot be). */
  prune(keep: (origin: number) => boolean): void {
    for (const [node, origins] of this.frontier) {
      const kept = origins.filter(keep);
      if (kept.length === 0) this.frontier.delete(node);
      else if (kept.length !== origins.length) this.frontier.set(node, kept);
    }
  }

  /** Origins that still have nodes on the frontier. */
  activeOrigins(): Set<number> {
    const active = new Set<number>();
    for (const origins of this.frontier.values()) for (const origin of origins) active.add(origin);
    return active;
  }

  /**
   * The shortest chains from `origin` to `node` in a fixed order (smallest edge ids nearest the node first), until
   * `visit` returns false. Iterative, so a long chain cannot overflow the stack.
   */
  chains(origin: number, node: Id, visit: (chain: Chain) => boolean): void {
    const seen = this.reached[origin];
    const parentsOf = new Map<Id, [Id, Id][]>();
    const parents = (at: Id): [Id, Id][] => {
      let list = parentsOf.get(at);
      if (!list) {
        const reach = seen.get(at)!;
        const all: [Id, Id][] = [[reach.parent, reach.edge], ...(reach.more ?? [])];
        list = all.sort((a, b) => a[1] - b[1]);
        parentsOf.set(at, list);
      }
      return list;
    };
    const rootFirst = (nodes: Id[], edges: Id[]) => visit({ nodes: [...nodes].reverse(), edges: [...edges].reverse() });
    chainsToRoot(this.origins[origin], node, parents, rootFirst);
  }
}

/**
 * Every chain from `node` back to `root` through `parentsOf` (a node's [parent, edge] pairs, in the order to try
 * them), depth first, until `visit` returns false; `visit` sees the chain node first (arrays it must copy to keep).
 * Iterative, so a long chain cannot overflow the stack.
 */
export function chainsToRoot(
  root: Id, node: Id, parentsOf: (at: Id) => readonly (readonly [Id, Id])[], visit: (nodes: Id[], edges: Id[]) => boolean,
): void {
  const path = [node];
  const edges: Id[] = [];
  const next = [0];
  while (path.length > 0) {
    const at = path[path.length - 1];
    if (at === root && !visit(path, edges)) return;
    const options = at === root ? [] : parentsOf(at);
    const i = next[next.length - 1];
    if (i >= options.length) {
      path.pop();
      next.pop();
      edges.pop();
      continue;
    }
    next[next.length - 1] = i + 1;
    path.push(options[i][0]);
    edges.push(options[i][1]);
    next.push(0);
  }
}
