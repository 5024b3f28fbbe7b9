import { describe, expect, it } from '@jest/globals';
import { ErrorMessages } from '@app/platform';
import { readCreateClientBody, readUpdateClientBody } from './client-bodies.js';
import { apiErrorOfCall } from '@app/platform/testing';

function refusal(read: () => unknown): { status: number; messages: readonly string[] } {
  const error = apiErrorOfCall(read);
  return { status: error.status, messages: error.messages };
}

const UNMARSHAL = { status: 400, messages: [ErrorMessages.unmarshalJson] };

describe('readCreateClientBody', () => {
  it('reads name, type and domain_controller, ignoring unknown fields', () => {
    expect(readCreateClientBody({ name: 'c1', type: 'azurehound', domain_controller: 'dc01', events: [{}], extra: 1 }))
      .toEqual({ name: 'c1', type: 'azurehound', domainController: 'dc01' });
  });

  it('leaves absent (or null) fields undefined for the commands to judge', () => {
    expect(readCreateClientBody({})).toEqual({ name: undefined, type: undefined, domainController: undefined });
    expect(readCreateClientBody({ name: null, type: null, domain_controller: null }))
      .toEqual({ name: undefined, type: undefined, domainController: null });
  });

  it.each([['an array', []], ['a string', 'c1'], ['a number', 5], ['null', null], ['no body', undefined]])(
    'answers 400 unmarshalling for %s instead of an object',
    (_case, body) => {
      expect(refusal(() => readCreateClientBody(body))).toEqual(UNMARSHAL);
    },
  );

  it.each([{ name: 5 }, { name: ['c1'] }, { type: true }, { domain_controller: 1 }, { domain_controller: {} }])(
    'answers 400 unmarshalling for a field of the wrong JSON type: %j',
    (body) => {
      expect(refusal(() => readCreateClientBody({ name: 'c1', type: 'sharphound', ...body }))).toEqual(UNMARSHAL);
    },
  );
});

describe('client bodies and NUL', () => {
  it('passes NUL on for ClientCommands to refuse in its own order', () => {
    expect(readCreateClientBody({ name: 'a\u0000', type: 'sharp\u0000hound', domain_controller: 'dc\u0000' }))
      .toEqual({ name: 'a\u0000', type: 'sharp\u0000hound', domainController: 'dc\u0000' });
    expect(readUpdateClientBody({ name: 'a\u0000', domain_controller: 'dc\u0000' })).toEqual({ name: 'a\u0000', domainController: 'dc\u0000' });
  });
});

describe('readUpdateClientBody', () => {
  it('tells an absent domain_controller (unchanged) from null (cleared)', () => {
    expect(readUpdateClientBody({ name: 'n' })).toEqual({ name: 'n', domainController: undefined });
    expect(readUpdateClientBody({ domain_controller: null })).toEqual({ name: undefined, domainController: null });
  });

  it('ignores type and unknown fields', () => {
    expect(readUpdateClientBody({ type: 'azurehound', provided_identifier: 'x' })).toEqual({ name: undefined, domainController: undefined });
  });

  it('answers 400 unmarshalling for a non-object body or a wrong field type', () => {
    expect(refusal(() => readUpdateClientBody([]))).toEqual(UNMARSHAL);
    expect(refusal(() => readUpdateClientBody({ name: 1 }))).toEqual(UNMARSHAL);
  });
});
