import { nullTime, timestamp } from '@app/platform';
import type { PostureStat } from '../domain/posture-stat.js';
import type { PostureStatsReport } from '../application/list-posture-stats.js';
import type { PostureStatsPageView, PostureStatView } from './views.js';

export function presentPostureStat(s: PostureStat): PostureStatView {
  return {
    id: s.id, created_at: timestamp(s.createdAt), updated_at: timestamp(s.updatedAt), deleted_at: nullTime(s.deletedAt),
    domain_sid: s.domainSid, exposure_index: s.exposureIndex, tier_zero_count: s.tierZeroCount,
    critical_risk_count: s.criticalRiskCount, asset_group_tag_id: s.assetGroupTagId,
  };
}

/** `{count, skip, limit, start, end, data}`, `limit` being the limit applied. */
export function presentPostureStatsPage(report: PostureStatsReport, page: { skip: number; limit: number }): PostureStatsPageView {
  return {
    count: report.count, skip: page.skip, limit: page.limit, start: report.start, end: report.end,
    data: report.items.map(presentPostureStat),
  };
}
