import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../common/api-error.js';
import { INT64_MAX, INT64_MIN } from '../common/int-bounds.js';
import { defineListSpec } from './list-spec.js';
import { parseFilters } from './parse-filters.js';
import type { RawQuery } from './query.params.js';

const users = defineListSpec({
  filters: {
    id: { type: 'uuid', sql: 'u.id' },
    email_address: { type: 'string', sql: 'u.email_address' },
    first_name: { type: 'string', sql: 'u.first_name', operators: ['eq', 'neq'] },
    login_count: { type: 'integer', sql: 'u.login_count', allowIn: true },
    object_count: { type: 'integer', sql: 'u.object_count', min: INT64_MIN, max: INT64_MAX },
    created_at: { type: 'timestamp', sql: 'u.created_at' },
    is_disabled: { type: 'boolean', sql: 'u.is_disabled' },
    kind: { type: 'string', sql: 'u.kind', allowIn: true },
  },
  sortable: { email_address: 'u.email_address' },
  defaultSort: [{ sql: 'u.id', direction: 'ASC' }],
  reserved: ['hydrate_ous'],
});

const BAD_FILTER = { status: 400, message: 'there are errors in the query parameter filters specified' };
const UUID = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';

const parse = (query: RawQuery) => parseFilters(users, query);

function rejection(run: () => unknown): { status: number; message: string | undefined } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, message: error.messages[0] };
  }
  throw new Error('expected an ApiError');
}

