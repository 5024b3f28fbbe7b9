// The entity endpoints' answers read into one shape for the panel, AD and Azure alike.
import { asRecord, asStrings, asText } from '../api/wire-values';
import type { EntityRoute, PanelList } from './entity-routes';

export interface NodeInfo {
  name: string;
  kinds: string[];
  properties: Record<string, unknown>;
  tierZero: boolean;
  owned: boolean;
  /** The count of each list the info carried, by count key. */
  counts: Record<string, number>;
}

/** An entry of a related list. */
export interface ListEntry {
  objectId: string;
  name: string;
  kind: string;
  kinds: string[];
}

/** A related list page: `{count, skip, limit, data: [...]}`. */
export interface ListPage {
  count: number;
  entries: ListEntry[];
}

/** A value under a dotted key (`Readers.KeyReaders`), flat keys first. */
export function readCount(info: Record<string, unknown>, key: string): number | undefined {
  let value: unknown = info[key];
  if (value === undefined && key.includes('.')) {
    value = key.split('.').reduce<unknown>((at, part) => asRecord(at)[part], info);
  }
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** name, else displayname, else objectid (as the API labels nodes). */
export function nodeName(properties: Record<string, unknown>): string {
  return asText(properties.name) || asText(properties.displayname) || asText(properties.objectid);
}

const systemTags = (properties: Record<string, unknown>) => asText(properties.system_tags).split(/\s+/);

/** The info body (`data` of GET /api/v2/{type}/{id} or /api/v2/azure/{type}) as the panel shows it. */
export function readNodeInfo(route: EntityRoute, lists: readonly PanelList[], data: unknown): NodeInfo {
  const info = asRecord(data);
  const properties = asRecord(info.props);
  const kinds = asStrings(info.kinds);
  const tags = systemTags(properties);
  const counts: Record<string, number> = {};
  for (const list of lists) {
    if (list.countKey === undefined) continue;
    const count = readCount(info, list.countKey);
    if (count !== undefined) counts[list.countKey] = count;
  }
  const azure = route.platform === 'azure';
  return {
    name: nodeName(properties),
    kinds,
    properties,
    tierZero: (azure && info.isTierZero === true) || kinds.includes('Tag_Tier_Zero') || tags.includes('admin_tier_0')
      || properties.isTierZero === true,
    owned: (azure && info.isOwnedObject === true) || kinds.includes('Tag_Owned') || tags.includes('owned'),
    counts,
  };
}

/** A list page: AD entries are `{objectID, name, label, kinds}`, Azure ones `{kind, kinds, props}`. */
export function readListPage(body: unknown): ListPage {
  const page = asRecord(body);
  const items = Array.isArray(page.data) ? page.data : [];
  const entries = items.map((item): ListEntry => {
    const entry = asRecord(item);
    if ('props' in entry) {
      const properties = asRecord(entry.props);
      return { objectId: asText(properties.objectid), name: nodeName(properties), kind: asText(entry.kind), kinds: asStrings(entry.kinds) };
    }
    return { objectId: asText(entry.objectID), name: asText(entry.name) || asText(entry.objectID), kind: asText(entry.label), kinds: asStrings(entry.kinds) };
  });
  return { count: typeof page.count === 'number' ? page.count : entries.length, entries };
}
