// "Mark as Owned": the Owned label is the Owned asset group's view of the seeded Owned tag. A node joins it by a
// selector of the group naming its object id (PUT /api/v2/asset-groups/{id}/selectors, as the reference's UI does);
// membership, the Tag_Owned kind and the legacy `owned` system tag follow at the tag's next evaluation, which we
// run at once (POST /api/v2/asset-group-tags/evaluation) so the panel and the graph can show it.
import { getData, request } from '../api/client';
import { asRecord } from '../api/wire-values';

interface OwnedGroup {
  id: number;
  /** Its custom selectors: name and the object id (or Cypher) each selects. */
  selectors: { name: string; selector: string }[];
}

/** The tag type of Owned (asset-group-tags `type`). */
const OWNED_TAG_TYPE = 3;

/** The Owned asset group (tag string `owned`), with its custom selectors. */
async function ownedGroup(): Promise<OwnedGroup> {
  const body = asRecord(await getData<unknown>('/api/v2/asset-groups', { query: { tag: 'eq:owned' } }));
  const groups = Array.isArray(body.asset_groups) ? body.asset_groups.map(asRecord) : [];
  const group = groups.find((g) => g.tag === 'owned' && typeof g.id === 'number');
  if (!group) throw new Error('The Owned asset group is missing.');
  // WIRE_FORMAT=bloodhound writes the selectors under `Selectors` (the reference's model has no JSON tag there).
  const raw = Array.isArray(group.selectors) ? group.selectors : Array.isArray(group.Selectors) ? group.Selectors : [];
  const selectors = raw.map(asRecord)
    .filter((s) => s.system_selector !== true && typeof s.name === 'string' && typeof s.selector === 'string')
    .map((s) => ({ name: s.name as string, selector: s.selector as string }));
  return { id: group.id as number, selectors };
}

/** The Owned tag's id, to evaluate it alone; undefined: evaluate every tag. */
async function ownedTagId(): Promise<number | undefined> {
  const body = asRecord(await getData<unknown>('/api/v2/asset-group-tags', { query: { type: `eq:${OWNED_TAG_TYPE}` } }));
  const tags = Array.isArray(body.tags) ? body.tags.map(asRecord) : [];
  const tag = tags.find((t) => t.type === OWNED_TAG_TYPE && typeof t.id === 'number');
  return tag?.id as number | undefined;
}

/** The selector changes that make `objectId` Owned or not. */
export function selectorChanges(objectId: string, owned: boolean, selectors: OwnedGroup['selectors']) {
  if (owned) return [{ selector_name: objectId, sid: objectId, action: 'add' as const }];
  // Every custom selector naming it (whoever made it and whatever its name), and ours by name.
  const names = new Set([objectId, ...selectors.filter((s) => s.selector === objectId).map((s) => s.name)]);
  return [...names].map((name) => ({ selector_name: name, sid: objectId, action: 'remove' as const }));
}

/** Marks the node Owned (or not) and evaluates the Owned tag, so its kind and system tag change now. */
export async function setOwned(objectId: string, owned: boolean): Promise<void> {
  const [group, tagId] = await Promise.all([ownedGroup(), ownedTagId()]);
  await request(`/api/v2/asset-groups/${group.id}/selectors`, { method: 'PUT', body: selectorChanges(objectId, owned, group.selectors) });
  await request('/api/v2/asset-group-tags/evaluation', { method: 'POST', body: tagId === undefined ? {} : { asset_group_tag_ids: [tagId] } });
}
