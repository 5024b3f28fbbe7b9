import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import type { GraphNode } from '../domain/graph.js';
import { AD_ACL_EDGE_KINDS } from '../domain/kinds.js';
import { GraphErrors } from './graph-errors.js';
import { GraphStore } from './ports.js';
import { traverse } from './traversal.js';

/** Edges into a CA that place a node above it in its PKI hierarchy (graph-reference §6). */
export const PKI_INBOUND_EDGE_KINDS = ['HostsCAService', 'IssuedSignedBy', 'EnterpriseCAFor'] as const;
/** Edges out of a CA towards its issuers, stores and domains. */
export const PKI_OUTBOUND_EDGE_KINDS = [
  'EnterpriseCAFor', 'TrustedForNTAuth', 'IssuedSignedBy', 'RootCAFor', 'NTAuthStoreFor',
] as const;

export interface EntityCounts {
  controllers: number;
  pkiHierarchy: number;
}

/**
 * Entity information for the entity endpoints (GET /api/v2/aiacas/{id}): the node itself and, on request, the
 * counts of related entities, computed over GraphStore.neighbours so they mean the same on every backend.
 */
@Injectable()
export class EntityInfo {
  constructor(private readonly store: GraphStore) {}

  /** The node with this objectid and kind; 404 `node not found` otherwise. */
  async node(objectId: string, kind: string): Promise<GraphNode> {
    const node = await this.store.nodeByObjectId(objectId, kind);
    if (!node) throw ApiError.notFound(GraphErrors.nodeNotFound);
    return node;
  }

  async counts(node: GraphNode): Promise<EntityCounts> {
    const [controllers, pkiHierarchy] = await Promise.all([this.controllers(node), this.pkiHierarchy(node)]);
    return { controllers, pkiHierarchy };
  }

  /**
   * Distinct principals with control over the node: whoever holds an ACL edge into it, and every member
   * (through nested MemberOf) of a group that does.
   */
  async controllers(node: GraphNode): Promise<number> {
    const visited = new Set([node.id]);
    const direct = (await this.store.neighbours([node.id], 'inbound', AD_ACL_EDGE_KINDS)).nodes
      .filter((controller) => !visited.has(controller.id));
    direct.forEach((controller) => visited.add(controller.id));
    const members = await traverse(this.store, direct.map((controller) => controller.id), 'inbound', ['MemberOf'], visited);
    return direct.length + members.nodes.length;
  }

  /** Distinct nodes of the node's PKI hierarchy: reached inbound over hosting and signing, outbound up the chain. */
  async pkiHierarchy(node: GraphNode): Promise<number> {
    const [above, below] = await Promise.all([
      traverse(this.store, [node.id], 'inbound', PKI_INBOUND_EDGE_KINDS),
      traverse(this.store, [node.id], 'outbound', PKI_OUTBOUND_EDGE_KINDS),
    ]);
    return new Set([...above.nodes, ...below.nodes].map((reached) => reached.id)).size;
  }
}
