import { describe, expect, it } from '@jest/globals';
import { defineListSpec, pageSizes } from './list-spec.js';
import type { ColumnSpec, FilterOperator, ListSpec } from './types.js';

const valid: ListSpec = {
  filters: { name: { type: 'string', sql: 'u.name' } },
  sortable: { name: 'u.name' },
  defaultSort: [{ sql: 'u.id', direction: 'ASC' }],
};

const withColumn = (column: ColumnSpec): ListSpec => ({ ...valid, filters: { col: column } });
const name: ColumnSpec = { type: 'string', sql: 'u.name' };
const count: ColumnSpec = { type: 'integer', sql: 'u.count' };

describe('defineListSpec', () => {
  it('returns a valid spec as it is', () => {
    expect(defineListSpec(valid)).toBe(valid);
  });

  const sortedBy = (sql: string, direction: string): ListSpec => ({
    ...valid,
    defaultSort: [{ sql, direction: direction as 'ASC' }],
  });

  it.each<[string, ListSpec, string]>([
    ['defaultSort is empty', { ...valid, defaultSort: [] }, 'defaultSort must not be empty'],
    ['a defaultSort direction is not ASC or DESC', sortedBy('u.id', 'asc'), 'direction'],
    ['a defaultSort expression is empty', sortedBy(' ', 'ASC'), 'SQL expression is empty'],
    ['a sortable expression is empty', { ...valid, sortable: { name: '' } }, 'sortable name'],
    ['a filter expression is empty', withColumn({ type: 'string', sql: '' }), 'filter col'],
    ['a filter is named like a pagination parameter', { ...valid, filters: { skip: valid.filters.name } }, 'collides'],
    ['a filter is also reserved', { ...valid, reserved: ['name'] }, 'collides'],
    ['a column allows no operator', withColumn({ ...name, operators: [] }), 'allows no operator'],
    ['an operator is unknown', withColumn({ ...name, operators: ['like' as FilterOperator] }), 'unknown'],
    ['in is listed as an operator', withColumn({ ...name, operators: ['eq', 'in'] }), 'allowIn'],
    ['~eq is allowed on a non-string column', withColumn({ ...count, operators: ['~eq'] }), '~eq needs'],
    ['min is set on a non-integer column', withColumn({ ...name, min: 0n }), 'integer columns only'],
    ['min is greater than max', withColumn({ ...count, min: 5n, max: 1n }), 'min is greater than max'],
    ['maxLimit is not positive', { ...valid, maxLimit: 0 }, 'maxLimit'],
    ['defaultLimit exceeds maxLimit', { ...valid, defaultLimit: 500, maxLimit: 100 }, 'defaultLimit'],
    ['defaultLimit is not an integer', { ...valid, defaultLimit: 1.5 }, 'defaultLimit'],
  ])('throws when %s', (_, spec, fragment) => {
    expect(() => defineListSpec(spec)).toThrow(fragment);
  });
});

describe('pageSizes', () => {
  it('defaults to 100 per page and at most 1000', () => {
    expect(pageSizes(valid)).toEqual({ defaultLimit: 100, maxLimit: 1000 });
  });

  it('keeps the default page within a smaller maximum', () => {
    expect(pageSizes({ ...valid, maxLimit: 20 })).toEqual({ defaultLimit: 20, maxLimit: 20 });
  });
});
