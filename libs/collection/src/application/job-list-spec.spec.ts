import { describe, expect, it } from '@jest/globals';
import { AVAILABLE_JOB_LIST, COMPLETED_JOB_LIST, JOB_LIST, parseJobListQuery } from './job-list-spec.js';
import { apiErrorOfCall } from '@app/platform/testing';

function refusal(read: () => unknown): string {
  const error = apiErrorOfCall(read);
  expect(error.status).toBe(400);
  return error.messages[0];
}

describe('parseJobListQuery', () => {
  it('rewrites status names (any case) and numbers to the status number', () => {
    const parsed = parseJobListQuery(JOB_LIST, { status: ['eq:complete', 'neq:FAILED', 'eq:8', 'eq:PartiallyComplete'] });
    expect(parsed.filters).toEqual([
      { column: 'status', op: 'eq', value: '2' },
      { column: 'status', op: 'neq', value: '5' },
      { column: 'status', op: 'eq', value: '8' },
      { column: 'status', op: 'eq', value: '8' },
    ]);
  });

  it('leaves status=eq:null alone and other columns untouched', () => {
    expect(parseJobListQuery(JOB_LIST, { status: 'eq:null', log_path: 'eq:complete' }).filters).toEqual([
      { column: 'status', op: 'eq', value: null },
      { column: 'log_path', op: 'eq', value: 'complete' },
    ]);
  });

  it('refuses an unknown status, a number that is no status, and ~eq on status', () => {
    expect(refusal(() => parseJobListQuery(JOB_LIST, { status: 'eq:done' }))).toBe('there are errors in the query parameter filters specified');
    expect(refusal(() => parseJobListQuery(JOB_LIST, { status: 'eq:9' }))).toBe('there are errors in the query parameter filters specified');
    expect(refusal(() => parseJobListQuery(JOB_LIST, { status: '~eq:comp' })))
      .toBe('the specified filter predicate is not supported for this column: status ~eq');
  });

  it('takes int64 ids and refuses larger ones', () => {
    expect(parseJobListQuery(JOB_LIST, { id: 'gt:9223372036854775807' }).filters).toEqual([{ column: 'id', op: 'gt', value: '9223372036854775807' }]);
    expect(refusal(() => parseJobListQuery(JOB_LIST, { id: 'gt:9223372036854775808' }))).toBe('there are errors in the query parameter filters specified');
  });

  it('sorts by client_name on GET /jobs only', () => {
    expect(parseJobListQuery(JOB_LIST, { sort_by: '-client_name' }).sort[0]).toEqual({ sql: 'j.client_name', direction: 'DESC' });
    expect(refusal(() => parseJobListQuery(COMPLETED_JOB_LIST, { sort_by: 'client_name' }))).toBe('column format does not support sorting: client_name');
  });

  it('orders by id by default, and READY work next due first', () => {
    expect(parseJobListQuery(COMPLETED_JOB_LIST, {}).sort).toEqual([{ sql: 'j.id', direction: 'ASC' }]);
    expect(parseJobListQuery(AVAILABLE_JOB_LIST, {}).sort).toEqual([
      { sql: 'j.execution_time', direction: 'ASC' }, { sql: 'j.id', direction: 'ASC' },
    ]);
  });

  it('does not filter READY work by id, and ignores skip and limit there', () => {
    expect(refusal(() => parseJobListQuery(AVAILABLE_JOB_LIST, { id: 'eq:1' }))).toBe('the specified column cannot be filtered: id');
    expect(parseJobListQuery(AVAILABLE_JOB_LIST, { skip: '-5', limit: 'abc' })).toMatchObject({ skip: 0, limit: 1000 });
  });

  it('keeps the hydration parameters out of the filters', () => {
    expect(parseJobListQuery(JOB_LIST, { hydrate_ous: 'false', hydrate_domains: 'eq:x' }).filters).toEqual([]);
  });

  it('filters every column of the job filter set', () => {
    const query = {
      created_at: 'gt:2024-01-01T00:00:00Z', updated_at: 'lt:2030-01-01T00:00:00Z', deleted_at: 'eq:null',
      execution_time: 'gte:2024-01-01T00:00:00Z', start_time: 'neq:null', end_time: 'lte:2030-01-01T00:00:00Z',
      last_ingest: 'eq:null', log_path: '~eq:zip', domain_controller: 'eq:dc', event_title: 'neq:x', status: 'eq:ready',
      session_collection: 'true', local_group_collection: 'eq:false', ad_structure_collection: 'neq:true',
      cert_services_collection: 'eq:true', ca_registry_collection: 'eq:true', dc_registry_collection: 'eq:true',
      all_trusted_domains: 'eq:false', event_id: 'gte:1', client_id: 'eq:7C2A0A3C-0000-4000-8000-000000000001',
    };
    expect(parseJobListQuery(AVAILABLE_JOB_LIST, query).filters.map((f) => f.column)).toEqual(Object.keys(query));
  });
});
