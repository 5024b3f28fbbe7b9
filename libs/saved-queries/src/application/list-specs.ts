import { defineListSpec } from '@app/platform';

/** The reference's default (and here largest) page of saved queries. */
const PAGE = 10_000;

/**
 * Filters and sort columns of GET /api/v2/saved-queries (routes-misc A.1; the read model's alias is `x`). Saved
 * queries are never soft-deleted, so sorting by deleted_at keeps the default order. `scope` is a parameter of its
 * own.
 */
export const SAVED_QUERY_LIST = defineListSpec({
  filters: {
    user_id: { type: 'uuid', sql: 'x.user_id', operators: ['eq', 'neq'] },
    name: { type: 'string', sql: 'x.name', operators: ['eq', 'neq', '~eq'] },
    query: { type: 'string', sql: 'x.query', operators: ['eq', 'neq'] },
    description: { type: 'string', sql: 'x.description', operators: ['eq', 'neq', '~eq'] },
  },
  sortable: {
    user_id: 'x.user_id', name: 'x.name', query: 'x.query', description: 'x.description', id: 'x.id',
    created_at: 'x.created_at', updated_at: 'x.updated_at', deleted_at: 'x.deleted_at',
  },
  defaultSort: [{ sql: 'x.id', direction: 'ASC' }],
  defaultLimit: PAGE,
  maxLimit: PAGE,
  reserved: ['scope'],
});

