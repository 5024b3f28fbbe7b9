import { nullString, nullTime, timestamp, type NullString, type NullTime } from '@app/platform';
import type { Selector } from '../domain/selector.js';
import type { SelectorWithCounts } from '../application/ports.js';
import type { EvaluationReport } from '../application/tag-evaluation.js';

export interface SelectorWire {
  id: number;
  asset_group_tag_id: number;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
  disabled_at: NullTime;
  disabled_by: NullString;
  name: string;
  description: string;
  auto_certify: number;
  is_default: boolean;
  allow_disable: boolean;
  seeds: { type: number; value: string }[];
  /** Additions of Pathwarden: the last successful evaluation, and the last evaluation's failure. */
  last_evaluated_at: NullTime;
  last_error: NullString;
  counts?: { members: number };
}

/** The user ids a page of selectors names (created_by, updated_by, disabled_by), for one look-up of their shown names. */
export function actorsOf(selectors: readonly Selector[]): string[] {
  return selectors.flatMap((s) => [s.createdBy, s.updatedBy, ...(s.disabledBy === null ? [] : [s.disabledBy])]);
}

/** The wire Selector (agt-wire §2); actors that are users are shown by email, else by principal name. */
export function presentSelector(selector: SelectorWithCounts, shownNames: ReadonlyMap<string, string>): SelectorWire {
  const actor = (id: string) => shownNames.get(id) ?? id;
  return {
    id: selector.id,
    asset_group_tag_id: selector.tagId,
    created_at: timestamp(selector.createdAt),
    created_by: actor(selector.createdBy),
    updated_at: timestamp(selector.updatedAt),
    updated_by: actor(selector.updatedBy),
    disabled_at: nullTime(selector.disabledAt),
    disabled_by: nullString(selector.disabledBy === null ? null : actor(selector.disabledBy)),
    name: selector.name,
    description: selector.description,
    auto_certify: selector.autoCertify,
    is_default: selector.isDefault,
    allow_disable: selector.allowDisable,
    seeds: selector.seeds.map((seed) => ({ type: seed.type, value: seed.value })),
    last_evaluated_at: nullTime(selector.lastEvaluatedAt),
    last_error: nullString(selector.lastError),
    ...(selector.memberCount === undefined ? {} : { counts: { members: selector.memberCount } }),
  };
}

export interface EvaluationReportWire {
  tags: { id: number; members: number; added: number; removed: number }[];
  selectors: { id: number; asset_group_tag_id: number; error: NullString }[];
}

export function presentEvaluationReport(report: EvaluationReport): EvaluationReportWire {
  return {
    tags: report.tags.map((tag) => ({ id: tag.id, members: tag.members, added: tag.added, removed: tag.removed })),
    selectors: report.selectors.map((s) => ({ id: s.id, asset_group_tag_id: s.tagId, error: nullString(s.error) })),
  };
}
