import { describe, expect, it } from '@jest/globals';
import { BodyReader } from '@app/platform';
import { apiErrorOfCall } from '@app/platform/testing';
import { NAMED_FIELDS, objectIds, objectIdsOf, text } from './bodies.js';

function refusal(read: () => unknown): string {
  const error = apiErrorOfCall(read);
  expect(error.status).toBe(400);
  return error.messages[0];
}

const UNMARSHAL = 'error unmarshalling JSON payload';
const OBJECT_IDS = 'an array of objectids (non-empty strings of at most 256 characters)';

describe('collection bodies', () => {
  it('names the field of the wrong type, with the prefix of a nested object', () => {
    expect(refusal(() => BodyReader.of({ a: 1 }, NAMED_FIELDS).string('a'))).toBe('a must be a string');
    expect(refusal(() => BodyReader.of({ a: 'true' }, NAMED_FIELDS).boolean('a'))).toBe('a must be a boolean');
    const nested = { ...NAMED_FIELDS, prefix: 'list[2].' };
    expect(refusal(() => BodyReader.of({ a: 1 }, nested).nullableString('a'))).toBe('list[2].a must be a string');
    const wrongNumber = BodyReader.of({}, nested).wrongType('n', 'a number');
    expect(refusal(() => { throw wrongNumber; })).toBe('list[2].n must be a number');
  });

  it('answers a wrong type as Go\'s decoder does by default; NUL and length still name the field', () => {
    const body = BodyReader.of({ a: 1, b: true, c: 'x\u0000', d: 'dddd' });
    expect(refusal(() => text(body, 'a'))).toBe(UNMARSHAL);
    expect(refusal(() => body.nullableString('b'))).toBe(UNMARSHAL);
    expect(refusal(() => body.boolean('a'))).toBe(UNMARSHAL);
    expect(refusal(() => text(body, 'c'))).toBe('c must not contain NUL characters');
    expect(refusal(() => text(body, 'd', 3))).toBe('d is limited to 3 characters');
  });

  it('caps text in code points', () => {
    const body = BodyReader.of({ smile: '\u{1F600}'.repeat(3), word: 'four' }, NAMED_FIELDS);
    expect(text(body, 'smile', 3)).toBe('\u{1F600}'.repeat(3));
    expect(refusal(() => text(body, 'word', 3))).toBe('word is limited to 3 characters');
  });

  it('reads null and absent text as absent', () => {
    expect([text(BodyReader.of({ a: null }), 'a'), text(BodyReader.of({}), 'a')]).toEqual([undefined, undefined]);
  });
});

describe('objectIds', () => {
  it('trims, upper-cases and de-duplicates, first position kept', () => {
    expect(objectIds(['ou-b', ' ou-a ', 'OU-B'], 'ous')).toEqual(['OU-B', 'OU-A']);
    expect(objectIds(undefined, 'ous')).toEqual([]);
    expect(objectIds(null, 'ous')).toEqual([]);
    expect(objectIds(['x'.repeat(256)], 'ous')).toEqual(['X'.repeat(256)]);
  });

  it.each([
    ['OU-A', `ous must be ${OBJECT_IDS}`],
    [[1], `ous must be ${OBJECT_IDS}`],
    [[''], `ous must be ${OBJECT_IDS}`],
    [['  '], `ous must be ${OBJECT_IDS}`],
    [['x'.repeat(257)], `ous must be ${OBJECT_IDS}`],
    [['a\u0000'], `ous must be ${OBJECT_IDS}`],
    [Array.from({ length: 1001 }, (_, i) => `OU-${i}`), 'ous may name at most 1000 objects'],
  ])('refuses %j', (value, message) => {
    expect(refusal(() => objectIds(value, 'ous'))).toBe(message);
  });

  it('reads absent or null as none through a body', () => {
    expect([objectIdsOf(BodyReader.of({ a: null }), 'a'), objectIdsOf(BodyReader.of({}), 'a')]).toEqual([[], []]);
  });

  it('names the field with the body\'s prefix when read through a body', () => {
    const body = BodyReader.of({ domains: 'x' }, { ...NAMED_FIELDS, prefix: 'scope.' });
    expect(refusal(() => objectIdsOf(body, 'domains'))).toBe(`scope.domains must be ${OBJECT_IDS}`);
  });
});
