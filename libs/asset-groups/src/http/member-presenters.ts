import { nullString, timestamp, type NullString } from '@app/platform';
import type { CertificationRecord } from '../application/certification-commands.js';
import type { Member, MemberCounts, MemberDetail, MemberSelector } from '../application/member-queries.js';

/** An int64 id (graph node, history row) on the wire: a JSON number while it is exact, else its decimal text. */
export function int64Wire(id: string): number | string {
  const value = Number(id);
  return Number.isSafeInteger(value) ? value : id;
}

/** The reference's AssetGroupMember, plus `certified` and `certified_by` (additions for the certification UI). */
export interface MemberWire {
  id: number | string;
  object_id: string;
  environment_id: string;
  primary_kind: string;
  name: string;
  source: number;
  asset_group_tag_id: number;
  certified: number;
  certified_by: string;
}

export function presentMember(member: Member): MemberWire {
  return {
    id: int64Wire(member.nodeId),
    object_id: member.objectId,
    environment_id: member.environmentId,
    primary_kind: member.primaryKind,
    name: member.name,
    source: member.source,
    asset_group_tag_id: member.tagId,
    certified: member.certified,
    certified_by: member.certifiedBy ?? '',
  };
}

export function presentMemberCounts(counts: MemberCounts): { total_count: number; counts: Record<string, number> } {
  return { total_count: counts.total, counts: counts.byKind };
}

function presentMemberSelector(selector: MemberSelector) {
  return {
    id: selector.id,
    asset_group_tag_id: selector.tagId,
    name: selector.name,
    is_default: selector.isDefault,
    source: selector.source,
    certified: selector.certified,
    certified_by: selector.certifiedBy ?? '',
  };
}

export function presentMemberDetail(detail: MemberDetail) {
  return { ...presentMember(detail), properties: detail.properties, selectors: detail.selectors.map(presentMemberSelector) };
}

/**
 * A certification history row. The reference's certification listing fields come first (`id` is the member's
 * node id, `certified` the state the record was left in, `certified_by` who acted), then the history's own.
 */
export interface CertificationRecordWire {
  id: number | string;
  object_id: string;
  environment_id: string;
  primary_kind: string;
  name: string;
  asset_group_tag_id: number;
  created_at: string;
  certified_by: string;
  certified: number;
  history_id: number | string;
  selector_id: number;
  action: number;
  actor: string;
  email: string;
  note: NullString;
}

export function presentCertificationRecord(record: CertificationRecord): CertificationRecordWire {
  return {
    id: int64Wire(record.memberId),
    object_id: record.objectId,
    environment_id: record.environmentId,
    primary_kind: record.primaryKind,
    name: record.name,
    asset_group_tag_id: record.tagId,
    created_at: timestamp(record.createdAt),
    certified_by: record.certifiedBy,
    certified: record.certified,
    history_id: int64Wire(record.id),
    selector_id: record.selectorId,
    action: record.action,
    actor: record.actor,
    email: record.email,
    note: nullString(record.note),
  };
}
