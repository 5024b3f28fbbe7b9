import {
  bloodhoundKeys, nullBool, nullInt32, nullString, nullTime, timestamp, type NullBool, type NullInt32, type NullString, type NullTime,
} from '@app/platform';
import type { Tag } from '../domain/tag.js';
import type { TagWithCounts } from '../application/tag-queries.js';
import type { AssetGroup, AssetGroupMemberWithKinds, LegacySelector } from '../application/asset-group-queries.js';

export interface TagWire {
  id: number;
  type: number;
  kind_id: number;
  name: string;
  description: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
  deleted_at: NullTime;
  deleted_by: NullString;
  position: NullInt32;
  require_certify: NullBool;
  analysis_enabled: NullBool;
  glyph: NullString;
  counts?: { selectors: number; members: number };
}

export interface LegacySelectorWire {
  id: number;
  created_at: string;
  updated_at: string;
  deleted_at: NullTime;
  asset_group_id: number;
  name: string;
  selector: string;
  system_selector: boolean;
}

export interface AssetGroupWire {
  id: number;
  created_at: string;
  updated_at: string;
  deleted_at: NullTime;
  name: string;
  tag: string;
  system_group: boolean;
  selectors: LegacySelectorWire[];
  member_count: number;
}

export interface AssetGroupMemberWire {
  asset_group_id: number;
  object_id: string;
  primary_kind: string;
  kinds: string[];
  environment_id: string;
  environment_kind: string;
  name: string;
  custom_member: boolean;
}

/** The user ids tags name (created_by, updated_by), for one look-up of their shown names per response. */
export function tagActors(tags: readonly Tag[]): string[] {
  return tags.flatMap((tag) => [tag.createdBy, tag.updatedBy]);
}

/** The wire tag (spec §2.2); actors that are users are shown by email, else by principal name (UserQueries.shownNamesOf). */
export function presentTag(tag: TagWithCounts, shownNames: ReadonlyMap<string, string>): TagWire {
  return {
    id: tag.id,
    type: tag.type,
    kind_id: tag.kindId,
    name: tag.name,
    description: tag.description,
    created_at: timestamp(tag.createdAt),
    created_by: shownNames.get(tag.createdBy) ?? tag.createdBy,
    updated_at: timestamp(tag.updatedAt),
    updated_by: shownNames.get(tag.updatedBy) ?? tag.updatedBy,
    // Tags are deleted outright, never soft-deleted: a tag that is shown is not deleted.
    deleted_at: nullTime(null),
    deleted_by: nullString(null),
    position: nullInt32(tag.position),
    require_certify: nullBool(tag.requireCertify),
    analysis_enabled: nullBool(tag.analysisEnabled),
    glyph: nullString(tag.glyph),
    ...(tag.counts ? { counts: { selectors: tag.counts.selectors, members: tag.counts.members } } : {}),
  };
}

/**
 * The wire asset group (spec §2.2), its selectors named `selectors` as the spec writes it (`Selectors` with
 * WIRE_FORMAT=bloodhound, as the reference's model without a JSON tag and its client read it).
 */
export function presentAssetGroup(group: AssetGroup): AssetGroupWire {
  return bloodhoundKeys({
    id: group.id,
    created_at: timestamp(group.createdAt),
    updated_at: timestamp(group.updatedAt),
    deleted_at: nullTime(group.deletedAt),
    name: group.name,
    tag: group.tag,
    system_group: group.systemGroup,
    selectors: group.selectors.map((selector) => presentLegacySelector(group.id, selector)),
    member_count: group.memberCount,
  }, { selectors: 'Selectors' });
}

export function presentLegacySelector(groupId: number, selector: LegacySelector): LegacySelectorWire {
  return {
    id: selector.id,
    created_at: timestamp(selector.createdAt),
    updated_at: timestamp(selector.updatedAt),
    deleted_at: nullTime(null),
    asset_group_id: groupId,
    name: selector.name,
    selector: selector.selector,
    system_selector: selector.systemSelector,
  };
}

export function presentAssetGroupMember(member: AssetGroupMemberWithKinds): AssetGroupMemberWire {
  return {
    asset_group_id: member.assetGroupId,
    object_id: member.objectId,
    primary_kind: member.primaryKind,
    kinds: member.kinds,
    environment_id: member.environmentId,
    environment_kind: member.environmentKind,
    name: member.name,
    custom_member: member.customMember,
  };
}
