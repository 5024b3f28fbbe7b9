import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../common/api-error.js';
import { ParseIdPipe } from './id.params.js';

function failure(pipe: ParseIdPipe, value: string): ApiError {
  try {
    pipe.transform(value);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error(`accepted ${value}`);
}

describe('ParseIdPipe', () => {
  it('accepts int32 ids up to 2^31-1', () => {
    expect(new ParseIdPipe('int32').transform('2147483647')).toBe(2147483647);
  });

  it.each(['abc', '-1', '1.5', '2147483648', '', '1e3', ' 1'])('answers 400 id is malformed for int32 %p', (value) => {
    const error = failure(new ParseIdPipe('int32'), value);
    expect(error.status).toBe(400);
    expect(error.messages).toEqual(['id is malformed']);
  });

  it('answers 404 id is malformed where the route says so', () => {
    expect(failure(new ParseIdPipe('int32', 404), 'x').status).toBe(404);
  });

  it('answers 404 id is malformed for an int64 id where the route says so', () => {
    const error = failure(new ParseIdPipe('int64', 404), '9223372036854775808');
    expect(error.status).toBe(404);
    expect(error.messages).toEqual(['id is malformed']);
  });

  it('keeps int64 ids exact as strings', () => {
    expect(new ParseIdPipe('int64').transform('9223372036854775807')).toBe('9223372036854775807');
    expect(failure(new ParseIdPipe('int64'), '9223372036854775808').messages).toEqual(['id is malformed']);
  });

  it('lower-cases uuids and refuses anything else', () => {
    expect(new ParseIdPipe('uuid').transform('A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11')).toBe('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11');
    expect(failure(new ParseIdPipe('uuid'), 'not-a-uuid').status).toBe(400);
  });
});
