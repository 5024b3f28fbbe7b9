import { describe, expect, it } from '@jest/globals';
import { compileFilters, ErrorMessages, parseListQuery, type RawQuery } from '@app/platform';
import { CLIENT_LIST } from './client-list-spec.js';
import { apiErrorOfCall } from '@app/platform/testing';

function refusal(query: RawQuery): readonly string[] {
  const error = apiErrorOfCall(() => parseListQuery(CLIENT_LIST, query));
  expect(error.status).toBe(400);
  return error.messages;
}

describe('CLIENT_LIST', () => {
  it('orders by creation (created_at, then id) by default', () => {
    expect(parseListQuery(CLIENT_LIST, {}).sort).toEqual([
      { sql: 'c.created_at', direction: 'ASC' }, { sql: 'c.id', direction: 'ASC' },
    ]);
  });

  it('accepts every filter of spec §4.4 with its type', () => {
    const query = parseListQuery(CLIENT_LIST, {
      name: '~eq:col', ip_address: 'eq:10.0.0.1', hostname: 'neq:h', configured_user: 'eq:u', version: 'eq:v1',
      user_sid: 'eq:null', last_checkin: '~eq:2025-01-02', domain_controller: 'eq:dc', current_job_id: 'gte:9223372036854775807',
      completed_job_count: 'gt:0', id: 'eq:6F1C8A52-2B1E-4C55-9A53-2D7F3C1B9E01', created_at: 'lt:2025-01-01T00:00:00Z',
      updated_at: 'gt:2025-01-01T00:00:00Z', deleted_at: 'eq:null',
    });
    expect(query.filters).toHaveLength(14);
    expect(compileFilters(CLIENT_LIST, query).map((f) => f.sql)).toContain('c.user_sid IS NULL');
  });

  it('compares last_checkin as the RFC 3339 text the wire shows, the zero time when never checked in', () => {
    const [filter] = compileFilters(CLIENT_LIST, parseListQuery(CLIENT_LIST, { last_checkin: 'eq:0001-01-01T00:00:00Z' }));
    expect(filter.sql).toContain(`to_char(c.last_checkin AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
    expect(filter.sql).toContain(`'0001-01-01T00:00:00Z'`);
  });

  it('accepts every sort column of spec §4.4', () => {
    const columns = ['name', 'ip_address', 'hostname', 'configured_user', 'last_checkin', 'completed_job_count',
      'created_at', 'updated_at', 'deleted_at'];
    const sort = parseListQuery(CLIENT_LIST, { sort_by: columns.map((c) => `-${c}`) }).sort;
    // created_at is already a term, so only id is appended as the tie-breaker.
    expect(sort.map((term) => term.direction)).toEqual([...columns.map(() => 'DESC'), 'ASC']);
    expect(sort.at(-1)).toEqual({ sql: 'c.id', direction: 'ASC' });
  });

  it('refuses columns the listing does not sort or filter, and operators a column does not take', () => {
    expect(refusal({ sort_by: 'version' })).toEqual([ErrorMessages.columnNotSortable('version')]);
    expect(refusal({ type: 'eq:sharphound' })).toEqual([ErrorMessages.columnNotFilterable('type')]);
    expect(refusal({ name: 'gt:a' })).toEqual([ErrorMessages.predicateNotSupported('name', 'gt')]);
    expect(refusal({ current_job_id: 'eq:x' })).toEqual([ErrorMessages.filtersInvalid]);
    expect(refusal({ completed_job_count: 'eq:2147483648' })).toEqual([ErrorMessages.filtersInvalid]);
  });

  it('keeps hydrate_ous and hydrate_domains out of the filters', () => {
    expect(parseListQuery(CLIENT_LIST, { hydrate_ous: 'false', hydrate_domains: 'eq:true' }).filters).toEqual([]);
  });
});
