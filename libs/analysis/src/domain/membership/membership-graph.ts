import { CsrMemberOf, type HopVisit, type MemberOfSource } from './member-of-source.js';
import { NodeSet } from './node-set.js';

/** Node flags: a principal (user, computer or group), a group (a MemberOf hop may end there), a plain user. */
export const PRINCIPAL = 1;
export const GROUP = 2;
export const PLAIN_USER = 4;

/**
 * The MemberOf graph: dense indexes in ascending node id order, one flag byte per node, and both directions of the
 * hops from a `MemberOfSource` (arrays of its own, or the traversal index). A principal's groups are those reached
 * by MemberOf hops that end at a group (BloodHound's expansion), so walks test the hop's upper end. Walking down
 * from a few holders, or up from one principal, costs what it visits; no closure over all principals is ever formed.
 */
export class MembershipGraph {
  readonly size: number;
  private components?: { of: Int32Array; nodes: Int32Array; starts: Int32Array };
  private everyHopView?: MembershipGraph;
  private walkStack?: Int32Array;

  constructor(private readonly source: MemberOfSource, readonly flags: Uint8Array) {
    this.size = source.size;
  }

  /** `ids` ascending; `starts`/`ends` are the MemberOf edges as node ids (edges with an unknown end are ignored). */
  static build(ids: Float64Array, flags: Uint8Array, starts: Float64Array, ends: Float64Array): MembershipGraph {
    // Typed arrays throughout: millions of edges must not become millions of boxed numbers.
    const from = new Int32Array(starts.length);
    const to = new Int32Array(starts.length);
    for (let e = 0; e < starts.length; e++) {
      from[e] = CsrMemberOf.indexIn(ids, starts[e]);
      to[e] = CsrMemberOf.indexIn(ids, ends[e]);
    }
    return new MembershipGraph(new CsrMemberOf(ids, from, to), flags);
  }

  /** The same edges with every node a group: every MemberOf hop counts, whatever its ends are. */
  everyHop(): MembershipGraph {
    this.everyHopView ??= new MembershipGraph(this.source, new Uint8Array(this.size).fill(PRINCIPAL | GROUP));
    return this.everyHopView;
  }

  /** The dense index of a node id; -1 when the node is not in the graph. */
  indexOf(id: number): number {
    return this.source.indexOf(id);
  }

  idOf(i: number): number {
    return this.source.idOf(i);
  }

  is(i: number, flag: number): boolean {
    return (this.flags[i] & flag) !== 0;
  }

  /** Every node with `flag`. */
  having(flag: number): NodeSet {
    const set = NodeSet.empty(this.size);
    for (let i = 0; i < this.size; i++) if (this.flags[i] & flag) set.add(i);
    return set;
  }

  /** The nodes `i` has a MemberOf hop to, whatever their flags (a list: for the few callers that keep it). */
  parentsOf(i: number): number[] {
    const list: number[] = [];
    this.source.forEachParent(i, (g) => list.push(g));
    return list;
  }

  /** The nodes with a MemberOf hop to `i`, whatever their flags (a list, as parentsOf). */
  membersOf(i: number): number[] {
    const list: number[] = [];
    this.source.forEachMember(i, (m) => list.push(m));
    return list;
  }

  /** Visits the nodes `i` has a MemberOf hop to; `visit` must not ask for hops itself. */
  forEachParent(i: number, visit: HopVisit): void {
    this.source.forEachParent(i, visit);
  }

  /** The principals whose groups include one of `sources` (themselves included): a walk down from the sources. */
  below(sources: Iterable<number>): NodeSet {
    const seen = NodeSet.empty(this.size);
    // Each node is pushed once at most (seen first), so a stack of `size` slots, kept for the next walk: a walk from
    // Authenticated Users enters every principal, and a growing array per walk was megabytes of garbage each time.
    const stack = (this.walkStack ??= new Int32Array(this.size));
    let top = 0;
    const visit = (y: number) => {
      if (!this.is(y, PRINCIPAL) || seen.has(y)) return;
      seen.add(y);
      stack[top++] = y;
    };
    for (const s of sources) visit(s);
    while (top > 0) {
      const x = stack[--top];
      if (this.is(x, GROUP)) this.source.forEachMember(x, visit);
    }
    return seen;
  }

  /** `i` and the groups it reaches (BloodHound's group expansion of one principal). */
  above(i: number): number[] {
    const seen = new Set([i]);
    const stack = [i];
    const visit = (g: number) => {
      if (!this.is(g, GROUP) || seen.has(g)) return;
      seen.add(g);
      stack.push(g);
    };
    while (stack.length > 0) this.source.forEachParent(stack.pop()!, visit);
    return [...seen];
  }

