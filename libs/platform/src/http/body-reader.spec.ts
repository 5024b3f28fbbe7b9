import { describe, expect, it } from '@jest/globals';
import { apiErrorOfCall } from '../testing/api-error-of.js';
import { ApiError } from '../common/api-error.js';
import { BodyReader } from './body-reader.js';

function refusal(read: () => unknown): string {
  const error = apiErrorOfCall(read);
  expect(error.status).toBe(400);
  return error.messages[0];
}

const UNMARSHAL = 'error unmarshalling JSON payload';
const named = { wrongType: (label: string, expected: string) => ApiError.badRequest(`${label} must be ${expected}`) };
const own = (message: string) => () => ApiError.badRequest(message);

describe('BodyReader.of', () => {
  it.each([[[]], ['text'], [null], [undefined], [5]])('refuses %j: not a JSON object', (raw) => {
    expect(refusal(() => BodyReader.of(raw))).toBe(UNMARSHAL);
  });

  it('answers a body that is not an object with the caller\'s error when given', () => {
    expect(refusal(() => BodyReader.of([], { notObject: own('JSON malformed.') }))).toBe('JSON malformed.');
  });

  it('matches exact names unless keys are case-folded; of two spellings the later wins', () => {
    expect(BodyReader.of({ Name: 'a' }).string('name')).toBeUndefined();
    expect(BodyReader.of({ Name: 'a' }, { foldCase: true }).string('name')).toBe('a');
    expect(BodyReader.of({ name: 'a', NAME: 'b' }, { foldCase: true }).string('name')).toBe('b');
  });

  it('reads null as absent, except through nullableString', () => {
    const body = BodyReader.of({ a: null, b: 'x' });
    expect([body.value('a'), body.string('a'), body.boolean('a'), body.number('a'), body.int32('a'), body.array('a')])
      .toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect([body.nullableString('a'), body.nullableString('b'), body.nullableString('c')])
      .toEqual([null, 'x', undefined]);
  });

  it('never reads inherited properties', () => {
    expect(BodyReader.of({}).value('constructor')).toBeUndefined();
  });
});

describe('BodyReader readers', () => {
  it('reads each JSON type as sent, NUL included', () => {
    const body = BodyReader.of({ s: 'x\u0000', t: true, f: false, n: 1.5, i: -7, a: [1, 'x'] });
    expect([body.string('s'), body.nullableString('s'), body.boolean('t'), body.boolean('f')])
      .toEqual(['x\u0000', 'x\u0000', true, false]);
    expect([body.number('n'), body.int32('i'), body.array('a')]).toEqual([1.5, -7, [1, 'x']]);
  });

  it('answers a wrong type with error unmarshalling JSON payload by default', () => {
    const body = BodyReader.of({ a: 1, b: 'x', c: {} });
    expect(refusal(() => body.string('a'))).toBe(UNMARSHAL);
    expect(refusal(() => body.nullableString('a'))).toBe(UNMARSHAL);
    expect(refusal(() => body.boolean('b'))).toBe(UNMARSHAL);
    expect(refusal(() => body.number('b'))).toBe(UNMARSHAL);
    expect(refusal(() => body.array('c'))).toBe(UNMARSHAL);
  });

  it.each([[1.5], [2 ** 31], [-(2 ** 31) - 1], ['1']])('refuses %j as an int32', (value) => {
    expect(refusal(() => BodyReader.of({ a: value }).int32('a'))).toBe(UNMARSHAL);
  });

  it('reads the int32 bounds', () => {
    const bounds = [2 ** 31 - 1, -(2 ** 31)];
    expect(bounds.map((bound) => BodyReader.of({ a: bound }).int32('a'))).toEqual(bounds);
  });

  it('hands the body\'s wrong-type error the label, with the prefix, and what the field must be', () => {
    const body = BodyReader.of({ a: 1, b: 'x', c: 'x', d: 1 }, { ...named, prefix: 'list[2].' });
    expect(refusal(() => body.string('a'))).toBe('list[2].a must be a string');
    expect(refusal(() => body.boolean('b'))).toBe('list[2].b must be a boolean');
    expect(refusal(() => body.number('c'))).toBe('list[2].c must be a number');
    expect(refusal(() => body.array('d'))).toBe('list[2].d must be an array');
    expect(body.label('a')).toBe('list[2].a');
  });

  it('answers a field\'s own wrong-type error instead of the body\'s', () => {
    expect(refusal(() => BodyReader.of({ a: 'x' }, named).number('a', { wrongType: own('bad a') }))).toBe('bad a');
  });

  it('answers a required field that is absent or null with its missing error', () => {
    const required = { missing: own('a is required') };
    expect(refusal(() => BodyReader.of({}).string('a', required))).toBe('a is required');
    expect(refusal(() => BodyReader.of({ a: null }).array('a', required))).toBe('a is required');
    expect(refusal(() => BodyReader.of({ a: 1 }).string('a', required))).toBe(UNMARSHAL);
    expect(BodyReader.of({ a: 'x' }).string('a', required)).toBe('x');
  });
});
