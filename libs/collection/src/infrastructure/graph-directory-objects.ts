import { Injectable } from '@nestjs/common';
import { GraphStore, primaryDisplayKind, textProperty } from '@app/graph';
import { DirectoryObjects, type DirectoryObject } from '../application/ports.js';

/** OUs and domains looked up through the graph port (one query, whichever backend holds the graph). */
@Injectable()
export class GraphDirectoryObjects extends DirectoryObjects {
  constructor(private readonly graph: GraphStore) {
    super();
  }

  async find(objectids: string[]): Promise<Map<string, DirectoryObject>> {
    const found = new Map<string, DirectoryObject>();
    for (const node of await this.graph.nodesByObjectIds(objectids)) {
      const objectid = textProperty(node.properties, 'objectid');
      if (objectid === undefined || found.has(objectid)) continue;
      found.set(objectid, {
        objectid,
        name: textProperty(node.properties, 'name') ?? '',
        distinguishedname: textProperty(node.properties, 'distinguishedname') ?? '',
        type: primaryDisplayKind(node),
      });
    }
    return found;
  }
}
