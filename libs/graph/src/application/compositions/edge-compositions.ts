import { Injectable, Optional } from '@nestjs/common';
import { GraphWalks, StoreWalks } from '../graph-walks.js';
import { GraphStore } from '../ports.js';
import type { GraphEdge, GraphNode } from '../../domain/graph.js';
import type { CompositionHandler } from './composition-parts.js';
import { composeEsc1 } from './esc1.js';
import { composeEsc3 } from './esc3.js';
import { composeEsc4 } from './esc4.js';
import { composeEsc6 } from './esc6.js';
import { composeEsc9Or10 } from './esc9-esc10.js';
import { composeEsc13 } from './esc13.js';
import { composeGoldenCert } from './golden-cert.js';
import { composeRelayToAdcs, composeRelayToSmb } from './ntlm-relay.js';

export const NO_COMPOSITION_HANDLER = 'no edge composition handler for kind';

/** The edge's kind is not a composite edge (it has no composition to show). */
export class NoCompositionHandlerError extends Error {
  constructor(readonly kind: string) {
    super(`${NO_COMPOSITION_HANDLER} ${kind}`);
    this.name = 'NoCompositionHandlerError';
  }
}

/** The composite (post-processed) edge kinds that have a composition, and how each is found. */
const HANDLERS = new Map<string, CompositionHandler>([
  ['GoldenCert', composeGoldenCert],
  ['ADCSESC1', composeEsc1],
  ['ADCSESC3', composeEsc3],
  ['ADCSESC4', composeEsc4],
  ['ADCSESC6a', composeEsc6],
  ['ADCSESC6b', composeEsc6],
  ['ADCSESC9a', composeEsc9Or10],
  ['ADCSESC9b', composeEsc9Or10],
  ['ADCSESC10a', composeEsc9Or10],
  ['ADCSESC10b', composeEsc9Or10],
  ['ADCSESC13', composeEsc13],
  ['CoerceAndRelayNTLMToSMB', composeRelayToSmb],
  ['CoerceAndRelayNTLMToADCS', composeRelayToAdcs],
]);

/** The nodes and edges of the paths that justify a composite edge (the composite edge itself is not among them). */
export interface EdgeComposition {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/**
 * Edge composition (GET /api/v2/graphs/edge-composition): the union of the paths behind a post-processed edge, found
 * with set-based traversals through the storage port, so it answers the same on every backend.
 */
@Injectable()
export class EdgeCompositions {
  private readonly walks: GraphWalks;

  /** Without `walks` (tests over a bare store), walks expand through the store's own `neighbours`. */
  constructor(private readonly store: GraphStore, @Optional() walks?: GraphWalks) {
    this.walks = walks ?? new StoreWalks(store);
  }

  /**
   * The composition of `edge`, de-duplicated and in id order; throws NoCompositionHandlerError for other kinds.
   * Every walk and look-up of one composition reads one view of the graph (GraphWalks.read).
   */
  async compose(edge: GraphEdge): Promise<EdgeComposition> {
    const handler = HANDLERS.get(edge.kind);
    if (!handler) throw new NoCompositionHandlerError(edge.kind);
    return this.walks.read(async (hops) => {
      const ends = await this.store.nodesByIds([edge.startId, edge.endId]);
      const start = ends.find((n) => n.id === edge.startId);
      const end = ends.find((n) => n.id === edge.endId);
      if (!start || !end) return { nodes: [], edges: [] };
      const nodes = new Map<string, GraphNode>();
      const edges = new Map<string, GraphEdge>();
      for (const piece of await handler({ graph: { store: this.store, hops }, edge, start, end })) {
        piece.nodeList().forEach((n) => nodes.set(n.id, n));
        piece.edgeList().forEach((e) => edges.set(e.id, e));
      }
      return { nodes: [...nodes.values()].sort(byId), edges: [...edges.values()].sort(byId) };
    });
  }
}

function byId(a: { id: string }, b: { id: string }): number {
  return BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0;
}
