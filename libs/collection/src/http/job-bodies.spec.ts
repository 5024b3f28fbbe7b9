import { describe, expect, it } from '@jest/globals';
import { JobStatus } from '../domain/job-status.js';
import { readAdHocJobBody, readCheckInBody, readEndBody, readStartBody } from './job-bodies.js';
import { apiErrorOfCall } from '@app/platform/testing';

function refusal(read: () => unknown): { status: number; message: string } {
  const error = apiErrorOfCall(read);
  return { status: error.status, message: error.messages[0] };
}

const OBJECT_IDS = 'an array of objectids (non-empty strings of at most 256 characters)';

const ZERO_COUNTS = {
  user_count: 0, group_count: 0, computer_count: 0, gpo_count: 0, ou_count: 0, container_count: 0, aiaca_count: 0,
  rootca_count: 0, enterpriseca_count: 0, ntauthstore_count: 0, certtemplate_count: 0, deleted_count: 0,
};

describe('readAdHocJobBody', () => {
  it('reads the flags, upper-cases and de-duplicates objectids, and defaults the rest', () => {
    expect(readAdHocJobBody({ session_collection: true, ous: ['ou-a', 'OU-A', ' ou-b '] })).toEqual({
      sessionCollection: true, localGroupCollection: false, adStructureCollection: false, certServicesCollection: false,
      caRegistryCollection: false, dcRegistryCollection: false, allTrustedDomains: false,
      ous: ['OU-A', 'OU-B'], domains: [], domainController: null,
    });
  });

  it('reads every flag, domains and the domain controller; null reads as absent', () => {
    const draft = readAdHocJobBody({
      local_group_collection: true, ad_structure_collection: true, cert_services_collection: true,
      ca_registry_collection: true, dc_registry_collection: true, all_trusted_domains: true, domains: ['s-1-5-21-9'],
      domain_controller: 'dc01.corp', ous: null, session_collection: null,
    });
    expect(draft).toMatchObject({
      sessionCollection: false, localGroupCollection: true, adStructureCollection: true, certServicesCollection: true,
      caRegistryCollection: true, dcRegistryCollection: true, allTrustedDomains: true, domains: ['S-1-5-21-9'],
      ous: [], domainController: 'dc01.corp',
    });
  });

  it('passes the domain controller on as sent (JobCommands trims and checks it), absent or null as null', () => {
    expect(readAdHocJobBody({ domain_controller: ' dc01 ' }).domainController).toBe(' dc01 ');
    expect(readAdHocJobBody({ domain_controller: '' }).domainController).toBe('');
    expect(readAdHocJobBody({ domain_controller: null }).domainController).toBeNull();
    expect(readAdHocJobBody({}).domainController).toBeNull();
  });

  it.each([
    [[], 'error unmarshalling JSON payload'],
    ['text', 'error unmarshalling JSON payload'],
    [{ session_collection: 'yes' }, 'session_collection must be a boolean'],
    [{ ous: 'OU-A' }, `ous must be ${OBJECT_IDS}`],
    [{ domains: [1] }, `domains must be ${OBJECT_IDS}`],
    [{ domains: [' '] }, `domains must be ${OBJECT_IDS}`],
    [{ domains: ['D'.repeat(257)] }, `domains must be ${OBJECT_IDS}`],
    [{ ous: ['a\u0000'] }, `ous must be ${OBJECT_IDS}`],
    [{ ous: Array.from({ length: 1001 }, (_, i) => `OU-${i}`) }, 'ous may name at most 1000 objects'],
    [{ domain_controller: 5 }, 'domain_controller must be a string'],
    [{ domain_controller: 'dc\u0000' }, 'domain_controller must not contain NUL characters'],
  ])('refuses %j: %s', (body, message) => {
    expect(refusal(() => readAdHocJobBody(body))).toEqual({ status: 400, message });
  });
});

describe('readCheckInBody', () => {
  it('maps the collector keys to the client fields', () => {
    expect(readCheckInBody({ address: '10.0.0.5', hostname: 'h1', version: 'v2.5.0', username: 'CORP\\svc', usersid: 'S-1-5-21-1-500' }))
      .toEqual({ ipAddress: '10.0.0.5', hostname: 'h1', version: 'v2.5.0', configuredUser: 'CORP\\svc', userSid: 'S-1-5-21-1-500' });
  });

  it('matches keys without regard to case, and takes ip_address and user_sid too', () => {
    expect(readCheckInBody({ Address: '10.0.0.6', HOSTNAME: 'h2', Version: '1' })).toEqual({ ipAddress: '10.0.0.6', hostname: 'h2', version: '1' });
    expect(readCheckInBody({ ip_address: '10.0.0.7', User_Sid: 'S-1' })).toEqual({ ipAddress: '10.0.0.7', userSid: 'S-1' });
  });

  it('reads an empty user SID as none and leaves out absent and null fields', () => {
    expect(readCheckInBody({ usersid: '', hostname: null })).toEqual({ userSid: null });
    expect(readCheckInBody(undefined)).toEqual({});
    expect(readCheckInBody({})).toEqual({});
  });

  it('takes reported strings of up to 255 characters (code points)', () => {
    const long = 'h'.repeat(255);
    const wide = '\u{1F600}'.repeat(255);
    expect(readCheckInBody({ hostname: long, version: wide, username: long, usersid: long, address: long }))
      .toEqual({ hostname: long, version: wide, configuredUser: long, userSid: long, ipAddress: long });
  });

  it.each([
    ['hostname'], ['version'], ['username'], ['usersid'], ['address'], ['ip_address'], ['user_sid'],
  ])('refuses a %s over 255 characters, naming it', (field) => {
    expect(refusal(() => readCheckInBody({ [field]: 'x'.repeat(256) }))).toEqual({ status: 400, message: `${field} is limited to 255 characters` });
  });

  it.each([
    [{ hostname: 5 }, 'hostname must be a string'],
    [{ Address: true }, 'address must be a string'],
    [{ version: 'a\u0000' }, 'version must not contain NUL characters'],
    [[1], 'error unmarshalling JSON payload'],
  ])('refuses %j: %s', (body, message) => {
    expect(refusal(() => readCheckInBody(body))).toEqual({ status: 400, message });
  });
});

