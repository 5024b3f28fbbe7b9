import type { BatchEdge, EndpointRef, NodeUpsert, Properties } from '@app/graph';
import { ObjectError, type Converted } from '../converted.js';
import { checkId } from '../storable.js';
import { storableText } from '../properties.js';

/** The base kind every Azure node carries, as `Base` for AD nodes. */
export const AZ_BASE = 'AZBase';

/** A record's `data` object, read defensively: AzureHound output is JSON, so every field may be absent or odd. */
export type Fields = Record<string, unknown>;

export function fields(value: unknown): Fields {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
}

export function str(value: unknown): string {
  return typeof value === 'string' ? storableText(value) : '';
}

export function upper(value: unknown): string {
  return str(value).toUpperCase();
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The record's id, upper-cased; a record without one (or with one too long to store) cannot become a node. */
export function requiredId(kind: string, value: unknown, field = 'id'): string {
  const id = upper(value);
  if (id === '') throw new ObjectError(`${kind} record has no ${field}`);
  return checkId(id, `${kind} ${field}`);
}

/** An ISO 8601 instant as epoch seconds (the unit AD `whencreated`/`pwdlastset` use); undefined when unparsable. */
export function epochSeconds(value: unknown): number | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) || ms <= 0 ? undefined : Math.floor(ms / 1000);
}

/** Keeps scalars and arrays of strings; drops undefined and null so a partial record never erases a value. */
export function props(entries: Record<string, unknown>): Properties {
  const out: Properties = {};
  for (const [key, value] of Object.entries(entries)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') out[key] = storableText(value);
    else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) out[key] = value;
    else if (Array.isArray(value)) out[key] = value.filter((v) => typeof v === 'string').map((v) => str(v));
  }
  return out;
}

export function azNode(kind: string, objectid: string, properties: Properties): NodeUpsert {
  return { objectid, kinds: [AZ_BASE, kind], properties };
}

/** An endpoint that becomes a stub with these kinds when the node is not known yet; `AZBase` alone when untyped. */
export function ref(objectid: string, kind?: string): EndpointRef {
  return { objectid, kinds: kind && kind !== AZ_BASE ? [AZ_BASE, kind] : [AZ_BASE] };
}

export function azEdge(start: EndpointRef, kind: string, end: EndpointRef, properties: Properties = {}): BatchEdge {
  return { start, end, kind, properties };
}

/** Accumulates one record's conversion; ends without an id are skipped rather than stubbed as ''. */
export class ConvertedBuilder {
  private readonly result: Converted = { nodes: [], edges: [] };

  node(node: NodeUpsert): this {
    this.result.nodes.push(node);
    return this;
  }

  edge(edge: BatchEdge): this {
    if (edge.start.objectid !== '' && edge.end.objectid !== '') this.result.edges.push(edge);
    return this;
  }

  warn(message: string): this {
    (this.result.warnings ??= []).push(message);
    return this;
  }

  build(): Converted {
    return this.result;
  }
}
