import { Injectable } from '@nestjs/common';
import {
  EDGE_TYPES, type EdgeType, isNodeKindName, SOURCE_KINDS, type SourceKind, SOURCELESS,
} from '../domain/kind-schema.js';
import { KindCatalog } from './kind-catalog.js';

/** One `op:value` filter over a column of the kind lists; a null value is the wire's `eq:null` / `neq:null`. */
export interface KindFilter<T> {
  op: 'eq' | 'neq' | '~eq';
  value: T | null;
}

/** Filters of `GET /graph-schema/edges`: every traversability filter must hold, any schema-name filter may. */
export interface EdgeTypeFilters {
  traversable: readonly KindFilter<boolean>[];
  schemaNames: readonly KindFilter<string>[];
}

function holds<T>(filter: KindFilter<T>, actual: T): boolean {
  if (filter.value === null) return filter.op === 'neq';
  if (filter.op === '~eq') return String(actual).toLowerCase().includes(String(filter.value).toLowerCase());
  return (actual === filter.value) === (filter.op === 'eq');
}

/** `eq:node` keeps node kinds, `neq:node` the others; likewise for `edge`; any other value keeps nothing. */
function matchesType(filter: KindFilter<string>, isNode: boolean): boolean {
  if (filter.value !== 'node' && filter.value !== 'edge') return false;
  return (filter.value === 'node') === isNode ? filter.op === 'eq' : filter.op === 'neq';
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What the graph says about its kinds: every kind it knows, the source kinds, the edge types of the schema. */
@Injectable()
export class KindQueries {
  constructor(private readonly catalog: KindCatalog) {}

  /**
   * Every kind of the graph database in byte order; with `types` filters (the reference's `type=eq:node`), the
   * kinds at least one of them keeps.
   */
  async kinds(types: readonly KindFilter<string>[]): Promise<string[]> {
    const names = await this.catalog.names();
    const kept = types.length === 0 ? names : names.filter((name) => {
      const isNode = isNodeKindName(name, this.catalog.find(name));
      return types.some((filter) => matchesType(filter, isNode));
    });
    return kept.sort(byteOrder);
  }

  /** The source kinds, then the synthetic `Sourceless` (id 0) the reference appends last. */
  sourceKinds(): SourceKind[] {
    return [...SOURCE_KINDS, SOURCELESS];
  }

  /** The built-in edge types in registration order, filtered as the reference's schema listing filters. */
  edgeTypes(filters: EdgeTypeFilters): EdgeType[] {
    return EDGE_TYPES.filter((type) => filters.traversable.every((filter) => holds(filter, type.isTraversable))
      && (filters.schemaNames.length === 0 || filters.schemaNames.some((filter) => holds(filter, type.schemaName))));
  }
}
