import neo4j, { type Integer, type Node, type Path, type Relationship } from 'neo4j-driver';
import type { GraphEdge, GraphNode, GraphPath, Properties, ResultValue } from '../../domain/graph.js';
import { BUILT_IN_KINDS } from '../../domain/kinds.js';
import { decodeProperties } from './neo4j-properties.js';

/**
 * The label every node written by the store carries: the objectid uniqueness constraint (and so MERGE by
 * objectid) hangs on it. It is bookkeeping, not a kind, so it never appears in a node's kinds.
 */
export const NODE_LABEL = 'PWNode';

const KIND_RANK = new Map(BUILT_IN_KINDS.map((kind, i) => [kind, i]));

/** Kinds in the PostgreSQL adapter's order (built-in kinds in registration order first), without NODE_LABEL. */
export function nodeKinds(labels: readonly string[]): string[] {
  const rank = (label: string) => KIND_RANK.get(label) ?? BUILT_IN_KINDS.length;
  return labels.filter((label) => label !== NODE_LABEL).sort((a, b) => rank(a) - rank(b));
}

function idOf(value: number | Integer | bigint): string {
  return String(neo4j.isInt(value) ? value.toString() : value);
}

/** Plain JSON-like data from a driver value: integers as numbers, temporal and spatial values as their text. */
export function toPlain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (neo4j.isInt(value)) return value.toNumber();
  if (typeof value === 'bigint') return Number(value);
  if (neo4j.isNode(value)) return toGraphNode(value);
  if (neo4j.isRelationship(value)) return toGraphEdge(value);
  if (neo4j.isPath(value)) return toGraphPath(value);
  if (Array.isArray(value)) return value.map(toPlain);
  if (isTemporalOrSpatial(value)) return String(value);
  if (typeof value === 'object') return plainMap(value as Record<string, unknown>);
  return value;
}

function isTemporalOrSpatial(value: unknown): boolean {
  return neo4j.isDate(value) || neo4j.isDateTime(value) || neo4j.isLocalDateTime(value) || neo4j.isTime(value) ||
    neo4j.isLocalTime(value) || neo4j.isDuration(value) || neo4j.isPoint(value);
}

function plainMap(map: Record<string, unknown>): Properties {
  return Object.fromEntries(Object.entries(map).map(([key, v]) => [key, toPlain(v)]));
}

export function toGraphNode(node: Node<number | Integer>): GraphNode {
  return { id: idOf(node.identity), kinds: nodeKinds(node.labels), properties: decodeProperties(plainMap(node.properties)) };
}

export function toGraphEdge(rel: Relationship<number | Integer>): GraphEdge {
  return {
    id: idOf(rel.identity),
    startId: idOf(rel.start),
    endId: idOf(rel.end),
    kind: rel.type,
    properties: decodeProperties(plainMap(rel.properties)),
  };
}

/** Nodes in path order; each edge keeps its stored direction (segments may walk it backwards). */
export function toGraphPath(path: Path<number | Integer>): GraphPath {
  return {
    nodes: [toGraphNode(path.start), ...path.segments.map((segment) => toGraphNode(segment.end))],
    edges: path.segments.map((segment) => toGraphEdge(segment.relationship)),
  };
}

/** One value of a Cypher result row. */
export function toResultValue(value: unknown): ResultValue {
  if (neo4j.isNode(value)) return { type: 'node', node: toGraphNode(value) };
  if (neo4j.isRelationship(value)) return { type: 'edge', edge: toGraphEdge(value) };
  if (neo4j.isPath(value)) return { type: 'path', path: toGraphPath(value) };
  if (Array.isArray(value)) return { type: 'list', items: value.map(toResultValue) };
  return { type: 'literal', value: toPlain(value) };
}

/** Decimal id strings as typed integer parameters; anything else cannot name a Neo4j entity and is dropped. */
export function idParams(ids: readonly string[]): Integer[] {
  return [...new Set(ids)].filter((id) => /^\d{1,19}$/.test(id) && BigInt(id) < 2n ** 63n).map((id) => neo4j.int(id));
}
