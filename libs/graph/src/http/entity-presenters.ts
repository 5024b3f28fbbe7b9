import type { GraphEdge, GraphNode, Properties } from '../domain/graph.js';
import { displayName, isOwned, isTierZero, primaryDisplayKind, textProperty } from '../domain/display.js';

/** Search result (spec §2.2): all strings, with the reference's fallbacks. */
export interface SearchResultWire {
  objectid: string;
  type: string;
  name: string;
  distinguishedname: string;
  system_tags: string;
}

/** Node list entry (spec §2.2); note `objectID`, unlike search's `objectid`. */
export interface NodeListEntryWire {
  objectID: string;
  name: string;
  label: string;
  kinds: string[];
}

/** An item of the reference's legacy visualisation map (`type=graph` of entity lists). */
export type LegacyGraphItem =
  | { label: { text: string }; data: Properties }
  | { id1: string; id2: string; label: { text: string }; data: Properties };

export const NO_OBJECT_ID = 'NO OBJECT ID';
export const NO_NAME = 'NO NAME';

export function presentSearchResult(node: GraphNode): SearchResultWire {
  const { properties } = node;
  return {
    objectid: textProperty(properties, 'objectid') || NO_OBJECT_ID,
    type: primaryDisplayKind(node),
    name: displayName(node) || NO_NAME,
    distinguishedname: textProperty(properties, 'distinguishedname') ?? '',
    system_tags: textProperty(properties, 'system_tags') ?? '',
  };
}

export function presentNodeListEntry(node: GraphNode): NodeListEntryWire {
  return {
    objectID: textProperty(node.properties, 'objectid') ?? '',
    name: textProperty(node.properties, 'name') ?? '',
    label: primaryDisplayKind(node),
    kinds: node.kinds,
  };
}

/**
 * The reference's unwrapped visualisation map: nodes keyed by node id with the name as label and their display
 * properties as data, edges keyed `rel_<edge id>` between `id1` and `id2` with the kind as label.
 */
export function presentLegacyGraph(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): Record<string, LegacyGraphItem> {
  const items: Record<string, LegacyGraphItem> = {};
  for (const node of nodes) {
    items[node.id] = {
      label: { text: displayName(node) ?? '' },
      data: { ...node.properties, nodetype: primaryDisplayKind(node) },
    };
  }
  for (const edge of edges) {
    items[`rel_${edge.id}`] = { id1: edge.startId, id2: edge.endId, label: { text: edge.kind }, data: edge.properties };
  }
  return items;
}

/** Entity node info: kinds and props, with the count fields when counts were asked for. */
export function presentEntityInfo(node: GraphNode, counts: Readonly<Record<string, number>> | undefined): Record<string, unknown> {
  // The reference writes a map: its keys come out sorted.
  if (counts) return Object.fromEntries(Object.entries({ ...counts, kinds: node.kinds, props: node.properties }).sort(([a], [b]) => (a < b ? -1 : 1)));
  // Without counts the reference flags tier zero inside props, where clients look for it.
  const props = isTierZero(node) ? { ...node.properties, isTierZero: true } : node.properties;
  return { kinds: node.kinds, props };
}

/** An Azure node as the Azure entity endpoint writes it (info and list items). */
export function presentAzureNode(node: GraphNode): Record<string, unknown> {
  return { kind: primaryDisplayKind(node), kinds: node.kinds, isTierZero: isTierZero(node), isOwnedObject: isOwned(node), props: node.properties };
}

/**
 * Azure entity info: the node, and its counts with dotted keys nested (`Readers.KeyReaders`); without counts every
 * count is 0 and `descendents` null, as the reference (whose count fields have no omitempty) writes them.
 */
export function presentAzureEntityInfo(
  node: GraphNode, countKeys: readonly string[], counts: Readonly<Record<string, number>> | undefined,
): Record<string, unknown> {
  const info: Record<string, unknown> = presentAzureNode(node);
  for (const key of countKeys) {
    const path = key.split('.');
    if (!counts && path[0] === 'descendents') {
      info.descendents = null;
      continue;
    }
    let at = info;
    for (const part of path.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[path[path.length - 1]] = counts?.[key] ?? 0;
  }
  return info;
}
