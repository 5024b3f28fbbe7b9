// How a node presents itself (graph-reference §3, §7): its primary display kind, display name and tier-zero and
// owned flags. Every graph answer (Cypher, search, entity lists) uses these, so a node reads the same everywhere.
import type { GraphNode, Properties } from './graph.js';
import { AD_NODE_KINDS, AZURE_NODE_KINDS, TAG_OWNED, TAG_TIER_ZERO } from './kinds.js';

/** Kinds that say nothing about what a node is, or only when nothing better exists. */
const FALLBACK_KINDS = new Set(['Base', 'AZBase', 'ADLocalGroup', 'MigrationData']);
const TAG_PREFIX = 'Tag_';
/** Legacy tags in the `system_tags` property (space-separated). */
export const SYSTEM_TAG_TIER_ZERO = 'admin_tier_0';
export const SYSTEM_TAG_OWNED = 'owned';
export const UNKNOWN_KIND = 'Unknown';

/** Node kinds a search may filter on (`type`): the AD and Azure node kinds, never tags. */
const NODE_KINDS: ReadonlySet<string> = new Set<string>([...AD_NODE_KINDS, ...AZURE_NODE_KINDS]);

export function isNodeKind(kind: string): boolean {
  return NODE_KINDS.has(kind);
}

/** A property as text: strings as they are, other scalars as their text, absent (or null) as undefined. */
export function textProperty(properties: Properties, key: string): string | undefined {
  const value = properties[key];
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The kind a node is shown as: `primarykind` when ingest set it, else its first kind that is not a tag or a
 * base kind; ADLocalGroup only when nothing better exists, then Base/AZBase, else Unknown.
 */
export function primaryDisplayKind(node: GraphNode): string {
  const primary = textProperty(node.properties, 'primarykind');
  if (primary) return primary;
  const specific = node.kinds.find((kind) => !FALLBACK_KINDS.has(kind) && !kind.startsWith(TAG_PREFIX));
  if (specific) return specific;
  for (const fallback of ['ADLocalGroup', 'Base', 'AZBase']) if (node.kinds.includes(fallback)) return fallback;
  return UNKNOWN_KIND;
}

/** name, else displayname, else objectid (search results and legacy graph labels). */
export function displayName(node: GraphNode): string | undefined {
  const { properties } = node;
  return textProperty(properties, 'name') || textProperty(properties, 'displayname') || textProperty(properties, 'objectid');
}

function hasSystemTag(node: GraphNode, tag: string): boolean {
  return (textProperty(node.properties, 'system_tags') ?? '').includes(tag);
}

/** Tier zero by the privilege-zone kind or the legacy `admin_tier_0` system tag (both mechanisms are live). */
export function isTierZero(node: GraphNode): boolean {
  return node.kinds.includes(TAG_TIER_ZERO) || hasSystemTag(node, SYSTEM_TAG_TIER_ZERO);
}

/** Owned by the `Tag_Owned` kind or the legacy `owned` system tag. */
export function isOwned(node: GraphNode): boolean {
  return node.kinds.includes(TAG_OWNED) || hasSystemTag(node, SYSTEM_TAG_OWNED);
}
