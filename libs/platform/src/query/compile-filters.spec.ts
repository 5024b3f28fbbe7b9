import { describe, expect, it } from '@jest/globals';
import { compileFilters } from './compile-filters.js';
import { defineListSpec } from './list-spec.js';
import { parseListQuery } from './parse-list-query.js';
import type { ListQuery } from './types.js';

const users = defineListSpec({
  filters: {
    email_address: { type: 'string', sql: 'u.email_address' },
    login_count: { type: 'integer', sql: 'u.login_count', allowIn: true },
    created_at: { type: 'timestamp', sql: 'u.created_at' },
    is_disabled: { type: 'boolean', sql: 'u.is_disabled' },
  },
  sortable: {},
  defaultSort: [{ sql: 'u.id', direction: 'ASC' }],
});

const compile = (query: Record<string, string | string[]>) => compileFilters(users, parseListQuery(users, query));

describe('compileFilters', () => {
  it.each([
    ['eq', '=', '5'],
    ['neq', '<>', '5'],
    ['gt', '>', '5'],
    ['gte', '>=', '5'],
    ['lt', '<', '5'],
    ['lte', '<=', '5'],
  ])('compiles %s to %s with a bound parameter', (op, sqlOp, value) => {
    expect(compile({ login_count: `${op}:${value}` })).toEqual([
      { sql: `u.login_count ${sqlOp} :lq_0`, params: { lq_0: value } },
    ]);
  });

  it('compiles ~eq to a case-insensitive contains', () => {
    expect(compile({ email_address: '~eq:Smith' })).toEqual([
      { sql: "u.email_address ILIKE :lq_0 ESCAPE '\\'", params: { lq_0: '%Smith%' } },
    ]);
  });

  it('matches %, _ and \\ literally in ~eq', () => {
    expect(compile({ email_address: '~eq:50%_off\\x' })).toEqual([
      { sql: "u.email_address ILIKE :lq_0 ESCAPE '\\'", params: { lq_0: '%50\\%\\_off\\\\x%' } },
    ]);
  });

  it('compiles eq:null and neq:null to IS NULL and IS NOT NULL without parameters', () => {
    expect(compile({ created_at: ['eq:null', 'neq:null'] })).toEqual([
      { sql: 'u.created_at IS NULL', params: {} },
      { sql: 'u.created_at IS NOT NULL', params: {} },
    ]);
  });

  it('compiles in to = ANY over one array parameter', () => {
    expect(compile({ login_count: 'in:1,2,3' })).toEqual([
      { sql: 'u.login_count = ANY(:lq_0)', params: { lq_0: ['1', '2', '3'] } },
    ]);
  });

  it('binds booleans as booleans and timestamps as UTC strings', () => {
    expect(compile({ is_disabled: 'true', created_at: 'gt:2025-07-08T17:00:00+02:00' })).toEqual([
      { sql: 'u.is_disabled = :lq_0', params: { lq_0: true } },
      { sql: 'u.created_at > :lq_1', params: { lq_1: '2025-07-08T15:00:00Z' } },
    ]);
  });

  it('names parameters by predicate position, one fragment per predicate', () => {
    expect(compile({ login_count: ['gt:1', 'lt:9'], email_address: 'eq:x' })).toEqual([
      { sql: 'u.login_count > :lq_0', params: { lq_0: '1' } },
      { sql: 'u.login_count < :lq_1', params: { lq_1: '9' } },
      { sql: 'u.email_address = :lq_2', params: { lq_2: 'x' } },
    ]);
  });

  it('keeps SQL-looking input out of the SQL text', () => {
    const [filter] = compile({ email_address: "eq:x' OR 1=1; --" });
    expect(filter).toEqual({ sql: 'u.email_address = :lq_0', params: { lq_0: "x' OR 1=1; --" } });
  });

  it('throws a programmer error for a hand-built predicate on an undeclared column', () => {
    const q: ListQuery = { filters: [{ column: 'nope', op: 'eq', value: 'x' }], sort: [], skip: 0, limit: 1 };
    expect(() => compileFilters(users, q)).toThrow('nope');
  });
});
