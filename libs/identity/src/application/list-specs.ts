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

/** Filters and sort columns of GET /api/v2/permissions (compat part 2 §1: authority and name eq/neq only). */
export const PERMISSION_LIST = defineListSpec({
  filters: {
    authority: { type: 'string', sql: 'x.authority', operators: ['eq', 'neq'] },
    name: { type: 'string', sql: 'x.name', operators: ['eq', 'neq'] },
    id: { type: 'integer', sql: 'x.id' },
    ...timestamps,
  },
  sortable: {
    authority: 'x.authority', name: 'x.name', id: 'x.id',
    created_at: 'x.created_at', updated_at: 'x.updated_at', deleted_at: 'x.deleted_at',
  },
  defaultSort: [{ sql: 'x.id', direction: 'ASC' }],
  paging: false,
});

const MINIMAL_USER_FILTERS = {
  first_name: { type: 'string', sql: 'x.first_name' },
  last_name: { type: 'string', sql: 'x.last_name' },
  email_address: { type: 'string', sql: 'x.email_address' },
  id: { type: 'uuid', sql: 'x.id' },
} as const;
const MINIMAL_USER_SORT = { id: 'x.id', first_name: 'x.first_name', last_name: 'x.last_name', email_address: 'x.email_address' };

/** Filters and sort columns of GET /api/v2/graph-users-minimal. */
export const MINIMAL_USER_LIST = defineListSpec({
  filters: MINIMAL_USER_FILTERS,
  sortable: MINIMAL_USER_SORT,
  defaultSort: [{ sql: 'x.id', direction: 'ASC' }],
  paging: false,
});

/**
 * GET /api/v2/bloodhound-users-minimal: the newest reference's columns (email_address) and the older ones'
 * (principal_name), so clients of either version can filter and sort.
 */
export const ACTIVE_USER_MINIMAL_LIST = defineListSpec({
  filters: { ...MINIMAL_USER_FILTERS, principal_name: { type: 'string', sql: 'x.principal_name' } },
  sortable: { ...MINIMAL_USER_SORT, principal_name: 'x.principal_name' },
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