  /**
   * For every node, up to two different `sources` among itself and the principals whose groups include it:
   * `first[i]`, `second[i]` (-1 when none). A walk up from each source stops at a node that already holds two
   * witnesses (every group above it then holds two as well), so each node is entered at most three times per
   * source set, not once per source: "is there a source below this group other than X" in one pass.
   */
  twoSourcesBelow(sources: NodeSet): { first: Int32Array; second: Int32Array } {
    const first = new Int32Array(this.size).fill(-1);
    const second = new Int32Array(this.size).fill(-1);
    const stack: number[] = [];
    const visit = (g: number) => {
      if (this.is(g, GROUP)) stack.push(g);
    };
    sources.forEach((source) => {
      stack.push(source);
      while (stack.length > 0) {
        const x = stack.pop()!;
        if (first[x] === source || second[x] === source) continue;
        if (first[x] < 0) first[x] = source;
        else if (second[x] < 0) second[x] = source;
        else continue;
        this.source.forEachParent(x, visit);
      }
    });
    return { first, second };
  }

  /** The strongly connected component of each node over group hops (nesting cycles share one). */
  componentOf(i: number): number {
    return this.condensation().of[i];
  }

  /** Nodes of the component (ascending index, so the lowest id first). */
  componentMembers(c: number): Int32Array {
    const { nodes, starts } = this.condensation();
    return nodes.subarray(starts[c], starts[c + 1]);
  }

  /**
   * For each component, whether a member of `set` lies strictly above it (in a group its members reach, outside
   * the component). Components come out of Tarjan's walk upper ones first, so one pass in that order decides all.
   */
  strictlyBelow(set: NodeSet): Uint8Array {
    const { of, nodes, starts } = this.condensation();
    const count = starts.length - 1;
    const holds = new Uint8Array(count);
    set.forEach((i) => { holds[of[i]] = 1; });
    const below = new Uint8Array(count);
    let c = 0;
    let found = 0;
    const visit = (g: number) => {
      const d = of[g];
      if (!found && d !== c && this.is(g, GROUP) && (holds[d] || below[d])) found = 1;
    };
    for (; c < count; c++) {
      found = 0;
      for (let n = starts[c]; n < starts[c + 1] && !found; n++) this.source.forEachParent(nodes[n], visit);
      below[c] = found;
    }
    return below;
  }

  /** Tarjan's algorithm without recursion (nesting may be thousands deep). */
  private condensation(): { of: Int32Array; nodes: Int32Array; starts: Int32Array } {
    if (this.components) return this.components;
    const n = this.size;
    const index = new Int32Array(n).fill(-1);
    const low = new Int32Array(n);
    const of = new Int32Array(n).fill(-1);
    const onStack = new Uint8Array(n);
    const stack: number[] = [];
    // Typed at their final size: every node is in exactly one component, so at most n components.
    const nodes = new Int32Array(n);
    const starts = new Int32Array(n + 1);
    let placed = 0;
    let components = 0;
    let next = 0;
    // The call stack without an object per node: per frame its node and its range of group parents on `hops`, a
    // stack of its own that each frame truncates when it returns (a child's parents lie above its parent's).
    const calls: number[] = [];
    const begins: number[] = [];
    const cursors: number[] = [];
    const ends: number[] = [];
    let hops = new Int32Array(1024);
    let top = 0;
    const pushParent = (g: number) => {
      if (!this.is(g, GROUP)) return;
      if (top === hops.length) {
        const grown = new Int32Array(hops.length * 2);
        grown.set(hops);
        hops = grown;
      }
      hops[top++] = g;
    };
    const enter = (v: number) => {
      index[v] = low[v] = next++;
      stack.push(v);
      onStack[v] = 1;
      calls.push(v);
      begins.push(top);
      cursors.push(top);
      this.source.forEachParent(v, pushParent);
      ends.push(top);
    };
    for (let root = 0; root < n; root++) {
      if (index[root] >= 0) continue;
      enter(root);
      while (calls.length > 0) {
        const f = calls.length - 1;
        const v = calls[f];
        if (cursors[f] < ends[f]) {
          const w = hops[cursors[f]++];
          if (index[w] < 0) enter(w);
          else if (onStack[w]) low[v] = Math.min(low[v], index[w]);
          continue;
        }
        top = begins[f];
        calls.pop();
        begins.pop();
        cursors.pop();
        ends.pop();
        if (calls.length > 0) {
          const parent = calls[calls.length - 1];
          low[parent] = Math.min(low[parent], low[v]);
        }
        if (low[v] !== index[v]) continue;
        const members: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          of[w] = components;
          members.push(w);
        } while (w !== v);
        // One at a time: spreading a component of tens of thousands of groups would exceed the argument limit.
        for (const member of members.sort((a, b) => a - b)) nodes[placed++] = member;
        starts[++components] = placed;
      }
    }
    this.components = { of, nodes, starts: starts.slice(0, components + 1) };
    return this.components;
  }
}
