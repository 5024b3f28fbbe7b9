import { describe, expect, it } from '@jest/globals';
import { BodyFields, objectIds } from './body-fields.js';
import { apiErrorOfCall } from '@app/platform/testing';

function refusal(read: () => unknown): string {
  const error = apiErrorOfCall(read);
  expect(error.status).toBe(400);
  return error.messages[0];
}

const UNMARSHAL = 'error unmarshalling JSON payload';
const OBJECT_IDS = 'an array of objectids (non-empty strings of at most 256 characters)';

describe('BodyFields.of', () => {
  it.each([[[]], ['text'], [null], [undefined], [5]])('refuses %j: not a JSON object', (raw) => {
    expect(refusal(() => BodyFields.of(raw))).toBe(UNMARSHAL);
  });

  it('matches exact names unless keys are case-folded; of two spellings the later wins', () => {
    expect(BodyFields.of({ Name: 'a' }).string('name')).toBeUndefined();
    expect(BodyFields.of({ Name: 'a' }, { foldCase: true }).string('name')).toBe('a');
    expect(BodyFields.of({ name: 'a', NAME: 'b' }, { foldCase: true }).string('name')).toBe('b');
  });

  it('reads null as absent, except through nullableString', () => {
    const fields = BodyFields.of({ a: null, b: 'x' });
    expect([fields.value('a'), fields.string('a'), fields.boolean('a'), fields.objectIds('a')]).toEqual([undefined, undefined, undefined, []]);
    expect([fields.nullableString('a'), fields.nullableString('b'), fields.nullableString('c')]).toEqual([null, 'x', undefined]);
  });
});

describe('BodyFields readers', () => {
  it('names the field of the wrong type, with the prefix of a nested object', () => {
    expect(refusal(() => BodyFields.of({ a: 1 }).string('a'))).toBe('a must be a string');
    expect(refusal(() => BodyFields.of({ a: 'true' }).boolean('a'))).toBe('a must be a boolean');
    expect(refusal(() => BodyFields.of({ a: 1 }, { prefix: 'list[2].' }).nullableString('a'))).toBe('list[2].a must be a string');
    expect(BodyFields.of({}, { prefix: 'list[2].' }).wrongType('n', 'a number').messages[0]).toBe('list[2].n must be a number');
  });

  it('answers a wrong type as Go\'s decoder does in the unmarshal convention; NUL and length still name the field', () => {
    const fields = BodyFields.of({ a: 1, b: true, c: 'x\u0000', d: 'dddd' }, { wrongType: 'unmarshal' });
    expect(refusal(() => fields.string('a'))).toBe(UNMARSHAL);
    expect(refusal(() => fields.nullableString('b'))).toBe(UNMARSHAL);
    expect(refusal(() => fields.boolean('a'))).toBe(UNMARSHAL);
    expect(refusal(() => fields.string('c'))).toBe('c must not contain NUL characters');
    expect(refusal(() => fields.string('d', { max: 3 }))).toBe('d is limited to 3 characters');
  });

  it('caps strings in code points', () => {
    const fields = BodyFields.of({ smile: '\u{1F600}'.repeat(3), word: 'four' });
    expect(fields.string('smile', { max: 3 })).toBe('\u{1F600}'.repeat(3));
    expect(refusal(() => fields.string('word', { max: 3 }))).toBe('word is limited to 3 characters');
    expect(refusal(() => fields.nullableString('word', { max: 3 }))).toBe('word is limited to 3 characters');
  });

  it('leaves NUL to the caller when asked', () => {
    expect(BodyFields.of({ a: 'x\u0000' }).string('a', { allowNul: true })).toBe('x\u0000');
    expect(BodyFields.of({ a: 'x\u0000' }).nullableString('a', { allowNul: true })).toBe('x\u0000');
  });

  it('reads booleans', () => {
    expect(BodyFields.of({ a: false, b: true }).boolean('a')).toBe(false);
    expect(BodyFields.of({ a: false, b: true }).boolean('b')).toBe(true);
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

  it('names the field with the body\'s prefix when read through BodyFields', () => {
    expect(refusal(() => BodyFields.of({ domains: 'x' }, { prefix: 'scope.' }).objectIds('domains'))).toBe(`scope.domains must be ${OBJECT_IDS}`);
  });
});
