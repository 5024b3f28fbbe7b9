import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../common/api-error.js';
import { defineListSpec } from './list-spec.js';
import { parseListQuery } from './parse-list-query.js';
import type { ListSpec } from './types.js';

const users = defineListSpec({
  filters: {
    email_address: { type: 'string', sql: 'u.email_address' },
    is_disabled: { type: 'boolean', sql: 'u.is_disabled' },
  },
  sortable: { email_address: 'u.email_address' },
  defaultSort: [{ sql: 'u.id', direction: 'ASC' }],
  reserved: ['hydrate_ous'],
});

function rejection(run: () => unknown): { status: number; message: string | undefined } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, message: error.messages[0] };
  }
  throw new Error('expected an ApiError');
}

describe('parseListQuery', () => {
  it('returns filters, the complete order and the applied page', () => {
    const query = {
      email_address: '~eq:smith',
      is_disabled: 'false',
      sort_by: '-email_address',
      skip: '20',
      limit: '5000',
      hydrate_ous: 'true',
    };
    expect(parseListQuery(users, query)).toEqual({
      filters: [
        { column: 'email_address', op: '~eq', value: 'smith' },
        { column: 'is_disabled', op: 'eq', value: false },
      ],
      sort: [
        { sql: 'u.email_address', direction: 'DESC' },
        { sql: 'u.id', direction: 'ASC' },
      ],
      skip: 20,
      limit: 1000,
    });
  });

  it('reports a sort error before a filter error', () => {
    expect(rejection(() => parseListQuery(users, { email_address: 'foo:bar', sort_by: 'nope' }))).toEqual({
      status: 400,
      message: 'column format does not support sorting: nope',
    });
  });

  it('reports a filter error before a paging error', () => {
    expect(rejection(() => parseListQuery(users, { skip: 'x', nope: 'eq:1' }))).toEqual({
      status: 400,
      message: 'the specified column cannot be filtered: nope',
    });
  });

  it('ignores skip and limit entirely when the endpoint does not page', () => {
    const tasks: ListSpec = defineListSpec({ ...users, paging: false, defaultLimit: 10 });
    expect(parseListQuery(tasks, { skip: 'x', limit: '-1' })).toEqual({
      filters: [],
      sort: [{ sql: 'u.id', direction: 'ASC' }],
      skip: 0,
      limit: 10,
    });
  });

  it('accepts a query object without a prototype, as Node\'s querystring builds it', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { email_address: 'eq:a' });
    expect(parseListQuery(users, query).filters).toEqual([{ column: 'email_address', op: 'eq', value: 'a' }]);
  });
});
