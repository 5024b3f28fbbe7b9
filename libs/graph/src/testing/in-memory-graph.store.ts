import { GraphStore, type Expansion } from '../application/ports.js';
import type {
  BatchResult, Direction, EdgeUpsert, GraphBatch, GraphEdge, GraphNode, NodeUpsert, Properties,
} from '../domain/graph.js';
import { NUL_REFUSED, planBatch, planHasNul, type Endpoint } from '../domain/graph-batch.js';
import { BUILT_IN_KINDS } from '../domain/kinds.js';

interface StoredNode {
  id: string;
  kinds: Set<string>;
  properties: Properties;
}

/** Properties as they come back from a jsonb column: plain JSON, undefined values gone. */
function asJson(properties: Properties): Properties {
  return JSON.parse(JSON.stringify(properties ?? {})) as Properties;
}

/** Applies a patch: new values win, a null value removes the property. */
function applyPatch(target: Properties, patch: Properties): Properties {
  const merged = { ...target };
  for (const [key, value] of Object.entries(asJson(patch))) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * Adds or removes one token of the space-separated `system_tags`, as the PostgreSQL adapter does: a changed value is
 * its non-empty tokens joined by single spaces, an unchanged one is left as it was, and no tokens left removes it.
 */
function setSystemTag(properties: Properties, tag: string, present: boolean): void {
  const tokens = String(properties.system_tags ?? '').split(' ').filter((token) => token !== '');
  if (tokens.includes(tag) === present) return;
  const next = present ? [...tokens, tag] : tokens.filter((token) => token !== tag);
  if (next.length === 0) delete properties.system_tags;
  else properties.system_tags = next.join(' ');
}

function byId<T extends { id: string }>(a: T, b: T): number {
  return Number(BigInt(a.id) - BigInt(b.id));
}

/**
 * The graph in memory, with the PostgreSQL adapter's semantics (the graph-store contract runs on both): ids are
 * increasing decimal strings (a batch's new nodes numbered in objectid order), a node's kinds come out in
 * kind-registration order (built-in kinds first), look-ups answer in id order. Results are copies, so callers
 * never mutate the store.
 */
export class InMemoryGraphStore extends GraphStore {
  private readonly nodes = new Map<string, StoredNode>();
  private readonly idByObjectId = new Map<string, string>();
  private readonly edges = new Map<string, GraphEdge>();
  private readonly edgeIdByKey = new Map<string, string>();
  private readonly kindRank = new Map<string, number>(BUILT_IN_KINDS.map((kind, i) => [kind, i]));
  private lastNodeId = 0;
  private lastEdgeId = 0;

  async upsertNodes(nodes: NodeUpsert[]): Promise<void> {
    this.register(nodes.flatMap((n) => n.kinds));
    const fresh = [...new Set(nodes.map((n) => n.objectid))].filter((o) => !this.idByObjectId.has(o));
    for (const objectid of fresh.sort()) {
      const node = { id: String(++this.lastNodeId), kinds: new Set<string>(), properties: {} };
      this.nodes.set(node.id, node);
      this.idByObjectId.set(objectid, node.id);
    }
    for (const upsert of nodes) {
      const node = this.nodes.get(this.idByObjectId.get(upsert.objectid)!)!;
      upsert.kinds.forEach((kind) => node.kinds.add(kind));
      node.properties = { ...applyPatch(node.properties, upsert.properties), objectid: upsert.objectid };
    }
  }

  /** As the PostgreSQL adapter: nodes and stubs (new ones numbered in objectid order), then edges. */
  async writeBatch(batch: GraphBatch): Promise<BatchResult> {
    const plan = planBatch(batch);
    // All or nothing: refuse before writing what PostgreSQL would refuse (jsonb and text hold no NUL).
    if (planHasNul(plan)) throw new Error(NUL_REFUSED);
    this.register(plan.kinds);
    const stubs = plan.stubs.filter((stub) => !this.idByObjectId.has(stub.objectid));
    await this.upsertNodes([...plan.nodes, ...stubs]);
    const resolved = new Map<string, { startId: string; endId: string; kind: string; properties: Properties }>();
    let resolvedRows = 0;
    for (const edge of plan.edges) {
      const startId = this.resolve(edge.start);
      const endId = this.resolve(edge.end);
      if (startId === undefined || endId === undefined) continue;
      resolvedRows++;
      resolved.set(this.edgeKey(startId, endId, edge.kind), { startId, endId, kind: edge.kind, properties: edge.properties });
    }
    const inKeyOrder = [...resolved.values()].sort((a, b) =>
      Number(BigInt(a.startId) - BigInt(b.startId)) || Number(BigInt(a.endId) - BigInt(b.endId)) ||
      this.kindRank.get(a.kind)! - this.kindRank.get(b.kind)!);
    for (const { startId, endId, kind, properties } of inKeyOrder) {
      const key = this.edgeKey(startId, endId, kind);
      let edge = this.edges.get(this.edgeIdByKey.get(key) ?? '');
      if (!edge) {
        edge = { id: String(++this.lastEdgeId), startId, endId, kind, properties: {} };
        this.edges.set(edge.id, edge);
        this.edgeIdByKey.set(key, edge.id);
      }
      edge.properties = applyPatch(edge.properties, properties);
    }
    return { nodes: plan.nodes.length, stubs: stubs.length, edges: resolved.size, skippedEdges: plan.edges.length - resolvedRows };
  }

  async upsertEdges(edges: EdgeUpsert[]): Promise<{ written: number; skipped: number }> {
    this.register(edges.map((e) => e.kind));
    const resolved = new Map<string, { startId: string; endId: string; kind: string } | undefined>();
    for (const { startObjectId, endObjectId, kind } of edges) {
      const startId = this.idByObjectId.get(startObjectId);
      const endId = this.idByObjectId.get(endObjectId);
      const ends = startId !== undefined && endId !== undefined ? { startId, endId, kind } : undefined;
      resolved.set(JSON.stringify([startObjectId, endObjectId, kind]), ends);
    }
    // New edges get ids in batch-key order, as the PostgreSQL adapter inserts them.
    for (const key of [...resolved.keys()].sort()) {
      const ends = resolved.get(key);
      if (!ends || this.edgeIdByKey.has(this.edgeKey(ends.startId, ends.endId, ends.kind))) continue;
      const edge = { id: String(++this.lastEdgeId), ...ends, properties: {} };
      this.edges.set(edge.id, edge);
      this.edgeIdByKey.set(this.edgeKey(edge.startId, edge.endId, edge.kind), edge.id);
    }
    for (const upsert of edges) {
      const ends = resolved.get(JSON.stringify([upsert.startObjectId, upsert.endObjectId, upsert.kind]));
      if (!ends) continue;
      const edge = this.edges.get(this.edgeIdByKey.get(this.edgeKey(ends.startId, ends.endId, ends.kind))!)!;
      edge.properties = applyPatch(edge.properties, upsert.properties);
    }
    const written = [...resolved.values()].filter((ends) => ends !== undefined).length;
    return { written, skipped: resolved.size - written };
  }

  async deleteNodes(objectids: string[]): Promise<number> {
    const ids = new Set<string>();
    for (const objectid of objectids) {
      const id = this.idByObjectId.get(objectid);
      if (id === undefined) continue;
      ids.add(id);
      this.nodes.delete(id);
      this.idByObjectId.delete(objectid);
    }
    for (const edge of [...this.edges.values()]) {
      if (ids.has(edge.startId) || ids.has(edge.endId)) this.removeEdge(edge);
    }
    return ids.size;
  }

  async deleteEdges(edges: { startId: string; endId: string; kind: string }[]): Promise<number> {
    let deleted = 0;
    for (const { startId, endId, kind } of edges) {
      const edge = this.edges.get(this.edgeIdByKey.get(this.edgeKey(startId, endId, kind)) ?? '');
      if (!edge) continue;
      this.removeEdge(edge);
      deleted++;
    }
    return deleted;
  }

  async updateNodeKinds(nodeIds: string[], add: string[], remove: string[]): Promise<void> {
    if (nodeIds.length > 0) this.register(add);
    for (const id of nodeIds) {
      const node = this.nodes.get(id);
      if (!node) continue;
      remove.forEach((kind) => node.kinds.delete(kind));
      add.forEach((kind) => node.kinds.add(kind));
    }
  }

  async replaceKindMembers(kind: string, nodeIds: string[], systemTag?: string): Promise<{ added: number; removed: number }> {
    this.register([kind]);
    const members = new Set(nodeIds);
    let added = 0;
    let removed = 0;
    for (const node of this.nodes.values()) {
      if (members.has(node.id)) {
        if (!node.kinds.has(kind)) added++;
        node.kinds.add(kind);
        if (systemTag !== undefined) setSystemTag(node.properties, systemTag, true);
      } else if (node.kinds.delete(kind)) {
        removed++;
        if (systemTag !== undefined) setSystemTag(node.properties, systemTag, false);
      }
    }
    return { added, removed };
  }

  async clear(): Promise<void> {
    this.nodes.clear();
    this.idByObjectId.clear();
    this.edges.clear();
    this.edgeIdByKey.clear();
  }

  async nodesByIds(ids: string[]): Promise<GraphNode[]> {
    return this.nodeList(ids.map((id) => this.nodes.get(id)));
  }

  async nodesDigest(ids: string[], properties: readonly string[]): Promise<string | undefined> {
    const nodes = await this.nodesByIds(ids);
    const kinds = (n: GraphNode) => n.kinds.filter((kind) => !kind.startsWith('Tag_'));
    return JSON.stringify(nodes.map((n) => [n.id, kinds(n), properties.map((key) => n.properties[key] ?? null)]));
  }

  async nodesByObjectIds(objectids: string[]): Promise<GraphNode[]> {
    return this.nodeList(objectids.map((objectid) => this.nodes.get(this.idByObjectId.get(objectid) ?? '')));
  }

  async nodeByObjectId(objectid: string, kind?: string): Promise<GraphNode | undefined> {
    const node = this.nodes.get(this.idByObjectId.get(objectid) ?? '');
    if (!node || (kind !== undefined && !node.kinds.has(kind))) return undefined;
    return this.copyNode(node);
  }

  async nodeIdsInDomain(
    domainSid: string, kinds: readonly string[], { among, foreign = false }: { among?: readonly string[]; foreign?: boolean } = {},
  ): Promise<string[]> {
    const scope = among ? among.map((id) => this.nodes.get(id)) : [...this.nodes.values()];
    const fits = (sid: unknown) => typeof sid === 'string' && (sid === domainSid) !== foreign;
    return scope
      .filter((node): node is StoredNode => node !== undefined && fits(node.properties.domainsid))
      .filter((node) => kinds.length === 0 || kinds.some((kind) => node.kinds.has(kind)))
      .map((node) => node.id);
  }

  async edgesByIds(ids: string[]): Promise<GraphEdge[]> {
    return this.edgeList(ids.map((id) => this.edges.get(id)));
  }

  async edgeBetween(startId: string, endId: string, kind: string): Promise<GraphEdge | undefined> {
    const edge = this.edges.get(this.edgeIdByKey.get(this.edgeKey(startId, endId, kind)) ?? '');
    return edge && structuredClone(edge);
  }

  async neighbours(nodeIds: string[], direction: Direction, edgeKinds?: readonly string[]): Promise<Expansion> {
    const seeds = new Set(nodeIds);
    const kinds = edgeKinds && edgeKinds.length > 0 ? new Set(edgeKinds) : undefined;
    const edges: GraphEdge[] = [];
    const others = new Set<string>();
    for (const edge of this.edges.values()) {
      if (kinds && !kinds.has(edge.kind)) continue;
      const out = direction !== 'inbound' && seeds.has(edge.startId);
      const into = direction !== 'outbound' && seeds.has(edge.endId);
      if (out) others.add(edge.endId);
      if (into) others.add(edge.startId);
      if (out || into) edges.push(edge);
    }
    return { edges: this.edgeList(edges), nodes: this.nodeList([...others].map((id) => this.nodes.get(id))) };
  }

  async counts(): Promise<{ nodes: number; edges: number }> {
    return { nodes: this.nodes.size, edges: this.edges.size };
  }

  /** The node an endpoint names: by objectid, or the oldest node with that distinguishedname (any case). */
  private resolve(ref: Endpoint): string | undefined {
    if (ref.matchBy === 'objectid') return this.idByObjectId.get(ref.objectid);
    const dn = ref.objectid.toUpperCase();
    const matches = [...this.nodes.values()].filter((n) =>
      typeof n.properties.distinguishedname === 'string' && n.properties.distinguishedname.toUpperCase() === dn);
    return matches.sort(byId)[0]?.id;
  }

  /** New kinds get ranks as the kind table gives them ids: per write, in name order. */
  private register(kinds: string[]): void {
    const fresh = [...new Set(kinds)].filter((kind) => !this.kindRank.has(kind));
    for (const kind of fresh.sort()) this.kindRank.set(kind, this.kindRank.size);
  }

  private edgeKey(startId: string, endId: string, kind: string): string {
    return JSON.stringify([startId, endId, kind]);
  }

  private removeEdge(edge: GraphEdge): void {
    this.edges.delete(edge.id);
    this.edgeIdByKey.delete(this.edgeKey(edge.startId, edge.endId, edge.kind));
  }

  private copyNode(node: StoredNode): GraphNode {
    const kinds = [...node.kinds].sort((a, b) => this.kindRank.get(a)! - this.kindRank.get(b)!);
    return { id: node.id, kinds, properties: structuredClone(node.properties) };
  }

  private nodeList(found: (StoredNode | undefined)[]): GraphNode[] {
    const distinct = new Map(found.filter((n) => n !== undefined).map((n) => [n.id, n]));
    return [...distinct.values()].sort(byId).map((node) => this.copyNode(node));
  }

  private edgeList(found: (GraphEdge | undefined)[]): GraphEdge[] {
    const distinct = new Map(found.filter((e) => e !== undefined).map((e) => [e.id, e]));
    return [...distinct.values()].sort(byId).map((edge) => structuredClone(edge));
  }
}
