import type { BatchEdge, EndpointRef, NodeUpsert, Properties } from '@app/graph';
import type { Converted } from '../converted.js';
import { checkId } from '../storable.js';

/**
 * An endpoint named by objectid (upper-cased, as node identity is), with the kinds a stub would get. Throws
 * ObjectError for an id that cannot be stored (NUL, too long): the object is refused, not its batch.
 */
export function endpoint(objectid: string, kinds: string[]): EndpointRef {
  return { objectid: checkId(objectid.toUpperCase(), 'endpoint id'), kinds };
}

/**
 * Collects one object's output. Edges are deduplicated on (start, kind, end) with later properties winning, so a
 * right granted twice (explicit and inherited) is one edge, as it is in the graph.
 */
export class ConvertedBuilder {
  private readonly nodes: NodeUpsert[] = [];
  private readonly edges = new Map<string, BatchEdge>();
  private readonly warnings: string[] = [];

  node(objectid: string, kinds: string[], properties: Properties): void {
    this.nodes.push({ objectid: checkId(objectid.toUpperCase(), 'object id'), kinds, properties });
  }

  edge(start: EndpointRef, end: EndpointRef, kind: string, properties: Properties): void {
    const key = `${start.matchBy ?? ''}\u0001${start.objectid}\u0001${kind}\u0001${end.objectid}`;
    const known = this.edges.get(key);
    if (known) Object.assign(known.properties, properties);
    else this.edges.set(key, { start, end, kind, properties: { ...properties } });
  }

  warn(message: string): void {
    this.warnings.push(message);
  }

  result(): Converted {
    const converted: Converted = { nodes: this.nodes, edges: [...this.edges.values()] };
    if (this.warnings.length > 0) converted.warnings = this.warnings;
    return converted;
  }
}
