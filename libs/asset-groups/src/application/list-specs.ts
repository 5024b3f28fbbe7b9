import { defineListSpec, INT64_MAX, INT64_MIN } from '@app/platform';

/**
 * Filters and sort columns of GET /api/v2/asset-group-tags/{id}/selectors (the read model's alias is `s`; `type`
 * is the seed type, one per selector). `counts` and `environments` are parameters of their own.
 */
export const SELECTOR_LIST = defineListSpec({
  filters: {
    auto_certify: { type: 'integer', sql: 's.auto_certify', operators: ['eq', 'neq'] },
    created_by: { type: 'string', sql: 's.created_by', operators: ['eq', 'neq'] },
    updated_by: { type: 'string', sql: 's.updated_by', operators: ['eq', 'neq'] },
    disabled_by: { type: 'string', sql: 's.disabled_by', operators: ['eq', 'neq'] },
    is_default: { type: 'boolean', sql: 's.is_default' },
    name: { type: 'string', sql: 's.name' },
    description: { type: 'string', sql: 's.description' },
    created_at: { type: 'timestamp', sql: 's.created_at' },
    updated_at: { type: 'timestamp', sql: 's.updated_at' },
    disabled_at: { type: 'timestamp', sql: 's.disabled_at' },
    type: { type: 'integer', sql: 's.seed_type', operators: ['eq', 'neq'] },
  },
  sortable: { id: 's.id', name: 's.name', created_at: 's.created_at', updated_at: 's.updated_at' },
  defaultSort: [{ sql: 's.id', direction: 'ASC' }],
  defaultLimit: 50,
  reserved: ['counts', 'environments'],
});

const memberFilters = {
  name: { type: 'string', sql: 'x.name' },
  object_id: { type: 'string', sql: 'x.object_id' },
  primary_kind: { type: 'string', sql: 'x.primary_kind', operators: ['eq', 'neq'] },
} as const;

/**
 * Filters and sort columns of the member lists (GET .../{id}/members and .../selectors/{sid}/members; the read
 * model's alias is `x`, one row per node). `environments` is a repeatable parameter of its own.
 */
export const MEMBER_LIST = defineListSpec({
  filters: memberFilters,
  sortable: { id: 'x.id', objectid: 'x.object_id', name: 'x.name' },
  defaultSort: [{ sql: 'x.id', direction: 'ASC' }],
  defaultLimit: 50,
  reserved: ['environments'],
});

/** Filters and sort columns of GET /api/v2/asset-group-tags/certifications (the certification history, alias `x`). */
export const CERTIFICATION_LIST = defineListSpec({
  filters: {
    ...memberFilters,
    primary_kind: { type: 'string', sql: 'x.primary_kind' },
    id: { type: 'integer', sql: 'x.member_id', min: INT64_MIN, max: INT64_MAX },
    history_id: { type: 'integer', sql: 'x.id', min: INT64_MIN, max: INT64_MAX },
    created_at: { type: 'timestamp', sql: 'x.created_at' },
    asset_group_tag_id: { type: 'integer', sql: 'x.asset_group_tag_id' },
    selector_id: { type: 'integer', sql: 'x.selector_id' },
    action: { type: 'integer', sql: 'x.action' },
    certified: { type: 'integer', sql: 'x.certified' },
    certified_by: { type: 'string', sql: 'x.certified_by' },
    actor: { type: 'string', sql: 'x.actor' },
    email: { type: 'string', sql: 'x.email' },
    environment_id: { type: 'string', sql: 'x.environment_id' },
    environments: { type: 'string', sql: 'x.environment_id' },
  },
  sortable: {
    id: 'x.member_id', history_id: 'x.id', created_at: 'x.created_at', name: 'x.name', object_id: 'x.object_id',
  },
  defaultSort: [{ sql: 'x.created_at', direction: 'DESC' }, { sql: 'x.id', direction: 'DESC' }],
  defaultLimit: 50,
});
