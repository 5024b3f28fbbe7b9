import { defineListSpec } from '@app/platform';

/** Filters and sort columns of GET /api/v2/tokens. */
export const TOKEN_LIST = defineListSpec({
  filters: {
    id: { type: 'uuid', sql: 't.id' },
    user_id: { type: 'uuid', sql: 't.user_id' },
    name: { type: 'string', sql: 't.name' },
    hmac_method: { type: 'string', sql: 't.hmac_method' },
    last_access: { type: 'timestamp', sql: 't.last_access' },
    created_at: { type: 'timestamp', sql: 't.created_at' },
    updated_at: { type: 'timestamp', sql: 't.updated_at' },
  },
  sortable: { name: 't.name', last_access: 't.last_access', created_at: 't.created_at', updated_at: 't.updated_at', id: 't.id' },
  defaultSort: [{ sql: 't.created_at', direction: 'ASC' }, { sql: 't.id', direction: 'ASC' }],
  paging: false,
});
