import { describe, expect, it } from '@jest/globals';
import { readEventBody } from './event-bodies.js';
import { apiErrorOfCall } from '@app/platform/testing';

const CLIENT = '11111111-1111-4111-8111-111111111111';

function refusal(body: unknown, requireClientId = true): string {
  return apiErrorOfCall(() => readEventBody(body, requireClientId)).messages[0];
}

describe('readEventBody', () => {
  it('reads every field, with defaults for absent and null ones', () => {
    expect(readEventBody({ client_id: CLIENT.toUpperCase(), dc_registry_collection: true, title: null }, true)).toEqual({
      clientId: CLIENT, title: '', rrule: '', sessionCollection: false, localGroupCollection: false, adStructureCollection: false,
      certServicesCollection: false, caRegistryCollection: false, dcRegistryCollection: true, allTrustedDomains: false, ous: [], domains: [],
    });
  });

  it('upper-cases, trims and de-duplicates objectids', () => {
    expect(readEventBody({ client_id: CLIENT, ous: ['ou-1', ' OU-1 ', 'ou-2'], domains: ['s-1-5-21-1'] }, true)).toMatchObject({
      ous: ['OU-1', 'OU-2'], domains: ['S-1-5-21-1'],
    });
  });

  it('leaves client_id out of an update that does not give it', () => {
    expect(readEventBody({}, false).clientId).toBeUndefined();
  });

  it.each([
    [[], 'error unmarshalling JSON payload'],
    ['text', 'error unmarshalling JSON payload'],
    [null, 'error unmarshalling JSON payload'],
    [{}, 'client_id is required'],
    [{ client_id: 'abc' }, 'client_id must be a uuid'],
    [{ client_id: CLIENT, title: ['x'] }, 'title must be a string'],
    [{ client_id: CLIENT, rrule: {} }, 'rrule must be a string'],
    [{ client_id: CLIENT, rrule: 'FREQ=DAILY\u0000' }, 'rrule must not contain NUL characters'],
    [{ client_id: CLIENT, cert_services_collection: 'true' }, 'cert_services_collection must be a boolean'],
    [{ client_id: CLIENT, ous: [null] }, 'ous must be an array of objectids (non-empty strings of at most 256 characters)'],
    [{ client_id: CLIENT, domains: ['x'.repeat(257)] }, 'domains must be an array of objectids (non-empty strings of at most 256 characters)'],
    [{ client_id: CLIENT, domains: Array(1001).fill('D') }, 'domains may name at most 1000 objects'],
  ])('refuses %j: %s', (body, message) => {
    expect(refusal(body)).toBe(message);
  });
});
