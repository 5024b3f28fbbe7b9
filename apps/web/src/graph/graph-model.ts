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
  private latestTicket = 0;
  private readonly listeners = new Set<Listener>();

  /**
   * Starts a request whose answer will fill the graph: its ticket. An answer given with a ticket older than the
   * latest begun is dropped, so a slow earlier request (another search, run or path) cannot overwrite a newer one.
   */
  begin(): number {
    return ++this.latestTicket;
  }

  /**
   * The latest ticket, without starting a new one: for an answer that adds to the graph (a list shown in it) and
   * should be dropped if a newer graph is asked for meanwhile, but must not itself supersede one being fetched.
   */
  ticket(): number {
    return this.latestTicket;
  }

  /** Whether an answer with this ticket is still wanted (no ticket: always). */
  isCurrent(ticket?: number): boolean {
    return ticket === undefined || ticket >= this.latestTicket;
  }

  /** Replaces the graph with an API answer; false (and nothing changes) when its ticket is stale. */
  replace(graph: ApiGraph, origin: string, ticket?: number): boolean {
    if (!this.isCurrent(ticket)) return false;
    this.nodes.clear();
    this.edges.clear();
    this.add(graph);
    this.origin = origin;
    this.emit();
    return true;
  }

  /** Adds an API answer to what is shown (a list expanded into the graph); false when its ticket is stale. */
  merge(graph: ApiGraph, origin: string, ticket?: number): boolean {
    if (!this.isCurrent(ticket)) return false;
    this.add(graph);
    this.origin = origin;
    this.emit();
    return true;
  }

  /** Marks a node Owned (or not) after the API accepted it. */
  setOwned(id: string, owned: boolean): void {
    const node = this.nodes.get(id);
    if (!node) return;
    this.nodes.set(id, { ...node, isOwnedObject: owned });
    this.emit();
  }

  /** Empties the graph (sign-out); answers still on their way are dropped too. */
  clear(): void {
    this.latestTicket += 1;
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
