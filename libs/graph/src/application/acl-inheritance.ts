import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import type { GraphEdge, GraphNode, GraphPath } from '../domain/graph.js';
import { GraphErrors } from './graph-errors.js';
import { GraphLimits } from './graph-limits.js';
import { assertWithinResultLimit, collectPaths, type GraphResult } from './graph-result.js';
import { GraphStore } from './ports.js';

/** Objects an ACE can be inherited from: what contains the object, up to its domain. */
const CONTAINER_KINDS: ReadonlySet<string> = new Set(['Domain', 'OU', 'Container']);

/** How a node was reached from the edge's target: through `edge` from the node `child` (the target has neither). */
interface Step {
  node: GraphNode;
  edge?: GraphEdge;
  child?: string;
}

function inheritanceHashes(node: GraphNode): unknown[] {
  const hashes = node.properties.inheritancehashes;
  return Array.isArray(hashes) ? hashes : [];
}

/**
 * Where an inherited ACL edge comes from (GET /api/v2/graphs/acl-inheritance, the reference's
 * FetchACLInheritancePath): walking up the Contains edges from the edge's target through domains, OUs and
 * containers, every container whose `inheritancehashes` holds the edge's `inheritancehash`, with the Contains
 * path down to the target, unless a node on that path below the container is ACL-protected (`isaclprotected`,
 * which stops inheritance). When any is found, the edge itself joins the answer. An edge that is not an
 * inherited ACE with a hash has none. Each container is reached once, so a Contains cycle ends the walk.
 */
@Injectable()
export class AclInheritance {
  constructor(private readonly store: GraphStore, private readonly limits: GraphLimits) {}

  /** The inheritance paths of the edge of `kind` between two nodes (by id), as one graph; 400 when no such edge. */
  async find(startId: string, endId: string, kind: string): Promise<GraphResult> {
    const edge = await this.store.edgeBetween(startId, endId, kind);
    if (!edge) throw ApiError.badRequest(GraphErrors.edgeNotFound);
    const result = collectPaths(await this.paths(edge));
    assertWithinResultLimit(result, this.limits.resultLimit);
    return result;
  }

  async paths(edge: GraphEdge): Promise<GraphPath[]> {
    const { isacl, isinherited, inheritancehash: hash } = edge.properties;
    if (isacl !== true || isinherited !== true || typeof hash !== 'string' || hash === '') return [];
    const ends = await this.store.nodesByIds([edge.startId, edge.endId]);
    const start = ends.find((node) => node.id === edge.startId);
    const target = ends.find((node) => node.id === edge.endId);
    if (!start || !target) return [];

    const reached = new Map<string, Step>([[target.id, { node: target }]]);
    const found: GraphPath[] = [];
    for (let frontier = [target.id]; frontier.length > 0;) {
      const { edges, nodes } = await this.store.neighbours(frontier, 'inbound', ['Contains']);
      const byId = new Map(nodes.map((node) => [node.id, node]));
      frontier = [];
      for (const contains of edges) {
        const container = byId.get(contains.startId);
        if (!container || reached.has(container.id) || !container.kinds.some((kind) => CONTAINER_KINDS.has(kind))) continue;
        reached.set(container.id, { node: container, edge: contains, child: contains.endId });
        frontier.push(container.id);
        if (!inheritanceHashes(container).includes(hash)) continue;
        const path = pathDown(reached, container.id);
        if (path.nodes.slice(1).every((node) => node.properties.isaclprotected !== true)) found.push(path);
      }
    }
    if (found.length > 0) found.push({ nodes: [start, target], edges: [edge] });
    return found;
  }
}

/** The Contains path from the container `from` down to the target, following the steps that reached it. */
function pathDown(reached: ReadonlyMap<string, Step>, from: string): GraphPath {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  for (let step = reached.get(from); step; step = step.child === undefined ? undefined : reached.get(step.child)) {
    nodes.push(step.node);
    if (step.edge) edges.push(step.edge);
  }
  return { nodes, edges };
}
