import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../common/api-error.js';
import { defineListSpec } from './list-spec.js';
import { parsePaging } from './parse-paging.js';
import type { RawQuery } from './query.params.js';
import type { ListSpec } from './types.js';

const base: ListSpec = {
  filters: {},
  sortable: {},
  defaultSort: [{ sql: 'u.id', direction: 'ASC' }],
};
const houseDefaults = defineListSpec(base);
const tags = defineListSpec({ ...base, defaultLimit: 50, maxLimit: 200 });

const parse = (query: RawQuery, spec: ListSpec = houseDefaults) => parsePaging(spec, query);

function rejection(run: () => unknown): { status: number; message: string | undefined } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, message: error.messages[0] };
  }
  throw new Error('expected an ApiError');
}

describe('skip and limit', () => {
  it('defaults to skip 0 and limit 100', () => {
    expect(parse({})).toEqual({ skip: 0, limit: 100 });
  });

  it('uses the spec default limit', () => {
    expect(parse({}, tags)).toEqual({ skip: 0, limit: 50 });
  });

  it('treats empty values as absent', () => {
    expect(parse({ skip: '', limit: '' })).toEqual({ skip: 0, limit: 100 });
  });

  it('reads integers the way Go strconv.Atoi does', () => {
    expect(parse({ skip: '20', limit: '10' })).toEqual({ skip: 20, limit: 10 });
    expect(parse({ skip: '+3', limit: '007' })).toEqual({ skip: 3, limit: 7 });
    expect(parse({ skip: '-0' })).toEqual({ skip: 0, limit: 100 });
  });

  it('reads limit 0 as the default limit', () => {
    expect(parse({ limit: '0' }, tags)).toEqual({ skip: 0, limit: 50 });
  });

  it('clamps a limit above the maximum instead of rejecting it', () => {
    expect(parse({ limit: '5000' })).toEqual({ skip: 0, limit: 1000 });
    expect(parse({ limit: '1000' })).toEqual({ skip: 0, limit: 1000 });
    expect(parse({ limit: '201' }, tags)).toEqual({ skip: 0, limit: 200 });
    expect(parse({ limit: '9223372036854775807' })).toEqual({ skip: 0, limit: 1000 });
  });

  it('caps a skip beyond 2^53, which can only give an empty page', () => {
    expect(parse({ skip: '9223372036854775807' })).toEqual({ skip: Number.MAX_SAFE_INTEGER, limit: 100 });
  });

  it('uses the first value of a repeated parameter', () => {
    expect(parse({ skip: ['5', 'x'], limit: ['7', '-1'] })).toEqual({ skip: 5, limit: 7 });
  });

  it('answers 400 when skip is not an integer', () => {
    expect(rejection(() => parse({ skip: 'abc' }))).toEqual({
      status: 400,
      message:
        'query parameter "skip" is malformed: error converting skip value abc to int: ' +
        'strconv.Atoi: parsing "abc": invalid syntax',
    });
  });

  it('answers 400 when limit is not an integer', () => {
    expect(rejection(() => parse({ limit: '1.5' }))).toEqual({
      status: 400,
      message:
        'query parameter "limit" is malformed: error converting limit value 1.5 to int: ' +
        'strconv.Atoi: parsing "1.5": invalid syntax',
    });
  });

  it('quotes the value inside the Atoi text as Go does', () => {
    expect(rejection(() => parse({ skip: 'a"b\\c\nd\u0001' }))).toEqual({
      status: 400,
      message:
        'query parameter "skip" is malformed: error converting skip value a"b\\c\nd\u0001 to int: ' +
        'strconv.Atoi: parsing "a\\"b\\\\c\\nd\\x01": invalid syntax',
    });
  });

  it('answers 400 with Go\'s range text when skip does not fit int64', () => {
    expect(rejection(() => parse({ skip: '9223372036854775808' }))).toEqual({
      status: 400,
      message:
        'query parameter "skip" is malformed: error converting skip value 9223372036854775808 to int: ' +
        'strconv.Atoi: parsing "9223372036854775808": value out of range',
    });
  });

  it('answers 400 when skip is negative', () => {
    expect(rejection(() => parse({ skip: '-1' }))).toEqual({
      status: 400,
      message: 'query parameter "skip" is malformed: invalid skip: -1',
    });
  });

  it('answers 400 when limit is negative, printing the parsed number', () => {
    expect(rejection(() => parse({ limit: '-05' }))).toEqual({
      status: 400,
      message: 'query parameter "limit" is malformed: invalid limit: -5',
    });
  });

  it('checks skip before limit', () => {
    expect(rejection(() => parse({ limit: 'x', skip: '-1' }))).toEqual({
      status: 400,
      message: 'query parameter "skip" is malformed: invalid skip: -1',
    });
  });

  it('answers 400 for a nested-object skip', () => {
    expect(rejection(() => parse({ skip: { a: '1' } }))).toEqual({
      status: 400,
      message: 'there are errors in the query parameter filters specified',
    });
  });
});
