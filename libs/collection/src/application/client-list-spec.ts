import { defineListSpec, INT64_MAX, INT64_MIN, recordTimestampFilters, ZERO_TIME } from '@app/platform';
import { HYDRATION_PARAMS } from './references.js';

// GET /api/v2/clients reads the view collection_client_records under the alias `c`, so the computed figures
// (current_job_id, completed_job_count) filter and sort exactly as they are shown.

/**
 * last_checkin is a string filter (spec §4.4): it compares the text the wire shows (RFC 3339 UTC with milliseconds,
 * the zero time before the first check-in), so `~eq:2025-01-02` finds the check-ins of a day.
 */
const LAST_CHECKIN_TEXT =
  `COALESCE(to_char(c.last_checkin AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '${ZERO_TIME}')`;

/**
 * Filters and sort columns of GET /api/v2/clients. The primary key is a random uuid, so the default order is
 * creation order (created_at, then id for ties), which is stable across pages. A client that never checked in sorts
 * as the zero time it shows, i.e. first in ascending order.
 */
export const CLIENT_LIST = defineListSpec({
  filters: {
    name: { type: 'string', sql: 'c.name' },
    ip_address: { type: 'string', sql: 'c.ip_address' },
    hostname: { type: 'string', sql: 'c.hostname' },
    configured_user: { type: 'string', sql: 'c.configured_user' },
    version: { type: 'string', sql: 'c.version' },
    user_sid: { type: 'string', sql: 'c.user_sid' },
    last_checkin: { type: 'string', sql: LAST_CHECKIN_TEXT },
    domain_controller: { type: 'string', sql: 'c.domain_controller' },
    current_job_id: { type: 'integer', sql: 'c.current_job_id', min: INT64_MIN, max: INT64_MAX },
    completed_job_count: { type: 'integer', sql: 'c.completed_job_count' },
    id: { type: 'uuid', sql: 'c.id' },
    ...recordTimestampFilters('c'),
  },
  sortable: {
    name: 'c.name',
    ip_address: 'c.ip_address',
    hostname: 'c.hostname',
    configured_user: 'c.configured_user',
    last_checkin: "COALESCE(c.last_checkin, CAST('-infinity' AS timestamptz))",
    completed_job_count: 'c.completed_job_count',
    created_at: 'c.created_at',
    updated_at: 'c.updated_at',
    deleted_at: 'c.deleted_at',
  },
  defaultSort: [{ sql: 'c.created_at', direction: 'ASC' }, { sql: 'c.id', direction: 'ASC' }],
  reserved: HYDRATION_PARAMS,
});
