import type { TraversalIndex } from '@app/graph';
import { GROUP, type HopVisit, type MemberOfSource, MembershipGraph, PLAIN_USER, PRINCIPAL } from '../../domain/membership/index.js';
import { kindIds, type RunSql } from './step.js';

/**
 * What the running analysis transaction changed before its first group expansion (the well-known nodes it typed or
 * created, the MemberOf links it added): the traversal index holds committed versions only, so these come from the
 * transaction's own change-log rows. The edges it deleted are not read: only post-processed kinds are deleted
 * (step 4), never MemberOf (kinds.spec.ts holds the catalogue to that), and a re-analysis deletes hundreds of
 * thousands of them.
 */
interface TransactionDelta {
  /** Nodes the transaction created, ascending: dense indexes after the index's nodes. */
  addedIds: number[];
  /** The current kinds of the nodes it created or re-typed, by dense index. */
  kinds: Map<number, readonly number[]>;
  /** The MemberOf edges it added, as dense indexes, both ways. */
  up: Map<number, number[]>;
  down: Map<number, number[]>;
}

/**
 * The MemberOf hops read from the traversal index (its base arrays and overlay) plus the transaction's own delta,
 * without a copy of the graph: a node's hops are its index hops of the MemberOf kind, read each time they are
 * asked for. Nodes the index gains while the analysis runs (another writer's commit being caught up) are beyond
 * `indexNodes` and ignored, so dense indexes stay stable.
 */
class IndexMemberOf implements MemberOfSource {
  readonly size: number;
  private readonly indexNodes: number;

  constructor(private readonly index: TraversalIndex, private readonly memberOf: number, private readonly delta: TransactionDelta) {
    this.indexNodes = index.nodeCount;
    this.size = this.indexNodes + delta.addedIds.length;
  }

  idOf(i: number): number {
    return i < this.indexNodes ? this.index.idOf(i) : this.delta.addedIds[i - this.indexNodes];
  }

  indexOf(id: number): number {
    const i = this.index.indexOf(id);
    if (i >= 0 && i < this.indexNodes) return i;
    const added = ascendingIndexOf(this.delta.addedIds, id);
    return added < 0 ? -1 : this.indexNodes + added;
  }

  forEachParent(i: number, visit: HopVisit): void {
    this.forEachHop(i, 'out', visit);
  }

  forEachMember(i: number, visit: HopVisit): void {
    this.forEachHop(i, 'in', visit);
  }

  /** Node `i`'s MemberOf hops one way: its index hops of the kind (base and overlay), then the transaction's. */
  private forEachHop(i: number, step: 'out' | 'in', visit: HopVisit): void {
    const { index, memberOf, indexNodes } = this;
    if (i < indexNodes && index.isLive(i)) {
      if (i < index.baseNodes) {
        const { offsets, kinds, targets } = step === 'out' ? index.out : index.in;
        for (let slot = offsets[i]; slot < offsets[i + 1]; slot++) {
          if (kinds[slot] !== memberOf) continue;
          const far = targets[slot];
          if (far !== i && far < indexNodes && index.isLive(far)) visit(far);
        }
      }
      for (const hop of index.extra(step, i) ?? []) {
        if (hop.kind === memberOf && hop.node !== i && hop.node < indexNodes && index.isLive(hop.node)) visit(hop.node);
      }
    }
    // The transaction's own hops (to nodes it may have created, beyond the index's) as they are.
    for (const far of (step === 'out' ? this.delta.up : this.delta.down).get(i) ?? []) visit(far);
  }
}

