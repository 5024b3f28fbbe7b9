import { defineListSpec, recordTimestampFilters, INT64_MAX, INT64_MIN } from '@app/platform';

/**
 * Filters and sort columns of GET /api/v2/posture-stats (alias `x` on posture_stats). Newest first by default, as a
 * dashboard reads it, id breaking ties; `from`/`to` are the deprecated created_at bounds, never filters.
 */
export const POSTURE_STAT_LIST = defineListSpec({
  filters: {
    domain_sid: { type: 'string', sql: 'x.domain_sid' },
    exposure_index: { type: 'integer', sql: 'x.exposure_index' },
    asset_group_tag_id: { type: 'integer', sql: 'x.asset_group_tag_id' },
    tier_zero_count: { type: 'integer', sql: 'x.tier_zero_count' },
    critical_risk_count: { type: 'integer', sql: 'x.critical_risk_count' },
    id: { type: 'integer', sql: 'x.id', min: INT64_MIN, max: INT64_MAX },
    ...recordTimestampFilters('x'),
  },
  sortable: {
    domain_sid: 'x.domain_sid', exposure_index: 'x.exposure_index', tier_zero_count: 'x.tier_zero_count',
    critical_risk_count: 'x.critical_risk_count', id: 'x.id',
    created_at: 'x.created_at', updated_at: 'x.updated_at', deleted_at: 'x.deleted_at',
  },
  defaultSort: [{ sql: 'x.created_at', direction: 'DESC' }, { sql: 'x.id', direction: 'DESC' }],
  reserved: ['from', 'to'],
});
