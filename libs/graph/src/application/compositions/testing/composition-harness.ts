import { seedGraph, type GraphSpec } from '../../../testing/graph-fixture.js';
import { InMemoryGraphStore } from '../../../testing/in-memory-graph.store.js';
import type { Properties } from '../../../domain/graph.js';
import { EdgeCompositions } from '../edge-compositions.js';

type NodeSpec = GraphSpec['nodes'][number];
type EdgeSpec = GraphSpec['edges'][number];

/** An AD node as ingest writes it: its kind plus Base. */
export function node(objectid: string, kind: string, properties: Properties = {}): NodeSpec {
  return { objectid, kinds: ['Base', kind], properties };
}

const EDGE = /^(\S+) -\[(\w+)\]-> (\S+)$/;

/** Edges written the way the tests assert them: `'ALICE -[MemberOf]-> USERS'`. */
export function edges(...lines: string[]): EdgeSpec[] {
  return lines.map((line) => {
    const match = EDGE.exec(line);
    if (!match) throw new Error(`not an edge: ${line}`);
    return { from: match[1], kind: match[2], to: match[3] };
  });
}

/** A composition as objectids and edge lines, sorted, for exact comparison. */
export interface ComposedGraph {
  nodes: string[];
  edges: string[];
}

/**
 * Seeds `graph` and the composite edge (`'ALICE -[ADCSESC1]-> CORP'`) into an in-memory store and composes that edge.
 */
export async function compose(
  graph: { nodes: NodeSpec[]; edges: EdgeSpec[] }, composite: string,
): Promise<ComposedGraph> {
  const store = new InMemoryGraphStore();
  const [target] = edges(composite);
  const seeded = await seedGraph(store, { nodes: graph.nodes, edges: [...graph.edges, target] });
  const edge = await store.edgeBetween(seeded.get(target.from)!.id, seeded.get(target.to)!.id, target.kind);
  const objectid = new Map([...seeded.values()].map((n) => [n.id, n.properties.objectid as string]));
  const result = await new EdgeCompositions(store).compose(edge!);
  return {
    nodes: result.nodes.map((n) => n.properties.objectid as string).sort(),
    edges: result.edges.map((e) => `${objectid.get(e.startId)} -[${e.kind}]-> ${objectid.get(e.endId)}`).sort(),
  };
}

/** The expected composition, sorted like `compose` sorts it. */
export function expected(nodes: string[], lines: string[]): ComposedGraph {
  return { nodes: [...nodes].sort(), edges: [...lines].sort() };
}
