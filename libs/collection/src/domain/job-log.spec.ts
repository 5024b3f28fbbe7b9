import { describe, expect, it } from '@jest/globals';
import { JobStatus } from './job-status.js';
import { jobLogText } from './job-log.js';
import { DOMAIN_RESULT_COUNTS, type Job } from './records.js';

const at = (time: string) => new Date(`2024-05-01T${time}Z`);
const noCounts = Object.fromEntries(DOMAIN_RESULT_COUNTS.map((count) => [count, 0])) as Job['domainResults'][number]['counts'];

function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 7, clientId: 'c', clientName: 'collector-1', eventId: 3, eventTitle: 'Nightly', executionTime: at('01:00:00'),
    startTime: null, endTime: null, lastIngest: null, status: JobStatus.Ready, statusMessage: '', domainController: '',
    logPath: '', createdAt: at('00:59:00'), updatedAt: at('00:59:00'), deletedAt: null, domainResults: [],
    sessionCollection: true, localGroupCollection: false, adStructureCollection: false, certServicesCollection: false,
    caRegistryCollection: false, dcRegistryCollection: false, allTrustedDomains: false, ous: [], domains: [],
    ...overrides,
  };
}

describe('jobLogText', () => {
  it('shows a READY job as due, with its event', () => {
    expect(jobLogText(job())).toBe(
      '2024-05-01T01:00:00.000Z job 7 for client collector-1 due (event 3 "Nightly")\n' +
      '2024-05-01T00:59:00.000Z now READY',
    );
  });

  it('puts events in time order: data received after the end comes after it', () => {
    const text = jobLogText(job({
      status: JobStatus.Failed, startTime: at('01:00:05'), endTime: at('01:01:00'), lastIngest: at('01:05:00'),
    }));
    expect(text.split('\n').map((line) => line.slice(25))).toEqual([
      'job 7 for client collector-1 due (event 3 "Nightly")', 'started', 'ended FAILED', 'last collected data received',
    ]);
  });

  it('tells the run of a finished ad-hoc job: start, data, each domain, the end and the log file', () => {
    const text = jobLogText(job({
      eventId: null, eventTitle: '', status: JobStatus.Complete, statusMessage: 'done', domainController: 'dc1.corp',
      startTime: at('01:00:05'), lastIngest: at('01:02:00'), endTime: at('01:03:00'), logPath: 'C:\\logs\\job7.log',
      domainResults: [
        { id: 2, jobId: 7, domainName: 'B.CORP', success: false, message: 'unreachable', counts: noCounts,
          createdAt: at('01:02:30'), updatedAt: at('01:02:30'), deletedAt: null },
        { id: 1, jobId: 7, domainName: 'A.CORP', success: true, message: '', counts: { ...noCounts, user_count: 5, group_count: 2 },
          createdAt: at('01:02:10'), updatedAt: at('01:02:10'), deletedAt: null },
      ],
    }));
    expect(text.split('\n')).toEqual([
      '2024-05-01T01:00:00.000Z job 7 for client collector-1 due (ad-hoc job)',
      '2024-05-01T01:00:05.000Z started against dc1.corp',
      '2024-05-01T01:02:00.000Z last collected data received',
      '2024-05-01T01:02:10.000Z domain A.CORP succeeded: user_count 5, group_count 2',
      '2024-05-01T01:02:30.000Z domain B.CORP failed: unreachable',
      '2024-05-01T01:03:00.000Z ended COMPLETE: done',
      '2024-05-01T01:03:00.000Z collector log on the client: C:\\logs\\job7.log',
    ]);
  });
});
