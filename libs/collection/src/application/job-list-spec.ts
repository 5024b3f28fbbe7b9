import {
  ApiError, defineListSpec, ErrorMessages, INT64_MAX, INT64_MIN, parseListQuery, recordTimestampFilters,
  type ColumnSpec, type ListQuery, type ListSpec, type RawQuery,
} from '@app/platform';
import { parseJobStatus } from '../domain/job-status.js';
import { HYDRATION_PARAMS } from './references.js';

// Every job listing reads the alias `j`: a job row plus its client's name (client_name).

/** The job filter set (spec §4.2) without id. */
const JOB_FILTERS: Record<string, ColumnSpec> = {
  ...recordTimestampFilters('j'),
  execution_time: { type: 'timestamp', sql: 'j.execution_time' },
  start_time: { type: 'timestamp', sql: 'j.start_time' },
  end_time: { type: 'timestamp', sql: 'j.end_time' },
  last_ingest: { type: 'timestamp', sql: 'j.last_ingest' },
  log_path: { type: 'string', sql: 'j.log_path' },
  domain_controller: { type: 'string', sql: 'j.domain_controller' },
  event_title: { type: 'string', sql: 'j.event_title' },
  // A string filter on the wire (spec §4.2) whose value is a status name or number; parseJobListQuery rewrites the
  // value to the number before it is bound, so the comparison stays on the smallint column (and its indexes).
  // "Contains" means nothing for a status, hence eq/neq only.
  status: { type: 'string', sql: 'j.status', operators: ['eq', 'neq'] },
  session_collection: { type: 'boolean', sql: 'j.session_collection' },
  local_group_collection: { type: 'boolean', sql: 'j.local_group_collection' },
  ad_structure_collection: { type: 'boolean', sql: 'j.ad_structure_collection' },
  cert_services_collection: { type: 'boolean', sql: 'j.cert_services_collection' },
  ca_registry_collection: { type: 'boolean', sql: 'j.ca_registry_collection' },
  dc_registry_collection: { type: 'boolean', sql: 'j.dc_registry_collection' },
  all_trusted_domains: { type: 'boolean', sql: 'j.all_trusted_domains' },
  event_id: { type: 'integer', sql: 'j.event_id' },
  client_id: { type: 'uuid', sql: 'j.client_id' },
};

const ID_FILTER: Record<string, ColumnSpec> = { id: { type: 'integer', sql: 'j.id', min: INT64_MIN, max: INT64_MAX } };

const JOB_SORT: Record<string, string> = {
  event_id: 'j.event_id', execution_time: 'j.execution_time', status: 'j.status', start_time: 'j.start_time',
  end_time: 'j.end_time', log_path: 'j.log_path', domain_controller: 'j.domain_controller',
  event_title: 'j.event_title', last_ingest: 'j.last_ingest', id: 'j.id', created_at: 'j.created_at',
  updated_at: 'j.updated_at', deleted_at: 'j.deleted_at',
};

const BY_ID = [{ sql: 'j.id', direction: 'ASC' }] as const;

/** GET /api/v2/jobs: the job filter set plus id; sortable by client_name too. Primary key order by default. */
export const JOB_LIST = defineListSpec({
  filters: { ...JOB_FILTERS, ...ID_FILTER },
  sortable: { ...JOB_SORT, client_name: 'j.client_name' },
  defaultSort: BY_ID,
  reserved: HYDRATION_PARAMS,
});

/** The completed-jobs listings of a client (three paths): the job filter set plus id. */
export const COMPLETED_JOB_LIST = defineListSpec({
  filters: { ...JOB_FILTERS, ...ID_FILTER },
  sortable: JOB_SORT,
  defaultSort: BY_ID,
  reserved: HYDRATION_PARAMS,
});

/**
 * READY work (tasks/available, jobs/available): the job filter set without id, no paging (skip/limit are accepted
 * and ignored). Next due first, as a client takes them; at most 1000 jobs in one answer.
 */
export const AVAILABLE_JOB_LIST = defineListSpec({
  filters: JOB_FILTERS,
  sortable: JOB_SORT,
  defaultSort: [{ sql: 'j.execution_time', direction: 'ASC' }, ...BY_ID],
  paging: false,
  defaultLimit: 1000,
  reserved: HYDRATION_PARAMS,
});

/**
 * parseListQuery for a job listing, with each `status` value (a name, case-insensitive, or a number) rewritten to
 * the status number; an unknown status is a bad filter (400).
 */
export function parseJobListQuery(spec: ListSpec, query: RawQuery): ListQuery {
  const parsed = parseListQuery(spec, query);
  return {
    ...parsed,
    filters: parsed.filters.map((predicate) => {
      if (predicate.column !== 'status' || predicate.value === null) return predicate;
      const status = parseJobStatus(String(predicate.value));
      if (status === undefined) throw ApiError.badRequest(ErrorMessages.filtersInvalid);
      return { ...predicate, value: String(status) };
    }),
  };
}

/** A list query built in code (no request behind it): the spec's default order, its largest page. */
export function internalJobQuery(spec: ListSpec, filters: ListQuery['filters'] = []): ListQuery {
  return { filters, sort: [...spec.defaultSort], skip: 0, limit: spec.defaultLimit ?? 1000 };
}
