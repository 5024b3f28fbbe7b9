import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../common/api-error.js';
import { INT16_MAX, INT16_MIN, INT64_MAX, INT64_MIN } from '../common/int-bounds.js';
import { parseColumnValue } from './column-value.js';
import type { ColumnSpec } from './types.js';

const BAD_FILTER = { status: 400, message: 'there are errors in the query parameter filters specified' };

function column(type: ColumnSpec['type'], extra: Partial<ColumnSpec> = {}): ColumnSpec {
  return { type, sql: 'x', ...extra };
}

function rejection(run: () => unknown): { status: number; message: string | undefined } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, message: error.messages[0] };
  }
  throw new Error('expected an ApiError');
}

describe('parseColumnValue', () => {
  describe('string', () => {
    it.each(['', 'plain', 'with:colon', '50% off_x\\y', 'ünïcødé 🚀', '  spaced  '])('keeps %j as it is', (raw) => {
      expect(parseColumnValue(column('string'), raw)).toBe(raw);
    });

    it('answers 400 for a NUL character, which PostgreSQL text cannot hold', () => {
      expect(rejection(() => parseColumnValue(column('string'), 'a\u0000b'))).toEqual(BAD_FILTER);
    });
  });

  describe('integer', () => {
    it.each([
      ['0', '0'], ['42', '42'], ['-7', '-7'], ['007', '7'], ['-0', '0'],
      ['2147483647', '2147483647'], ['-2147483648', '-2147483648'],
    ])('binds %s as the decimal string %s', (raw, bound) => {
      expect(parseColumnValue(column('integer'), raw)).toBe(bound);
    });

    it.each(['', 'abc', '1.5', '1e3', '+1', ' 1', '1 ', '0x10', '١٢', '2147483648', '-2147483649'])(
      'answers 400 for %j on an int32 column',
      (raw) => {
        expect(rejection(() => parseColumnValue(column('integer'), raw))).toEqual(BAD_FILTER);
      },
    );

    it('binds int64 bounds exactly when the column declares them', () => {
      const int64 = column('integer', { min: INT64_MIN, max: INT64_MAX });
      expect(parseColumnValue(int64, '9223372036854775807')).toBe('9223372036854775807');
      expect(parseColumnValue(int64, '-9223372036854775808')).toBe('-9223372036854775808');
      expect(rejection(() => parseColumnValue(int64, '9223372036854775808'))).toEqual(BAD_FILTER);
    });

    it('answers 400 outside a narrower declared range', () => {
      const smallint = column('integer', { min: 0n, max: 10n });
      expect(parseColumnValue(smallint, '10')).toBe('10');
      expect(rejection(() => parseColumnValue(smallint, '11'))).toEqual(BAD_FILTER);
      expect(rejection(() => parseColumnValue(smallint, '-1'))).toEqual(BAD_FILTER);
    });

    it('answers 400 outside the int16 bounds of a smallint column', () => {
      const smallint = column('integer', { min: INT16_MIN, max: INT16_MAX });
      expect(parseColumnValue(smallint, '32767')).toBe('32767');
      expect(parseColumnValue(smallint, '-32768')).toBe('-32768');
      expect(rejection(() => parseColumnValue(smallint, '32768'))).toEqual(BAD_FILTER);
      expect(rejection(() => parseColumnValue(smallint, '-32769'))).toEqual(BAD_FILTER);
    });
  });

  describe('boolean', () => {
    it.each(['1', 't', 'T', 'TRUE', 'true', 'True'])('reads %s as true', (raw) => {
      expect(parseColumnValue(column('boolean'), raw)).toBe(true);
    });

    it.each(['0', 'f', 'F', 'FALSE', 'false', 'False'])('reads %s as false', (raw) => {
      expect(parseColumnValue(column('boolean'), raw)).toBe(false);
    });

    it.each(['', 'yes', 'tRUE', 'on', '2', 'constructor', 'toString'])('answers 400 for %j', (raw) => {
      expect(rejection(() => parseColumnValue(column('boolean'), raw))).toEqual(BAD_FILTER);
    });
  });

  describe('uuid', () => {
    it('accepts the canonical form in either case and binds it lower case', () => {
      const uuid = 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11';
      expect(parseColumnValue(column('uuid'), uuid)).toBe(uuid.toLowerCase());
    });

    it.each([
      'a0eebc999c0b4ef8bb6d6bb9bd380a11',
      '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}',
      'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1',
      'g0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
      'abc',
    ])('answers 400 for %s', (raw) => {
      expect(rejection(() => parseColumnValue(column('uuid'), raw))).toEqual(BAD_FILTER);
    });
  });

  describe('timestamp', () => {
    it('binds an RFC 3339 time as its UTC instant', () => {
      expect(parseColumnValue(column('timestamp'), '2025-07-08T17:00:00+02:00')).toBe('2025-07-08T15:00:00Z');
    });

    it.each(['2025-07-08', 'yesterday', '2025-02-30T00:00:00Z'])('answers 400 for %s', (raw) => {
      expect(rejection(() => parseColumnValue(column('timestamp'), raw))).toEqual(BAD_FILTER);
    });
  });
});
