import { defineListSpec, INT64_MAX, INT64_MIN, recordTimestampFilters } from '@app/platform';

// The listing reads the alias `j` (ingest_jobs).

/** GET /api/v2/file-upload: filters and sort columns of reference §4; newest first is not implied (id order). */
export const UPLOAD_JOB_LIST = defineListSpec({
  filters: {
    ...recordTimestampFilters('j'),
    user_id: { type: 'string', sql: 'CAST(j.user_id AS text)', operators: ['eq', '~eq', 'neq'] },
    user_email_address: { type: 'string', sql: 'j.user_email_address', operators: ['eq', '~eq', 'neq'] },
    status_message: { type: 'string', sql: 'j.status_message', operators: ['eq', '~eq', 'neq'] },
    status: { type: 'integer', sql: 'j.status' },
    id: { type: 'integer', sql: 'j.id', min: INT64_MIN, max: INT64_MAX },
    start_time: { type: 'timestamp', sql: 'j.start_time' },
    end_time: { type: 'timestamp', sql: 'j.end_time' },
    last_ingest: { type: 'timestamp', sql: 'j.last_ingest' },
  },
  sortable: {
    user_email_address: 'j.user_email_address', status: 'j.status', status_message: 'j.status_message',
    start_time: 'j.start_time', end_time: 'j.end_time', last_ingest: 'j.last_ingest', id: 'j.id',
    created_at: 'j.created_at', updated_at: 'j.updated_at', deleted_at: 'j.deleted_at',
  },
  defaultSort: [{ sql: 'j.id', direction: 'ASC' }],
});