describe('filters', () => {
  describe('operators', () => {
    it.each([
      ['email_address', 'eq:a@b.c', 'eq', 'a@b.c'],
      ['email_address', 'neq:a@b.c', 'neq', 'a@b.c'],
      ['email_address', '~eq:Alice', '~eq', 'Alice'],
      ['login_count', 'gt:1', 'gt', '1'],
      ['login_count', 'gte:1', 'gte', '1'],
      ['login_count', 'lt:1', 'lt', '1'],
      ['login_count', 'lte:1', 'lte', '1'],
      ['created_at', 'gte:2025-07-08T17:00:00Z', 'gte', '2025-07-08T17:00:00Z'],
      ['is_disabled', 'neq:true', 'neq', true],
      ['id', `eq:${UUID}`, 'eq', UUID],
    ])('reads %s=%s as a typed predicate', (column, text, op, value) => {
      expect(parse({ [column]: text })).toEqual([{ column, op, value }]);
    });

    it.each(['foo:bar', 'invalidPredicate:foo', 'EQ:x', 'like:x', ':x'])(
      'answers 400 for the unknown operator in email_address=%s',
      (text) => {
        expect(rejection(() => parse({ email_address: text }))).toEqual(BAD_FILTER);
      },
    );

    it.each([
      ['first_name', 'gt:x', 'first_name gt'],
      ['first_name', '~eq:x', 'first_name ~eq'],
      ['email_address', 'lt:x', 'email_address lt'],
      ['is_disabled', 'gte:true', 'is_disabled gte'],
      ['id', `~eq:${UUID}`, 'id ~eq'],
      ['email_address', 'in:a,b', 'email_address in'],
    ])('answers 400 when %s does not support %s', (column, text, detail) => {
      expect(rejection(() => parse({ [column]: text }))).toEqual({
        status: 400,
        message: `the specified filter predicate is not supported for this column: ${detail}`,
      });
    });

    it('takes everything after the first colon as the value, untruncated', () => {
      expect(parse({ email_address: 'eq:a:b c,d+e%f' })).toEqual([
        { column: 'email_address', op: 'eq', value: 'a:b c,d+e%f' },
      ]);
    });

    it('accepts an empty string value', () => {
      expect(parse({ email_address: 'eq:' })).toEqual([{ column: 'email_address', op: 'eq', value: '' }]);
    });
  });

  describe('values that do not fit the column', () => {
    it.each([
      ['id', 'eq:abc'],
      ['login_count', 'eq:abc'],
      ['login_count', 'gt:2147483648'],
      ['object_count', 'gt:9223372036854775808'],
      ['created_at', 'gt:2025-07-08'],
      ['created_at', 'gt:2025-02-30T00:00:00Z'],
      ['is_disabled', 'eq:yes'],
      ['email_address', 'eq:a\u0000b'],
    ])('answers 400 for %s=%j', (column, text) => {
      expect(rejection(() => parse({ [column]: text }))).toEqual(BAD_FILTER);
    });

    it('binds an int64 column value exactly', () => {
      expect(parse({ object_count: 'lte:9223372036854775807' })).toEqual([
        { column: 'object_count', op: 'lte', value: '9223372036854775807' },
      ]);
    });

    it('reads a timestamp offset whose + decoded to a space', () => {
      expect(parse({ created_at: 'lt:2025-07-08T17:00:00 02:00' })).toEqual([
        { column: 'created_at', op: 'lt', value: '2025-07-08T15:00:00Z' },
      ]);
    });
  });

  describe('null', () => {
    const columns = ['email_address', 'login_count', 'created_at', 'is_disabled', 'id'];
    it.each(columns)('reads eq:null and neq:null on %s', (column) => {
      expect(parse({ [column]: ['eq:null', 'neq:null'] })).toEqual([
        { column, op: 'eq', value: null },
        { column, op: 'neq', value: null },
      ]);
    });

    it('takes null literally for ~eq', () => {
      expect(parse({ email_address: '~eq:null' })).toEqual([{ column: 'email_address', op: '~eq', value: 'null' }]);
    });

    it('answers 400 for null with a comparison', () => {
      expect(rejection(() => parse({ login_count: 'gt:null' }))).toEqual(BAD_FILTER);
    });
  });

  describe('in', () => {
    it('reads a comma-separated list, each item typed', () => {
      expect(parse({ login_count: 'in:1,-2,003' })).toEqual([
        { column: 'login_count', op: 'in', value: ['1', '-2', '3'] },
      ]);
      expect(parse({ kind: 'in:User' })).toEqual([{ column: 'kind', op: 'in', value: ['User'] }]);
    });

    it.each(['in:', 'in:1,,2', 'in:1,', 'in:1,x', 'in:1,2147483648'])('answers 400 for login_count=%s', (text) => {
      expect(rejection(() => parse({ login_count: text }))).toEqual(BAD_FILTER);
    });
  });

  describe('boolean shorthand', () => {
    it('reads a boolean column without an operator as eq', () => {
      expect(parse({ is_disabled: 'true' })).toEqual([{ column: 'is_disabled', op: 'eq', value: true }]);
      expect(parse({ is_disabled: 'F' })).toEqual([{ column: 'is_disabled', op: 'eq', value: false }]);
    });

    it.each([
      ['is_disabled', 'maybe'],
      ['is_disabled', ''],
      ['email_address', 'a@b.c'],
      ['email_address', ''],
      ['login_count', '5'],
    ])('answers 400 for %s=%j without an operator', (column, text) => {
      expect(rejection(() => parse({ [column]: text }))).toEqual(BAD_FILTER);
    });
  });

  describe('combining', () => {
    it('adds one predicate per repeated value and keeps query order', () => {
      expect(parse({ login_count: ['gt:1', 'lt:9'], email_address: '~eq:x' })).toEqual([
        { column: 'login_count', op: 'gt', value: '1' },
        { column: 'login_count', op: 'lt', value: '9' },
        { column: 'email_address', op: '~eq', value: 'x' },
      ]);
    });

    it('answers 400 when any repeated value is bad', () => {
      expect(rejection(() => parse({ login_count: ['gt:1', 'lt:x'] }))).toEqual(BAD_FILTER);
    });

    it('answers 400 for a nested-object value on a column', () => {
      expect(rejection(() => parse({ login_count: { gt: '1' } }))).toEqual(BAD_FILTER);
    });
  });

  describe('parameters that are not columns', () => {
    it('answers 400 when an unknown parameter has the op:value form', () => {
      expect(rejection(() => parse({ nope: 'eq:1' }))).toEqual({
        status: 400,
        message: 'the specified column cannot be filtered: nope',
      });
    });

    it('answers 400 for any operator-like token, known or not, and for a repeated value', () => {
      expect(rejection(() => parse({ nope: ['plain', 'whatever:1'] }))).toEqual({
        status: 400,
        message: 'the specified column cannot be filtered: nope',
      });
    });

    it('does not mistake inherited Object members for columns', () => {
      expect(rejection(() => parse({ constructor: 'eq:1' }))).toEqual({
        status: 400,
        message: 'the specified column cannot be filtered: constructor',
      });
      expect(parse({ toString: 'x', hasOwnProperty: '' })).toEqual([]);
    });

    it.each([
      ['nope', 'hello'],
      ['nope', ':x'],
      ['nope', 'a b:c'],
      ['nope', ''],
      ['hydrate_ous', 'eq:true'],
      ['counts', 'true'],
      ['offset', 'eq:1'],
      ['before', 'lt:2025-07-08T17:00:00Z'],
      ['after', 'gt:x'],
    ])('ignores %s=%s', (name, text) => {
      expect(parse({ [name]: text })).toEqual([]);
    });

    it('ignores skip, limit and sort_by, which paging and sorting read', () => {
      expect(parse({ skip: 'eq:1', limit: 'eq:1', sort_by: 'eq:1' })).toEqual([]);
    });

    it('ignores an unknown parameter whose value is not a string', () => {
      expect(parse({ nope: { eq: '1' }, other: undefined })).toEqual([]);
    });
  });
});