function ascendingIndexOf(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (ids[mid] === id) return mid;
    if (ids[mid] < id) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

const listOf = (lists: Map<number, number[]>, key: number): number[] => {
  let list = lists.get(key);
  if (!list) lists.set(key, (list = []));
  return list;
};

/**
 * The transaction's delta over `index`, or undefined when it cannot be laid over it: the graph was reset or a node
 * deleted, a node the transaction created has an id below one the index holds (dense order would not be id order),
 * or an added edge joins a node neither knows.
 */
async function transactionDelta(query: RunSql, index: TraversalIndex, memberOf: number): Promise<TransactionDelta | undefined> {
  const changes = await query(`SELECT op, ids FROM graph_change
    WHERE txid = pg_current_xact_id() AND op IN ('node+', 'node~', 'node-', 'edge+', 'reset') ORDER BY id`);
  const ids = (ops: string[]) => changes.filter((c) => ops.includes(String(c.op))).flatMap((c) => (c.ids as string[] | null ?? []).map(Number));
  if (changes.some((c) => c.op === 'reset' || c.op === 'node-')) return undefined;
  const nodes = await query(`SELECT id, kind_ids FROM node WHERE id = ANY($1::int8[]) ORDER BY id`, [ids(['node+', 'node~'])]);
  const delta: TransactionDelta = { addedIds: [], kinds: new Map(), up: new Map(), down: new Map() };
  const indexNodes = index.nodeCount;
  const lastIndexed = indexNodes > 0 ? index.idOf(indexNodes - 1) : -Infinity;
  for (const row of nodes) {
    const id = Number(row.id);
    const at = index.indexOf(id);
    if (at >= 0 && at < indexNodes) {
      delta.kinds.set(at, (row.kind_ids as number[]).map(Number));
      continue;
    }
    if (!index.idsAscending || id <= lastIndexed) return undefined;
    delta.kinds.set(indexNodes + delta.addedIds.length, (row.kind_ids as number[]).map(Number));
    delta.addedIds.push(id);
  }
  const source = new IndexMemberOf(index, memberOf, delta);
  const edges = await query(`SELECT start_id, end_id FROM edge WHERE id = ANY($1::int8[]) AND kind_id = $2::int2`,
    [ids(['edge+']), memberOf]);
  for (const edge of edges) {
    const [start, end] = [source.indexOf(Number(edge.start_id)), source.indexOf(Number(edge.end_id))];
    if (start < 0 || end < 0) return undefined;
    if (start === end) continue;
    listOf(delta.up, start).push(end);
    listOf(delta.down, end).push(start);
  }
  return delta;
}

/**
 * The run's MemberOf graph over the traversal index (caught up to the version the transaction sees), or undefined
 * when the transaction's own changes cannot be laid over it (the caller then reads the graph with COPY). Flags
 * come from the index's kinds and the delta's; gMSAs and MSAs (a property, not in the index) from one statement.
 */
export async function membershipOverIndex(query: RunSql, index: TraversalIndex): Promise<MembershipGraph | undefined> {
  if (!index.idsAscending) return undefined;
  const kinds = await kindIds(query, ['User', 'Computer', 'Group', 'MemberOf']);
  const [user, computer, group, memberOf] = ['User', 'Computer', 'Group', 'MemberOf'].map((name) => kinds.get(name)!);
  const delta = await transactionDelta(query, index, memberOf);
  if (!delta) return undefined;
  const source = new IndexMemberOf(index, memberOf, delta);
  const managed = new Set((await query(`
    SELECT id FROM node WHERE properties @> '{"gmsa": true}'::jsonb OR properties @> '{"msa": true}'::jsonb`))
    .map((row) => source.indexOf(Number(row.id))));
  const flags = new Uint8Array(source.size);
  const principalKinds = [user, computer, group];
  for (let i = 0; i < source.size; i++) {
    const changed = delta.kinds.get(i);
    const has = (kind: number) => (changed ? changed.includes(kind) : index.hasKinds(i, [kind]));
    const principal = changed ? principalKinds.some((kind) => changed.includes(kind)) : index.hasAnyKind(i, principalKinds);
    if (!principal) continue;
    flags[i] = PRINCIPAL | (has(group) ? GROUP : 0) | (has(user) && !managed.has(i) ? PLAIN_USER : 0);
  }
  return new MembershipGraph(source, flags);
}
