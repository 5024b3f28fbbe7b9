import { Injectable } from '@nestjs/common';
import type { SortSpec } from '@app/platform';
import type { GraphEdge, GraphNode } from '../domain/graph.js';
import { textProperty } from '../domain/display.js';
import { EntityInfo } from './entity-info.js';
import { GraphStore } from './ports.js';
import { traverse } from './traversal.js';

/** Sort keys of the rights list (sort_by columns), plus the default: node id. */
export const DELEGATION_SORT_KEYS = { objectid: 'objectid', name: 'name' } as const;
export const DELEGATION_DEFAULT_SORT: SortSpec[] = [{ sql: 'id', direction: 'DESC' }];

/** The computer, what it may delegate to, and the AllowedToDelegate edges walked to get there. */
export interface DelegationRights {
  computer: GraphNode;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/**
 * Constrained delegation rights of a computer (GET /api/v2/computers/{id}/constrained-delegation-rights): the
 * nodes reached from it over outbound AllowedToDelegate edges, acyclic.
 */
@Injectable()
export class ConstrainedDelegation {
  constructor(private readonly store: GraphStore, private readonly entities: EntityInfo) {}

  async rights(objectId: string): Promise<DelegationRights> {
    const computer = await this.entities.node(objectId, 'Computer');
    const reached = await traverse(this.store, [computer.id], 'outbound', ['AllowedToDelegate']);
    return { computer, nodes: reached.nodes, edges: reached.edges };
  }
}

function sortValue(node: GraphNode, key: string): string {
  return textProperty(node.properties, key) ?? '';
}

function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders nodes by sort terms (objectid, name, id), each ascending or descending, in code-unit order. */
export function sortNodes(nodes: readonly GraphNode[], sort: readonly SortSpec[]): GraphNode[] {
  return [...nodes].sort((a, b) => {
    for (const term of sort) {
      const order = term.sql === 'id' ? compareIds(a.id, b.id) : compareText(sortValue(a, term.sql), sortValue(b, term.sql));
      if (order !== 0) return term.direction === 'DESC' ? -order : order;
    }
    return 0;
  });
}
