import { describe, expect, it } from '@jest/globals';
import { PostureErrors } from '../application/posture-errors.js';
import { readCreatedWindow } from './created-window.params.js';
import { apiErrorOfCall } from '@app/platform/testing';

/** The status and messages readCreatedWindow throws for a query. */
function refusal(query: Record<string, unknown>): { status: number; messages: readonly string[] } {
  const error = apiErrorOfCall(() => readCreatedWindow(query));
  return { status: error.status, messages: error.messages };
}

describe('readCreatedWindow', () => {
  it('answers an open window without from and to', () => {
    expect(readCreatedWindow({ sort_by: 'id', domain_sid: 'eq:S-1' })).toEqual({});
  });

  it('reads both bounds as UTC instants', () => {
    expect(readCreatedWindow({ from: '2025-01-01T00:00:00Z', to: '2025-01-02T03:04:05.52+02:00' }))
      .toEqual({ from: '2025-01-01T00:00:00Z', to: '2025-01-02T01:04:05.52Z' });
  });

  it('reads either bound alone', () => {
    expect(readCreatedWindow({ from: '2025-01-01T00:00:00Z' })).toEqual({ from: '2025-01-01T00:00:00Z' });
    expect(readCreatedWindow({ to: '2025-01-01T00:00:00Z' })).toEqual({ to: '2025-01-01T00:00:00Z' });
  });

  it('treats an empty bound as absent', () => {
    expect(readCreatedWindow({ from: '', to: '' })).toEqual({});
  });

  it('accepts equal bounds (both are inclusive)', () => {
    expect(readCreatedWindow({ from: '2025-01-01T00:00:00Z', to: '2025-01-01T00:00:00Z' }))
      .toEqual({ from: '2025-01-01T00:00:00Z', to: '2025-01-01T00:00:00Z' });
  });

  it.each(['yesterday', '2025-01-01', '2025-01-01 00:00:00Z', '2025-02-30T00:00:00Z', 'gte:2025-01-01T00:00:00Z'])(
    'answers 400 with the from message for from=%s',
    (text) => {
      expect(refusal({ from: text })).toEqual({ status: 400, messages: [PostureErrors.fromMalformed] });
    },
  );

  it.each(['tomorrow', '2025-01-01T25:00:00Z', '1735689600'])('answers 400 with the to message for to=%s', (text) => {
    expect(refusal({ to: text })).toEqual({ status: 400, messages: [PostureErrors.toMalformed] });
  });

  it('answers 400 with the malformed message when a bound is repeated', () => {
    expect(refusal({ from: ['2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z'] }))
      .toEqual({ status: 400, messages: [PostureErrors.fromMalformed] });
    expect(refusal({ to: ['2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z'] }))
      .toEqual({ status: 400, messages: [PostureErrors.toMalformed] });
  });

  it('answers 400 when to is before from', () => {
    expect(refusal({ from: '2025-01-02T00:00:00Z', to: '2025-01-01T23:59:59Z' }))
      .toEqual({ status: 400, messages: [PostureErrors.toBeforeFrom] });
  });

  it('compares bounds in microseconds, offsets applied', () => {
    expect(refusal({ from: '2025-01-01T00:00:00.000002Z', to: '2025-01-01T00:00:00.000001Z' }).messages)
      .toEqual([PostureErrors.toBeforeFrom]);
    expect(refusal({ from: '2025-01-01T01:00:00Z', to: '2025-01-01T01:30:00+01:00' }).messages)
      .toEqual([PostureErrors.toBeforeFrom]);
    expect(readCreatedWindow({ from: '2025-01-01T00:00:00.5Z', to: '2025-01-01T00:00:00.500001Z' }))
      .toEqual({ from: '2025-01-01T00:00:00.5Z', to: '2025-01-01T00:00:00.500001Z' });
  });

  it('checks from before to', () => {
    expect(refusal({ from: 'bad', to: 'bad' }).messages).toEqual([PostureErrors.fromMalformed]);
  });
});
