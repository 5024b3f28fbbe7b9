/**
 * The malformed values a fuzz run draws from. Path and query values are wire text (already percent-encoded where a
 * raw byte could not travel in a request line); body values are JavaScript values or raw JSON text.
 */

/** The number one past int64's range, and one that overflows a double: JSON text no JSON.stringify can write. */
export const INT64_OVERFLOW = '9223372036854775808';
export const DOUBLE_OVERFLOW = '1e400';

const LONG_SEGMENT = 'a'.repeat(300);

/** Path ids every path parameter is sent (the uuid/int swap is added per parameter). */
export const PATH_IDS = ['0', '-1', INT64_OVERFLOW, 'abc', '..%2f', LONG_SEGMENT];
/** Further path ids, a few drawn per parameter. */
export const MORE_PATH_IDS = [
  '1.5', '1e3', '%20', '+1', '0x10', '2147483648', '-9223372036854775809', '%F0%9F%92%A9', '%ff', '%', '..', '.',
  'null', 'true', '%5B%5D', '%7B%7D', "'%20OR%201=1--", 'S-1-5-21-0-500', '%2e%2e', '%252e', '1;1',
];
/** NUL, control characters, lone surrogates (CESU-8) and an overlong NUL, as path or query text. */
export const NUL_TEXTS = ['%00', 'a%00b', '1%00', '%01%1F%7F', '%ED%A0%80', 'x%ED%BF%BF', '%C0%80', '%0A%0D'];

/** Query values by the declared parameter type. */
export const QUERY_VALUES: Record<'number' | 'boolean' | 'other', readonly string[]> = {
  number: ['-1', INT64_OVERFLOW, DOUBLE_OVERFLOW, 'abc', '', '1.5', 'NaN', 'Infinity', '-0', '0x1F', '99999999999999999999999', '%201'],
  boolean: ['maybe', '', 'TRUE', '2', 'null', 'yes', '%20true'],
  other: ['', LONG_SEGMENT, '%ff', '*', "'", '%5C', '%25', 'eq:', 'in:a,b', '%22%3E%3Cx', 'MATCH%20(n)%20RETURN%20n'],
};

/** Filter predicates with bad operators or values (`column=<value>`). */
export const FILTER_VALUES = [
  'eq:', 'neq:', 'gt:abc', `lt:${INT64_OVERFLOW}`, `gte:${DOUBLE_OVERFLOW}`, 'lte:-1', 'like:x', '~eq:', '~eq:%25_%5C',
  'in:', 'in:,', 'in:a,,b', `in:${Array.from({ length: 500 }, (_, i) => i).join(',')}`, 'eq:null', 'neq:null',
  'gt:2024-13-45T99:99:99Z', `eq:${LONG_SEGMENT}`, 'bogus:1', 'eq:true', 'eq:00000000-0000-0000-0000-00000000000g',
  'eq:-9223372036854775809', 'gt:9999-12-31T23:59:59.999999999Z', 'gt:0001-01-01T00:00:00Z', 'lt:-infinity',
  'eq:NaN', 'eq:1e-400', 'eq:%ff', 'eq', ':', 'eq:a:b', '~eq:' + '%25'.repeat(100), 'eq:2147483648', 'gt:-2147483649',
  'lte:9223372036854775807', 'gt:0000-01-01T00:00:00Z', 'lt:294277-01-01T00:00:00Z', 'gte:2024-01-01T00:00:00%2B99:99',
  'eq:2024-01-01T24:00:00Z', 'lt:9999-12-31T23:59:60Z', "eq:'%20OR%20'1'='1", '~eq:%27%3B--', 'eq:$1', 'in:1,2147483648',
];
/** Filter predicates carrying NUL or a lone surrogate. */
export const NUL_FILTER_VALUES = ['eq:%00', '~eq:%00', 'in:a,%00', 'eq:%ED%A0%80', 'neq:a%00b', 'gt:%00'];

/** sort_by values naming no column, or malformed. */
export const SORT_VALUES = ['zzz_unknown', '-', '', '--id', '-zzz_unknown', 'id;DROP%20TABLE%20x', 'id%20desc', LONG_SEGMENT, '%ff'];
/** skip and limit values: negative, out of int64, not integers. */
export const PAGING_VALUES = ['-1', INT64_OVERFLOW, '99999999999999999999', 'abc', '', '1e3', '0x10', '%201', '1.0', '-0', '-9223372036854775809'];

