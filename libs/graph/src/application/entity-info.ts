import { Injectable } from '@nestjs/common';
import { ApiError } from '@app/platform';
import type { GraphNode } from '../domain/graph.js';
import { GraphErrors } from './graph-errors.js';
import { GraphStore } from './ports.js';

/** The node an entity endpoint names (the counts and lists of the entity panels are EntityLists'). */
@Injectable()
export class EntityInfo {
  constructor(private readonly store: GraphStore) {}

  /** The node with this objectid and kind; 404 `node not found` otherwise. */
  async node(objectId: string, kind: string): Promise<GraphNode> {
    const node = await this.store.nodeByObjectId(objectId, kind);
    if (!node) throw ApiError.notFound(GraphErrors.nodeNotFound);
    return node;
  }
}
