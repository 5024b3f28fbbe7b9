// The graph the explorer shows: one store, filled by Cypher, pathfinding and "expand into the graph"; the renderer
// draws it and tests read it (window.__pathwarden.graph()) to compare with the API's answer, not pixels.
import type { ApiGraph, ApiGraphEdge, ApiGraphNode } from '../api/graph-types';

export interface ModelNode extends ApiGraphNode {
  id: string;
}

export interface ModelEdge extends ApiGraphEdge {
  /** source|kind|target: one edge per kind between two nodes, as the API answers. */
  key: string;
}

export interface GraphSnapshot {
  nodes: ModelNode[];
  edges: ModelEdge[];
  /** What filled it: "cypher", "pathfinding", "expand", ... */
  origin: string;
  /** Bumped at every change, so views can tell a new graph from the same one. */
  version: number;
}

type Listener = (snapshot: GraphSnapshot) => void;

export function edgeKey(edge: Pick<ApiGraphEdge, 'source' | 'kind' | 'target'>): string {
  return `${edge.source}|${edge.kind}|${edge.target}`;
}

export class GraphModel {
  private nodes = new Map<string, ModelNode>();
  private edges = new Map<string, ModelEdge>();
  private origin = 'empty';
  private version = 0;
  private readonly listeners = new Set<Listener>();

  /** Replaces the graph with an API answer. */
  replace(graph: ApiGraph, origin: string): void {
    this.nodes.clear();
    this.edges.clear();
    this.add(graph);
    this.origin = origin;
    this.emit();
  }

  /** Adds an API answer to what is shown (a list expanded into the graph). */
  merge(graph: ApiGraph, origin: string): void {
    this.add(graph);
    this.origin = origin;
    this.emit();
  }

  /** Marks a node Owned (or not) after the API accepted it. */
  setOwned(id: string, owned: boolean): void {
    const node = this.nodes.get(id);
    if (!node) return;
    this.nodes.set(id, { ...node, isOwnedObject: owned });
    this.emit();
  }

  clear(): void {
    this.nodes.clear();
    this.edges.clear();
    this.origin = 'empty';
    this.emit();
  }

  node(id: string): ModelNode | undefined {
    return this.nodes.get(id);
  }

  edge(key: string): ModelEdge | undefined {
    return this.edges.get(key);
  }

  snapshot(): GraphSnapshot {
    return { nodes: [...this.nodes.values()], edges: [...this.edges.values()], origin: this.origin, version: this.version };
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private add(graph: ApiGraph): void {
    for (const [id, node] of Object.entries(graph.nodes ?? {})) this.nodes.set(id, { ...node, id });
    for (const edge of graph.edges ?? []) {
      const key = edgeKey(edge);
      this.edges.set(key, { ...edge, key });
    }
  }

  private emit(): void {
    this.version += 1;
    const snapshot = this.snapshot();
    for (const listener of this.listeners) listener(snapshot);
  }
}

/** The explorer's one graph. */
export const graphModel = new GraphModel();