describe('readStartBody', () => {
  it('reads the id, any key case', () => {
    expect(readStartBody({ id: 42 })).toBe(42);
    expect(readStartBody({ ID: 7 })).toBe(7);
  });

  it('reads ids no job can have as none', () => {
    expect(readStartBody({ id: 0 })).toBeNull();
    expect(readStartBody({ id: -3 })).toBeNull();
    expect(readStartBody({ id: 2 ** 60 })).toBeNull();
  });

  it.each([[{}], [{ id: '5' }], [{ id: 1.5 }], [{ id: null }]])('refuses %j', (body) => {
    expect(refusal(() => readStartBody(body))).toEqual({ status: 400, message: 'id is required: the integer id of a READY job' });
  });
});

describe('readEndBody', () => {
  it('reads a complete end with its results, counts defaulting to 0', () => {
    expect(readEndBody({
      status: 'Complete', message: 'done', log_path: '/logs/1.zip',
      domain_results: [{ domain_name: 'CORP.LOCAL', success: true, message: 'ok', user_count: 5, deleted_count: 1 }],
    })).toEqual({
      status: JobStatus.Complete, message: 'done', logPath: '/logs/1.zip',
      domainResults: [{ domainName: 'CORP.LOCAL', success: true, message: 'ok', counts: { ...ZERO_COUNTS, user_count: 5, deleted_count: 1 } }],
    });
  });

  it('takes the longest values allowed: 200 results, 4096-character messages and log path, 255-character names', () => {
    const read = readEndBody({
      status: 'complete', message: 'm'.repeat(4096), log_path: 'l'.repeat(4096),
      domain_results: Array.from({ length: 200 }, (_, i) => ({ domain_name: `${i}`.padEnd(255, 'd'), message: '\u{1F600}'.repeat(4096) })),
    });
    expect([read.message.length, read.logPath.length, read.domainResults.length]).toEqual([4096, 4096, 200]);
    expect(read.domainResults[199].domainName).toHaveLength(255);
  });

  it('takes COMPLETE and FAILED in any case, or 2 and 5', () => {
    expect(readEndBody({ status: 'failed' }).status).toBe(JobStatus.Failed);
    expect(readEndBody({ Status: ' COMPLETE ' }).status).toBe(JobStatus.Complete);
    expect(readEndBody({ status: 2 }).status).toBe(JobStatus.Complete);
    expect(readEndBody({ status: 5 }).status).toBe(JobStatus.Failed);
    expect(readEndBody({ status: 'FAILED', domain_results: null })).toEqual({ status: 5, message: '', logPath: '', domainResults: [] });
  });

  it.each([[{}], [{ status: 'RUNNING' }], [{ status: 3 }], [{ status: 'canceled' }], [{ status: true }]])('refuses %j: invalid status', (body) => {
    expect(refusal(() => readEndBody(body))).toEqual({ status: 400, message: 'invalid status' });
  });

  it.each([
    [{ status: 'complete', message: 1 }, 'message must be a string'],
    [{ status: 'complete', log_path: [] }, 'log_path must be a string'],
    [{ status: 'complete', domain_results: {} }, 'domain_results must be an array'],
    [{ status: 'complete', domain_results: [1] }, 'domain_results[0] must be an object'],
    [{ status: 'complete', domain_results: [{ success: true }] }, 'domain_results[0].domain_name is required'],
    [{ status: 'complete', domain_results: [{ domain_name: ' ' }] }, 'domain_results[0].domain_name is required'],
    [{ status: 'complete', domain_results: [{ domain_name: 'A', success: 'yes' }] }, 'domain_results[0].success must be a boolean'],
    [{ status: 'complete', domain_results: [{ domain_name: 'A', user_count: -1 }] }, 'domain_results[0].user_count must be an integer from 0 to 2147483647'],
    [{ status: 'complete', domain_results: [{ domain_name: 'A', gpo_count: 2 ** 31 }] }, 'domain_results[0].gpo_count must be an integer from 0 to 2147483647'],
    [{ status: 'complete', domain_results: [{ domain_name: 'A', ou_count: 1.5 }] }, 'domain_results[0].ou_count must be an integer from 0 to 2147483647'],
    [{ status: 'complete', domain_results: Array.from({ length: 201 }, () => ({ domain_name: 'A' })) }, 'domain_results may hold at most 200 entries'],
    [{ status: 'complete', message: 'm'.repeat(4097) }, 'message is limited to 4096 characters'],
    [{ status: 'complete', Log_Path: 'l'.repeat(4097) }, 'log_path is limited to 4096 characters'],
    [{ status: 'complete', domain_results: [{ domain_name: 'D'.repeat(256) }] }, 'domain_results[0].domain_name is limited to 255 characters'],
    [{ status: 'complete', domain_results: [{ domain_name: 'A' }, { domain_name: 'B', message: 'm'.repeat(4097) }] }, 'domain_results[1].message is limited to 4096 characters'],
    [{ status: 'complete', domain_results: [{ domain_name: 'A\u0000' }] }, 'domain_results[0].domain_name must not contain NUL characters'],
  ])('refuses %#: %s', (body, message) => {
    expect(refusal(() => readEndBody(body))).toEqual({ status: 400, message });
  });
});
