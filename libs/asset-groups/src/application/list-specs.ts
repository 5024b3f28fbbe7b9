import { defineListSpec, recordTimestampFilters, INT16_MAX, INT16_MIN, INT64_MAX, INT64_MIN } from '@app/platform';

/** A smallint column: values outside int16 are refused before they reach the database (22003 otherwise). */
const SMALLINT = { min: INT16_MIN, max: INT16_MAX } as const;

/**
 * An actor column (created_by, ...) as the wire shows it: for a live user, the email, else the principal name;
 * otherwise the stored value (SYSTEM), as UserQueries.shownNamesOf and the presenters do; so a filter matches what a
 * client read. The actor is stored as text, so the user id is compared as text.
 */
const shownActor = (column: string) =>
  `COALESCE((SELECT COALESCE(NULLIF(u.email_address, ''), u.principal_name) FROM users u ` +
  `WHERE u.id::text = ${column} AND u.deleted_at IS NULL), ${column})`;

/**
 * Filters and sort columns of GET /api/v2/asset-group-tags/{id}/selectors (the read model's alias is `s`; `type`
 * is the seed type, one per selector). `counts` and `environments` are parameters of their own.
 */
export const SELECTOR_LIST = defineListSpec({
  filters: {
    auto_certify: { type: 'integer', sql: 's.auto_certify', operators: ['eq', 'neq'], ...SMALLINT },
    created_by: { type: 'string', sql: shownActor('s.created_by'), operators: ['eq', 'neq'] },
    updated_by: { type: 'string', sql: shownActor('s.updated_by'), operators: ['eq', 'neq'] },
    disabled_by: { type: 'string', sql: shownActor('s.disabled_by'), operators: ['eq', 'neq'] },
    is_default: { type: 'boolean', sql: 's.is_default' },
    name: { type: 'string', sql: 's.name' },
    description: { type: 'string', sql: 's.description' },
    created_at: { type: 'timestamp', sql: 's.created_at' },
    updated_at: { type: 'timestamp', sql: 's.updated_at' },
    disabled_at: { type: 'timestamp', sql: 's.disabled_at' },
    type: { type: 'integer', sql: 's.seed_type', operators: ['eq', 'neq'], ...SMALLINT },
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

/**
 * Filters and sort columns of GET /api/v2/asset-group-tags/certifications (the certification history, alias `x`).
 * `environments` is the repeatable parameter of the member lists, not a filter.
 */
export const CERTIFICATION_LIST = defineListSpec({
  filters: {
    ...memberFilters,
    primary_kind: { type: 'string', sql: 'x.primary_kind' },
    id: { type: 'integer', sql: 'x.member_id', min: INT64_MIN, max: INT64_MAX },
    history_id: { type: 'integer', sql: 'x.id', min: INT64_MIN, max: INT64_MAX },
    created_at: { type: 'timestamp', sql: 'x.created_at' },
    asset_group_tag_id: { type: 'integer', sql: 'x.asset_group_tag_id' },
    selector_id: { type: 'integer', sql: 'x.selector_id' },
    action: { type: 'integer', sql: 'x.action', ...SMALLINT },
    certified: { type: 'integer', sql: 'x.certified', ...SMALLINT },
    certified_by: { type: 'string', sql: 'x.certified_by' },
    actor: { type: 'string', sql: 'x.actor' },
    email: { type: 'string', sql: 'x.email' },
    environment_id: { type: 'string', sql: 'x.environment_id' },
  },
  sortable: {
    id: 'x.member_id', history_id: 'x.id', created_at: 'x.created_at', name: 'x.name', object_id: 'x.object_id',
  },
  defaultSort: [{ sql: 'x.created_at', direction: 'DESC' }, { sql: 'x.id', direction: 'DESC' }],
  defaultLimit: 50,
  reserved: ['environments'],
});

/**
 * Filters of GET /api/v2/asset-group-tags (agt-wire §3; the read model's alias is `x`). Not paginated, no sort_by:
 * tags come by id. Tags are never soft-deleted, so deleted_at / deleted_by are always null (accepted for clients
 * that send `deleted_at=eq:null`). `counts` is a parameter of its own.
 */
export const TAG_LIST = defineListSpec({
  filters: {
    type: { type: 'integer', sql: 'x.type', operators: ['eq', 'neq'], ...SMALLINT },
    created_by: { type: 'string', sql: shownActor('x.created_by'), operators: ['eq', 'neq'] },
    updated_by: { type: 'string', sql: shownActor('x.updated_by'), operators: ['eq', 'neq'] },
    deleted_by: { type: 'string', sql: 'x.deleted_by', operators: ['eq', 'neq'] },
    require_certify: { type: 'boolean', sql: 'x.require_certify' },
    analysis_enabled: { type: 'boolean', sql: 'x.analysis_enabled' },
    name: { type: 'string', sql: 'x.name' },
    description: { type: 'string', sql: 'x.description' },
    ...recordTimestampFilters('x'),
  },
  sortable: {},
  defaultSort: [{ sql: 'x.id', direction: 'ASC' }],
  paging: false,
  reserved: ['counts'],
});

/** Filters and sort columns of GET /api/v2/asset-groups (agt-wire §4; alias `x`). Not paginated. */
export const ASSET_GROUP_LIST = defineListSpec({
  filters: {
    name: { type: 'string', sql: 'x.name', operators: ['eq', 'neq'] },
    tag: { type: 'string', sql: 'x.tag', operators: ['eq', 'neq'] },
    system_group: { type: 'boolean', sql: 'x.system_group' },
    member_count: { type: 'integer', sql: 'x.member_count', min: INT64_MIN, max: INT64_MAX },
    id: { type: 'integer', sql: 'x.id' },
    ...recordTimestampFilters('x'),
  },
  sortable: { id: 'x.id', name: 'x.name', tag: 'x.tag', member_count: 'x.member_count' },
  defaultSort: [{ sql: 'x.id', direction: 'ASC' }],
  paging: false,
});

/**
 * Filters and sort columns of the deprecated GET /api/v2/asset-groups/{id}/members (alias `x`, one row per node).
 * `custom_member` is a string filter over the text 'true' / 'false' (`custom_member=eq:true`).
 */
export const ASSET_GROUP_MEMBER_LIST = defineListSpec({
  filters: {
    object_id: { type: 'string', sql: 'x.object_id' },
    primary_kind: { type: 'string', sql: 'x.primary_kind' },
    environment_id: { type: 'string', sql: 'x.environment_id' },
    environment_kind: { type: 'string', sql: 'x.environment_kind' },
    name: { type: 'string', sql: 'x.name' },
    custom_member: { type: 'string', sql: 'x.custom_member_text' },
  },
  sortable: {
    object_id: 'x.object_id', asset_group_id: 'x.asset_group_id', primary_kind: 'x.primary_kind',
    environment_id: 'x.environment_id', environment_kind: 'x.environment_kind', name: 'x.name',
  },
  defaultSort: [{ sql: 'x.node_id', direction: 'ASC' }],
});

/**
 * Filters and sort columns of GET and POST /api/v2/asset-group-tags-history (the table's alias is `x`): newest
 * first by default, 50 a page.
 */
export const TAG_HISTORY_LIST = defineListSpec({
  filters: {
    created_at: { type: 'timestamp', sql: 'x.created_at' },
    actor: { type: 'string', sql: 'x.actor' },
    email: { type: 'string', sql: 'x.email' },
    action: { type: 'string', sql: 'x.action' },
    target: { type: 'string', sql: 'x.target' },
    environment_id: { type: 'string', sql: 'x.environment_id' },
    note: { type: 'string', sql: 'x.note' },
    asset_group_tag_id: { type: 'integer', sql: 'x.asset_group_tag_id' },
    id: { type: 'integer', sql: 'x.id', min: INT64_MIN, max: INT64_MAX },
  },
  sortable: {
    id: 'x.id', created_at: 'x.created_at', actor: 'x.actor', email: 'x.email', action: 'x.action', target: 'x.target',
    asset_group_tag_id: 'x.asset_group_tag_id', environment_id: 'x.environment_id', note: 'x.note',
  },
  defaultSort: [{ sql: 'x.created_at', direction: 'DESC' }, { sql: 'x.id', direction: 'DESC' }],
  defaultLimit: 50,
});

/**
 * Filters and sort columns of GET /api/v2/asset-groups/{id}/collections (numeric and time columns, alias `x`). Not
 * paginated.
 */
export const ASSET_GROUP_COLLECTION_LIST = defineListSpec({
  filters: { id: { type: 'integer', sql: 'x.id', operators: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] }, ...recordTimestampFilters('x') },
  sortable: { id: 'x.id', created_at: 'x.created_at', updated_at: 'x.updated_at', deleted_at: 'x.deleted_at' },
  defaultSort: [{ sql: 'x.id', direction: 'ASC' }],
  paging: false,
});
