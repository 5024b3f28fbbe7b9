import { defineListSpec, recordTimestampFilters } from '@app/platform';
import { COLLECTION_FLAG_FIELDS } from '../domain/collection.js';
import { HYDRATION_PARAMS } from './references.js';

const flagFilters = Object.fromEntries(
  [...COLLECTION_FLAG_FIELDS.map(([wire]) => wire), 'all_trusted_domains'].map((wire) => [wire, { type: 'boolean', sql: `e.${wire}` } as const]),
);

/** Filters and sort columns of GET /api/v2/events (alias `e` on collection_events); by id unless sorted. */
export const EVENT_LIST = defineListSpec({
  filters: {
    id: { type: 'integer', sql: 'e.id' },
    client_id: { type: 'uuid', sql: 'e.client_id' },
    rrule: { type: 'string', sql: 'e.rrule' },
    title: { type: 'string', sql: 'e.title' },
    next_scheduled_at: { type: 'timestamp', sql: 'e.next_scheduled_at' },
    ...flagFilters,
    ...recordTimestampFilters('e'),
  },
  sortable: {
    next_scheduled_at: 'e.next_scheduled_at', id: 'e.id', title: 'e.title',
    created_at: 'e.created_at', updated_at: 'e.updated_at', deleted_at: 'e.deleted_at',
  },
  defaultSort: [{ sql: 'e.id', direction: 'ASC' }],
  reserved: HYDRATION_PARAMS,
});
