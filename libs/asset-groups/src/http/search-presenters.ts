import { nullString, timestamp, type NullString } from '@app/platform';
import type { TagHistoryRecord } from '../domain/tag-history.js';
import type { SearchedMember } from '../application/tag-search.js';
import type { PreviewMember } from '../application/tag-evaluation.js';
import { int64Wire } from './member-presenters.js';

export interface TagHistoryRecordWire {
  id: number | string;
  created_at: string;
  actor: string;
  email: NullString;
  action: string;
  target: string;
  asset_group_tag_id: number;
  environment_id: NullString;
  note: NullString;
}

export function presentHistoryRecord(record: TagHistoryRecord): TagHistoryRecordWire {
  return {
    id: int64Wire(record.id),
    created_at: timestamp(record.createdAt),
    actor: record.actor,
    email: nullString(record.email),
    action: record.action,
    target: record.target,
    asset_group_tag_id: record.tagId,
    environment_id: nullString(record.environmentId),
    note: nullString(record.note),
  };
}

export function presentSearchedMember(member: SearchedMember) {
  return {
    id: int64Wire(member.nodeId),
    object_id: member.objectId,
    environment_id: member.environmentId,
    primary_kind: member.primaryKind,
    name: member.name,
    asset_group_tag_id: member.tagId,
  };
}

/** The reference's preview member: no asset_group_tag_id (the seeds belong to no tag yet). */
export function presentPreviewMember(member: PreviewMember) {
  return {
    id: int64Wire(member.nodeId),
    object_id: member.objectId,
    environment_id: member.environmentId,
    primary_kind: member.primaryKind,
    name: member.name,
    source: member.source,
  };
}
