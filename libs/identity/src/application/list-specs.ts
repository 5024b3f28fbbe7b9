import { defineListSpec, recordTimestampFilters } from '@app/platform';

const timestamps = recordTimestampFilters('x');

/** Filters and sort columns of GET /api/v2/roles (the read model's alias is `x`). */
export const ROLE_LIST = defineListSpec({
  filters: { name: { type: 'string', sql: 'x.name' }, id: { type: 'integer', sql: 'x.id' }, ...timestamps },
  sortable: {
    name: 'x.name', description: 'x.description', id: 'x.id',
    created_at: 'x.created_at', updated_at: 'x.updated_at', deleted_at: 'x.deleted_at',
  },
  defaultSort: [{ sql: 'x.id', direction: 'ASC' }],
  paging: false,
});

/** Filters and sort columns of GET /api/v2/graph-users-minimal. */
export const MINIMAL_USER_LIST = defineListSpec({
  filters: {
    first_name: { type: 'string', sql: 'x.first_name' },
    last_name: { type: 'string', sql: 'x.last_name' },
    email_address: { type: 'string', sql: 'x.email_address' },
    id: { type: 'uuid', sql: 'x.id' },
  },
  sortable: { id: 'x.id', first_name: 'x.first_name', last_name: 'x.last_name', email_address: 'x.email_address' },
  defaultSort: [{ sql: 'x.id', direction: 'ASC' }],
  paging: false,
});

/** Filters and sort columns of GET /api/v2/bloodhound-users. */
export const USER_LIST = defineListSpec({
  filters: {
    first_name: { type: 'string', sql: 'x.first_name' },
    last_name: { type: 'string', sql: 'x.last_name' },
    email_address: { type: 'string', sql: 'x.email_address' },
    principal_name: { type: 'string', sql: 'x.principal_name' },
    id: { type: 'uuid', sql: 'x.id' },
    last_login: { type: 'timestamp', sql: 'x.last_login' },
    is_disabled: { type: 'boolean', sql: 'x.is_disabled' },
    ...timestamps,
  },
  sortable: {
    first_name: 'x.first_name', last_name: 'x.last_name', email_address: 'x.email_address',
    principal_name: 'x.principal_name', last_login: 'x.last_login', id: 'x.id',
    created_at: 'x.created_at', updated_at: 'x.updated_at',
  },
  defaultSort: [{ sql: 'x.id', direction: 'ASC' }],
});
