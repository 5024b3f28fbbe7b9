import type { BatchEdge, EndpointRef, GraphBatch, Properties } from './graph.js';

/** A node of a batch after merging: kinds unioned, properties in batch order (null kept: it removes a value). */
export interface PlannedNode {
  objectid: string;
  kinds: string[];
  /** With objectid, lastseen and lastcollected set; undefined values gone. */
  properties: Properties;
}

/** A node to create only if no node has this objectid: an edge endpoint the batch does not define. */
export interface PlannedStub {
  objectid: string;
  kinds: string[];
  /** objectid and lastseen. */
  properties: Properties;
}

export type Endpoint = Required<EndpointRef>;

export interface PlannedEdge {
  start: Endpoint;
  end: Endpoint;
  kind: string;
  /** With lastseen set; null kept, undefined gone. */
  properties: Properties;
}

/** What every store writes for a batch, in lock order (sorted keys), so concurrent batches cannot deadlock. */
export interface BatchPlan {
  nodes: PlannedNode[];
  stubs: PlannedStub[];
  edges: PlannedEdge[];
  /** Every kind name the batch writes (node, stub and edge kinds). */
  kinds: string[];
}

const byKey = <T>(entries: Map<string, T>): T[] =>
  [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);

/** Merges a patch over earlier patches of the same batch: later values win, null kept, undefined absent. */
function mergePatch(into: Properties, patch: Properties | undefined): Properties {
  for (const key in patch) if (patch[key] !== undefined) into[key] = patch[key];
  return into;
}

function endpoint(ref: EndpointRef): Endpoint {
  return { objectid: ref.objectid, kinds: ref.kinds ?? [], matchBy: ref.matchBy ?? 'objectid' };
}

// NUL separates the parts: no stored value may hold one (planHasNul), so keys cannot collide.
const edgeKey = (e: BatchEdge): string =>
  `${e.start.matchBy ?? 'objectid'}\u0000${e.start.objectid}\u0000${e.end.matchBy ?? 'objectid'}\u0000${e.end.objectid}\u0000${e.kind}`;

function addKinds(into: string[], kinds: readonly string[]): void {
  for (const kind of kinds) if (!into.includes(kind)) into.push(kind);
}

/**
 * Reduces a batch to one write per node, stub and edge. Duplicates of one key merge in batch order (ON CONFLICT
 * cannot touch a row twice in one statement); stubs are the objectid endpoints with stub kinds that the batch's own
 * nodes do not define, their kinds unioned over every edge naming them. Endpoints named by distinguishedname never
 * get a stub.
 */
export function planBatch(batch: GraphBatch): BatchPlan {
  const seenAt = batch.seenAt;
  const nodes = new Map<string, PlannedNode>();
  for (const node of batch.nodes) {
    const entry = nodes.get(node.objectid);
    if (entry) {
      addKinds(entry.kinds, node.kinds);
      mergePatch(entry.properties, node.properties);
    } else {
      nodes.set(node.objectid, { objectid: node.objectid, kinds: [...new Set(node.kinds)], properties: mergePatch({}, node.properties) });
    }
  }
  const stubs = new Map<string, PlannedStub>();
  const stub = (ref: EndpointRef) => {
    if ((ref.matchBy ?? 'objectid') !== 'objectid' || !ref.kinds?.length || nodes.has(ref.objectid)) return;
    const entry = stubs.get(ref.objectid);
    if (entry) addKinds(entry.kinds, ref.kinds);
    else stubs.set(ref.objectid, { objectid: ref.objectid, kinds: [...new Set(ref.kinds)], properties: { objectid: ref.objectid, lastseen: seenAt } });
  };
  const edges = new Map<string, PlannedEdge>();
  for (const edge of batch.edges) {
    stub(edge.start);
    stub(edge.end);
    const key = edgeKey(edge);
    const entry = edges.get(key);
    if (entry) mergePatch(entry.properties, edge.properties);
    else edges.set(key, { start: endpoint(edge.start), end: endpoint(edge.end), kind: edge.kind, properties: mergePatch({}, edge.properties) });
  }
  const kinds = new Set<string>();
  const plannedNodes = byKey(nodes);
  for (const node of plannedNodes) {
    node.kinds.forEach((kind) => kinds.add(kind));
    Object.assign(node.properties, { objectid: node.objectid, lastseen: seenAt, lastcollected: seenAt });
  }
  const plannedStubs = byKey(stubs);
  for (const planned of plannedStubs) planned.kinds.forEach((kind) => kinds.add(kind));
  const plannedEdges = byKey(edges);
  for (const edge of plannedEdges) {
    kinds.add(edge.kind);
    edge.properties.lastseen = seenAt;
  }
  return { nodes: plannedNodes, stubs: plannedStubs, edges: plannedEdges, kinds: [...kinds] };
}

/** True when a property patch removes a value (a top-level null), so the store must strip it after an insert. */
export function removesValue(properties: Properties): boolean {
  return Object.values(properties).some((value) => value === null);
}

/** Why a store refuses a batch PostgreSQL could not hold (jsonb and text have no NUL character). */
export const NUL_REFUSED = 'a graph batch may not contain the NUL character';

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || hasNul(inner));
  }
  return false;
}

/** True when any objectid, kind, key or string value of the plan holds a NUL (the other stores refuse it too). */
export function planHasNul(plan: BatchPlan): boolean {
  return hasNul(plan.nodes) || hasNul(plan.stubs) || hasNul(plan.edges);
}