/** Values of a header parameter the document declares (a file name, ...): empty, long, paths, Latin-1. */
export const HEADER_VALUES = ['', 'A'.repeat(300), 'x'.repeat(4000), '../../etc/passwd', '..\\..\\boot.ini', ' spaced ', 'caf\u00e9.json', '%00', 'a;b=c, d'];

/** Prefer header values that are not a valid `wait=N`. */
export const PREFER_VALUES = ['wait=garbage', 'wait=-1', 'wait=1e9', 'wait=', 'wait=99999999999999999999', 'wait=1.5', 'wait=5, wait=x', 'wait', '=;,', 'wait="5"'];

/** Authorization values that must not authenticate anyone. */
export const AUTHORIZATION_VALUES = [
  '', 'Bearer', 'Bearer ', 'Bearer  x', 'Bearer a b', 'Basic YWRtaW46eA==', `Bearer ${'A'.repeat(8000)}`,
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'Bearer eyJ.eyJ.sig', 'bhesignature', 'bhesignature not-a-uuid',
  'Digest x', 'Bearer %00', 'bhesignature 00000000-0000-4000-8000-00000000dead',
];
/** RequestDate values sent with a `bhesignature` Authorization of a real token. */
export const REQUEST_DATE_VALUES = [
  'garbage', '', '2024-13-01T00:00:00Z', '9999-12-31T23:59:59Z', '1970-01-01T00:00:00Z', 'A'.repeat(300),
  '2024-01-01T00:00:00.1234567891234Z', '+275760-09-13T00:00:00Z', '2024-02-30T00:00:00Z', '-000001-01-01T00:00:00Z',
];
/** Signature values sent with a fresh RequestDate. */
export const SIGNATURE_VALUES = ['garbage', '', '!!!', 'A'.repeat(1000), '====', 'AAAA'];

/** Timestamps at or past the edges of what PostgreSQL can store, or not quite RFC 3339. */
export const TIMESTAMP_VALUES = [
  '0000-01-01T00:00:00Z', '294277-01-01T00:00:00Z', '9999-12-31T23:59:60Z', '2024-01-01T24:00:00Z',
  '2024-01-01T00:00:00+99:99', '-4714-11-24T00:00:00Z', '2024-02-30T00:00:00Z', '2024-01-01', '1e400', '',
];
/** What replaces the numbers inside an example text (an RRULE's INTERVAL, a DTSTART year, ...). */
export const NUMBERS_IN_TEXT = ['0', '-1', '2147483648', '99999999999999999999', '1e400', '00000000000000000001'];
/** Integers past int32 or double precision: ids and counters a 32-bit column cannot hold. */
export const INT_BOUNDARY_TOKENS = ['2147483648', '-2147483649', '4294967296', '9007199254740993', '9223372036854775807'];

/** One megabyte of text. */
export const HUGE_STRING = 'A'.repeat(1024 * 1024);
/** Ten kilobytes: past PostgreSQL's largest btree index entry (2,704 bytes). */
export const LONG_STRING = 'B'.repeat(10 * 1024);
/** Strings with NUL, control characters, lone surrogates and other odd code points. */
export const NUL_STRINGS = ['a\u0000b', '\u0000', '\u0001\u001f\u007f\u0085', '\ud800', '\udfffx', 'x\ud800\ud800', '\u2028\u2029', '\uffff\ufffe'];
/** Number tokens out of int64 or double range, or at their edges. */
export const NUMBER_TOKENS = [
  INT64_OVERFLOW, DOUBLE_OVERFLOW, '-1e400', '18446744073709551616', '-9223372036854775809', '1e-400',
  '123456789012345678901234567890', '-0', '1.0000000000000000001', '2147483648',
];
/** JSON text that does not parse. */
export const TRUNCATED_JSON = ['{', '{"', '[1,', '{"a":1,}', "{'a':1}", 'NaN', '{"a":01}', '{"a":"\\x"}', '"unterminated', '\ufeff{"a":1,}'];
/** Well-formed JSON of the wrong top-level type. */
export const TOP_LEVEL_VALUES = ['[]', '"text"', '42', 'null', 'true', '{}', '[{}]'];
