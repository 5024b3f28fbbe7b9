import type { GraphEdge, GraphNode, Properties } from '../domain/graph.js';
import { isOwned, isTierZero, primaryDisplayKind, textProperty } from '../domain/display.js';
import type { GraphResult } from '../application/graph-result.js';

/** The wire node of graph answers (Cypher result, edge composition, shortest path): graph-reference §3. */
export interface GraphNodeWire {
  label: string;
  kind: string;
  kinds: string[];
  objectId: string;
  isTierZero: boolean;
  isOwnedObject: boolean;
  lastSeen: string;
  properties?: Properties;
}

export interface GraphEdgeWire {
  /** The edge's id (the reference's client reads it as a number; ids stay far below 2^53). */
  id: number;
  source: string;
  target: string;
  label: string;
  kind: string;
  lastSeen: string;
  properties?: Properties;
}

export interface LiteralWire {
  key: string;
  value: string;
}

/** The Graph (edge composition) and Cypher result shapes; node_keys / edge_keys only with properties. */
export interface GraphWire {
  node_keys?: string[];
  edge_keys?: string[];
  nodes: Record<string, GraphNodeWire>;
  edges: GraphEdgeWire[];
  literals: LiteralWire[];
}

export interface PresentOptions {
  includeProperties: boolean;
  /** `lastSeen` of elements that carry no `lastseen` property (the reference writes the current time). */
  now: Date;
}

/** `lastseen` as RFC 3339: collectors write a timestamp string, some ingest paths epoch seconds. */
export function lastSeen(properties: Properties, now: Date): string {
  const value = properties.lastseen;
  const millis = typeof value === 'number' ? value * 1000 : typeof value === 'string' ? Date.parse(value) : NaN;
  const date = new Date(millis);
  return Number.isFinite(millis) && !Number.isNaN(date.getTime()) ? date.toISOString() : now.toISOString();
}

/** Literal values travel as text (compat part 1, Cypher): strings as they are, anything else as JSON. */
export function literalText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value ?? null);
}

export function presentGraphNode(node: GraphNode, options: PresentOptions): GraphNodeWire {
  const { properties } = node;
  return {
    label: textProperty(properties, 'name') || textProperty(properties, 'objectid') || '',
    kind: primaryDisplayKind(node),
    kinds: node.kinds,
    objectId: textProperty(properties, 'objectid') ?? '',
    isTierZero: isTierZero(node),
    isOwnedObject: isOwned(node),
    lastSeen: lastSeen(properties, options.now),
    ...(options.includeProperties ? { properties } : {}),
  };
}

export function presentGraphEdge(edge: GraphEdge, options: PresentOptions): GraphEdgeWire {
  return {
    id: Number(edge.id),
    source: edge.startId,
    target: edge.endId,
    label: edge.kind,
    kind: edge.kind,
    lastSeen: lastSeen(edge.properties, options.now),
    ...(options.includeProperties ? { properties: edge.properties } : {}),
  };
}

function sortedKeys(items: readonly { properties: Properties }[]): string[] {
  return [...new Set(items.flatMap((item) => Object.keys(item.properties)))].sort();
}

/** A graph answer on the wire: nodes keyed by node id, edges as an array, literals as text. */
export function presentGraph(result: GraphResult, options: PresentOptions): GraphWire {
  return {
    nodes: Object.fromEntries(result.nodes.map((node) => [node.id, presentGraphNode(node, options)])),
    edges: result.edges.map((edge) => presentGraphEdge(edge, options)),
    literals: result.literals.map((literal) => ({ key: literal.key, value: literalText(literal.value) })),
  };
}

/** The Cypher result: the graph plus, with properties, the sorted union of property keys when not empty. */
export function presentCypherResult(result: GraphResult, options: PresentOptions): GraphWire {
  const nodeKeys = options.includeProperties ? sortedKeys(result.nodes) : [];
  const edgeKeys = options.includeProperties ? sortedKeys(result.edges) : [];
  return {
    ...(nodeKeys.length > 0 ? { node_keys: nodeKeys } : {}),
    ...(edgeKeys.length > 0 ? { edge_keys: edgeKeys } : {}),
    ...presentGraph(result, options),
  };
}
