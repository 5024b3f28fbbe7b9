import { ApiError } from '@app/platform';
import type { GraphEdge, GraphNode, GraphPath, QueryRows, ResultValue } from '../domain/graph.js';
import { GraphErrors } from './graph-errors.js';

/** A value of a result column that is not a graph element; the presenter writes it as text. */
export interface Literal {
  key: string;
  value: unknown;
}

/**
 * A graph answer before it is written: distinct nodes, edges de-duplicated by (source, kind, target) as the
 * reference's pathfinding does, and the literals of the result columns.
 */
export interface GraphResult {
  nodes: GraphNode[];
  edges: GraphEdge[];
  literals: Literal[];
}

/** Accumulates nodes and edges in first-seen order, each once. */
class GraphCollector {
  private readonly nodes = new Map<string, GraphNode>();
  private readonly edges = new Map<string, GraphEdge>();
  readonly literals: Literal[] = [];

  addNode(node: GraphNode): void {
    if (!this.nodes.has(node.id)) this.nodes.set(node.id, node);
  }

  addEdge(edge: GraphEdge): void {
    const key = JSON.stringify([edge.startId, edge.kind, edge.endId]);
    if (!this.edges.has(key)) this.edges.set(key, edge);
  }

  addPath(path: GraphPath): void {
    path.nodes.forEach((node) => this.addNode(node));
    path.edges.forEach((edge) => this.addEdge(edge));
  }

  /** Nodes, edges and paths anywhere in a value (lists included) are collected; anything else is a literal. */
  addValue(key: string, value: ResultValue): void {
    switch (value.type) {
      case 'node': return this.addNode(value.node);
      case 'edge': return this.addEdge(value.edge);
      case 'path': return this.addPath(value.path);
      case 'list':
        if (value.items.some(holdsGraph)) value.items.forEach((item) => this.addValue(key, item));
        else this.literals.push({ key, value: plain(value) });
        return;
      case 'literal':
        this.literals.push({ key, value: value.value });
    }
  }

  result(): GraphResult {
    return { nodes: [...this.nodes.values()], edges: [...this.edges.values()], literals: this.literals };
  }
}

function holdsGraph(value: ResultValue): boolean {
  return value.type === 'list' ? value.items.some(holdsGraph) : value.type !== 'literal';
}

/** A value without graph elements as plain JSON-able data. */
function plain(value: ResultValue): unknown {
  return value.type === 'list' ? value.items.map(plain) : value.type === 'literal' ? value.value : null;
}

/** Gathers the graph elements and literals of every row and column of a Cypher result. */
export function collectRows(result: QueryRows): GraphResult {
  const collector = new GraphCollector();
  for (const row of result.rows) {
    row.forEach((value, i) => collector.addValue(result.columns[i] ?? String(i), value));
  }
  return collector.result();
}

/** The union of paths as one graph (shortest paths, compositions). */
export function collectPaths(paths: readonly GraphPath[]): GraphResult {
  const collector = new GraphCollector();
  paths.forEach((path) => collector.addPath(path));
  return collector.result();
}

/** The same union for a loose set of nodes and edges. */
export function collectGraph(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): GraphResult {
  return collectPaths([{ nodes: [...nodes], edges: [...edges] }]);
}

/** 400 when an answer carries more graph elements than GRAPH_RESULT_LIMIT allows. */
export function assertWithinResultLimit(result: GraphResult, limit: number): void {
  if (result.nodes.length + result.edges.length > limit) throw ApiError.badRequest(GraphErrors.resultTooLarge(limit));
}

export function isEmptyResult(result: GraphResult): boolean {
  return result.nodes.length === 0 && result.edges.length === 0 && result.literals.length === 0;
}
