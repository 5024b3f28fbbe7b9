import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../common/api-error.js';
import { defineListSpec } from './list-spec.js';
import { parseSort, withTieBreakers } from './parse-sort.js';
import type { RawQuery } from './query.params.js';
import type { SortSpec } from './types.js';

const users = defineListSpec({
  filters: { first_name: { type: 'string', sql: 'u.first_name' } },
  sortable: { id: 'u.id', email_address: 'u.email_address', created_at: 'u.created_at' },
  defaultSort: [{ sql: 'u.id', direction: 'ASC' }],
});

const ID_ASC: SortSpec = { sql: 'u.id', direction: 'ASC' };
const parse = (query: RawQuery) => parseSort(users, query);

function rejection(run: () => unknown): { status: number; message: string | undefined } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, message: error.messages[0] };
  }
  throw new Error('expected an ApiError');
}

describe('sort_by', () => {
  it('orders by the default sort when sort_by is absent', () => {
    expect(parse({})).toEqual([ID_ASC]);
  });

  it('orders ascending by a plain column, then by the default sort as tie-breaker', () => {
    expect(parse({ sort_by: 'email_address' })).toEqual([{ sql: 'u.email_address', direction: 'ASC' }, ID_ASC]);
  });

  it('orders descending by a column with a - prefix', () => {
    expect(parse({ sort_by: '-created_at' })).toEqual([{ sql: 'u.created_at', direction: 'DESC' }, ID_ASC]);
  });

  it('applies repeated sort_by in the order given', () => {
    expect(parse({ sort_by: ['-created_at', 'email_address'] })).toEqual([
      { sql: 'u.created_at', direction: 'DESC' },
      { sql: 'u.email_address', direction: 'ASC' },
      ID_ASC,
    ]);
  });

  it('leaves out the tie-breaker when the user already orders by its expression', () => {
    expect(parse({ sort_by: '-id' })).toEqual([{ sql: 'u.id', direction: 'DESC' }]);
  });

  it('keeps the first direction when a column is ordered twice', () => {
    expect(parse({ sort_by: ['email_address', '-email_address'] })).toEqual([
      { sql: 'u.email_address', direction: 'ASC' },
      ID_ASC,
    ]);
  });

  it('appends every default term missing from the user order', () => {
    const defaultSort: SortSpec[] = [{ sql: 'u.created_at', direction: 'DESC' }, ID_ASC];
    expect(withTieBreakers([{ sql: 'u.created_at', direction: 'ASC' }], defaultSort)).toEqual([
      { sql: 'u.created_at', direction: 'ASC' },
      ID_ASC,
    ]);
  });

  it.each([[''], ['-'], [['email_address', '']]])('answers 400 for the empty sort_by %j', (sortBy) => {
    expect(rejection(() => parse({ sort_by: sortBy }))).toEqual({
      status: 400,
      message: 'empty sort_by parameter supplied',
    });
  });

  it.each([
    ['nope', 'nope'],
    ['-nope', 'nope'],
    ['first_name', 'first_name'],
    ['--email_address', '-email_address'],
    ['constructor', 'constructor'],
    ['email_address,id', 'email_address,id'],
  ])('answers 400 naming the column for the unsortable sort_by=%s', (sortBy, column) => {
    expect(rejection(() => parse({ sort_by: sortBy }))).toEqual({
      status: 400,
      message: `column format does not support sorting: ${column}`,
    });
  });
});
