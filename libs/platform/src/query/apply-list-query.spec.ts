import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { applyListQuery } from './apply-list-query.js';
import { defineListSpec } from './list-spec.js';
import { parseListQuery } from './parse-list-query.js';
import type { ListQuery } from './types.js';

// SQL generation needs the driver only, not a connection: the DataSource is never initialized.
const dataSource = new DataSource({ type: 'postgres' });
const usersQuery = () => dataSource.createQueryBuilder().select('u.id').from('users', 'u');

const users = defineListSpec({
  filters: {
    email_address: { type: 'string', sql: 'u.email_address' },
    login_count: { type: 'integer', sql: 'u.login_count', allowIn: true },
    is_disabled: { type: 'boolean', sql: 'u.is_disabled' },
  },
  sortable: { email_address: 'u.email_address', id: 'u.id' },
  defaultSort: [{ sql: 'u.id', direction: 'ASC' }],
});

describe('applyListQuery', () => {
  it('adds filters, order and page to a TypeORM builder with every value bound', () => {
    const q = parseListQuery(users, {
      email_address: '~eq:o\'neil%',
      login_count: ['in:1,2', 'neq:null'],
      is_disabled: 'false',
      sort_by: '-email_address',
      skip: '40',
      limit: '20',
    });
    expect(applyListQuery(usersQuery(), users, q).getQueryAndParameters()).toEqual([
      'SELECT u.id FROM "users" "u"' +
        ' WHERE u.email_address ILIKE $1 ESCAPE \'\\\' AND u.login_count = ANY($2)' +
        ' AND u.login_count IS NOT NULL AND u.is_disabled = $3' +
        ' ORDER BY u.email_address DESC, u.id ASC LIMIT 20 OFFSET 40',
      ["%o'neil\\%%", ['1', '2'], false],
    ]);
  });

  it('orders by the default sort and pages by the defaults for an empty query', () => {
    expect(applyListQuery(usersQuery(), users, parseListQuery(users, {})).getQueryAndParameters()).toEqual([
      'SELECT u.id FROM "users" "u" ORDER BY u.id ASC LIMIT 100 OFFSET 0',
      [],
    ]);
  });

  it('leaves paging out when asked, as a count query needs', () => {
    const q = parseListQuery(users, { limit: '5' });
    expect(applyListQuery(usersQuery(), users, q, { page: false }).getQuery()).toBe(
      'SELECT u.id FROM "users" "u" ORDER BY u.id ASC',
    );
  });

  it('leaves paging out for an endpoint that does not page', () => {
    const unpaged = defineListSpec({ ...users, paging: false });
    expect(applyListQuery(usersQuery(), unpaged, parseListQuery(unpaged, { limit: '5' })).getQuery()).toBe(
      'SELECT u.id FROM "users" "u" ORDER BY u.id ASC',
    );
  });

  it('keeps conditions and order the builder already has', () => {
    const qb = usersQuery().where('u.deleted_at IS NULL').orderBy('u.is_disabled', 'ASC');
    const q = parseListQuery(users, { email_address: 'eq:a' });
    expect(applyListQuery(qb, users, q, { page: false }).getQueryAndParameters()).toEqual([
      'SELECT u.id FROM "users" "u" WHERE u.deleted_at IS NULL AND u.email_address = $1' +
        ' ORDER BY u.is_disabled ASC, u.id ASC',
      ['a'],
    ]);
  });

  it('adds the tie-breaker to a hand-built query without one', () => {
    const q: ListQuery = { filters: [], sort: [{ sql: 'u.email_address', direction: 'ASC' }], skip: 0, limit: 10 };
    expect(applyListQuery(usersQuery(), users, q).getQuery()).toBe(
      'SELECT u.id FROM "users" "u" ORDER BY u.email_address ASC, u.id ASC LIMIT 10 OFFSET 0',
    );
  });
});
