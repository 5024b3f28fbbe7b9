import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Clock } from '@app/platform';
import { Scheduler } from '@app/collection';
import { asClient, createClient, type TestClient } from './support/collection.js';
import { adminCaller, type Caller } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const HOUR = 3_600_000;
const COUNTS = [
  'user_count', 'group_count', 'computer_count', 'gpo_count', 'ou_count', 'container_count', 'aiaca_count',
  'rootca_count', 'enterpriseca_count', 'ntauthstore_count', 'certtemplate_count', 'deleted_count',
];

/** A clock the test moves by hand: business times (schedules, start/end times) follow it. */
class FakeClock extends Clock {
  constructor(private current: Date) {
    super();
  }
  override now(): Date {
    return new Date(this.current);
  }
  set(at: Date): void {
    this.current = new Date(at);
  }
}

/** `20300101T000000Z`: the RFC 5545 form of a UTC time. */
const icalTime = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

/**
 * The whole life of scheduled collection with a signed client: a client and an hourly event, the scheduler's ticks
 * turning occurrences into jobs, the client checking in, taking, running and ending its job, and the job in the
 * completed listings. The clock is fake only for the service's business times; signed requests carry real dates
 * (the service checks them against the real time).
 */
describe('the collection cycle (event → scheduler → client → completed job)', () => {
  // The first occurrence: a whole hour two days ahead of the real time, so the rule is valid whenever the suite runs.
  const first = new Date(Math.ceil((Date.now() + 48 * HOUR) / HOUR) * HOUR);
  const clock = new FakeClock(new Date(first.getTime() - HOUR / 2));
  let t: TestApp;
  let admin: Caller;
  let client: TestClient;
  let eventId: number;
  let scheduledJob: { id: number; [field: string]: unknown };

  const at = (offsetMs: number) => new Date(first.getTime() + offsetMs);
  const tick = () => t.app.get(Scheduler).tick();
  const ready = async () => (await admin.get(`/tasks/available?client_id=eq:${client.id}`)).body.data as { id: number; [field: string]: unknown }[];

  beforeAll(async () => {
    t = await createTestApp({
      customize: (builder) => builder.overrideProvider(Clock).useValue(clock),
    });
    admin = await adminCaller(t);
    client = await createClient(admin, { domain_controller: 'dc01.corp.local' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates an hourly event whose first occurrence is its DTSTART', async () => {
    const res = await admin.post('/events', {
      client_id: client.id, title: 'Hourly sessions', rrule: `DTSTART:${icalTime(first)}\nRRULE:FREQ=HOURLY`,
      session_collection: true, local_group_collection: true, ous: ['ou-fin'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      client_id: client.id, title: 'Hourly sessions', next_scheduled_at: first.toISOString(),
      session_collection: true, local_group_collection: true, ad_structure_collection: false,
    });
    expect(res.body.data.ous.map((ou: { objectid: string }) => ou.objectid)).toEqual(['OU-FIN']);
    eventId = res.body.data.id;
  });

  it('schedules nothing before the occurrence', async () => {
    await tick();
    expect(await ready()).toEqual([]);
  });

  it('turns the due occurrence into one READY job, however often it ticks', async () => {
    clock.set(at(5_000));
    await tick();
    await tick();
    const jobs = await ready();
    expect(jobs).toHaveLength(1);
    scheduledJob = jobs[0];
    expect(scheduledJob).toMatchObject({
      client_id: client.id, client_name: client.name, event_id: { int32: eventId, valid: true },
      event_title: 'Hourly sessions', execution_time: first.toISOString(), status: 0, session_collection: true,
      local_group_collection: true, ad_structure_collection: false, domain_results: [],
    });
    expect(scheduledJob.ous).toEqual([{ objectid: 'OU-FIN', name: '', exists: false, distinguishedname: '', type: '' }]);
    expect((await admin.get(`/events/${eventId}`)).body.data.next_scheduled_at).toBe(at(HOUR).toISOString());
  });

  it('lets the client check in and see its job as its current task', async () => {
    const res = await asClient(t, client, 'PUT', '/clients/update', {
      address: '10.1.2.3', hostname: 'collector', version: 'v2.6.0', username: 'CORP\\svc', usersid: 'S-1-5-21-7-1105',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: client.id, ip_address: '10.1.2.3', hostname: 'collector', version: 'v2.6.0', configured_user: 'CORP\\svc',
      user_sid: { string: 'S-1-5-21-7-1105', valid: true }, last_checkin: at(5_000).toISOString(),
      current_task_id: { int64: scheduledJob.id, valid: true }, current_job_id: { int64: 0, valid: false },
    });
    expect(res.body.data.events.map((event: { id: number }) => event.id)).toEqual([eventId]);
    expect((await asClient(t, client, 'GET', '/jobs/available')).body).toEqual({ data: [scheduledJob] });
  });

  it('starts the job, and the job is its current one', async () => {
    clock.set(at(60_000));
    const res = await asClient(t, client, 'POST', '/jobs/start', { id: scheduledJob.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: scheduledJob.id, status: 1, start_time: at(60_000).toISOString() });
    expect((await asClient(t, client, 'GET', '/jobs/current')).body.data.id).toBe(scheduledJob.id);
    expect((await asClient(t, client, 'GET', '/jobs/available')).body).toEqual({ data: [] });
    expect(errorMessage(await admin.put(`/jobs/${scheduledJob.id}/cancel`), 400)).toBe('job is not in a cancellable state');
  });

  it('ends the job with its domain results and log path', async () => {
    clock.set(at(10 * 60_000));
    const counts = Object.fromEntries(COUNTS.map((count, i) => [count, 100 + i]));
    const res = await asClient(t, client, 'POST', '/jobs/end', {
      status: 'COMPLETE', message: 'collected 2 domains', log_path: 'C:\\collector\\logs\\run-1.zip',
      domain_results: [
        { domain_name: 'CORP.LOCAL', success: true, message: '', ...counts },
        { domain_name: 'DEV.CORP.LOCAL', success: false, message: 'unreachable' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: scheduledJob.id, status: 2, status_message: 'collected 2 domains', log_path: 'C:\\collector\\logs\\run-1.zip',
      start_time: at(60_000).toISOString(), end_time: at(10 * 60_000).toISOString(),
    });
    expect(res.body.data.domain_results).toEqual([
      expect.objectContaining({ job_id: scheduledJob.id, domain_name: 'CORP.LOCAL', success: true, message: '', ...counts }),
      expect.objectContaining({ job_id: scheduledJob.id, domain_name: 'DEV.CORP.LOCAL', success: false, message: 'unreachable', user_count: 0 }),
    ]);
    expect(errorMessage(await asClient(t, client, 'GET', '/jobs/current'), 404)).toBe('resource not found');
  });

  it('shows the finished job, with its counts, on all three completed-jobs paths and in the client\'s figures', async () => {
    const finished = (await admin.get(`/jobs/${scheduledJob.id}`)).body.data;
    expect(finished.status).toBe(2);
    for (const path of ['completed-jobs', 'completed_jobs', 'completed-tasks']) {
      const res = await admin.get(`/clients/${client.id}/${path}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ count: 1, skip: 0, limit: 100, data: [finished] });
    }
    const shown = (await admin.get(`/clients/${client.id}`)).body.data;
    expect(shown).toMatchObject({ completed_job_count: 1, completed_task_count: 0, current_job_id: { int64: 0, valid: false } });
  });

  it('cancels a READY ad-hoc job and refuses to cancel a RUNNING one', async () => {
    const adHoc = (await admin.post(`/clients/${client.id}/jobs`, { ad_structure_collection: true })).body.data;
    expect(adHoc).toMatchObject({ status: 0, event_id: { int32: 0, valid: false }, execution_time: at(10 * 60_000).toISOString(), domain_controller: 'dc01.corp.local' });
    const canceled = await admin.put(`/jobs/${adHoc.id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toMatchObject({ id: adHoc.id, status: 3, end_time: at(10 * 60_000).toISOString() });

    const running = (await admin.post(`/clients/${client.id}/jobs`, { session_collection: true, all_trusted_domains: true })).body.data;
    expect((await asClient(t, client, 'POST', '/jobs/start', { id: running.id })).status).toBe(200);
    expect(errorMessage(await admin.put(`/jobs/${running.id}/cancel`), 400)).toBe('job is not in a cancellable state');
    expect((await asClient(t, client, 'POST', '/jobs/end', { status: 'failed', message: 'stopped by the test' })).body.data.status).toBe(5);
    const completed = (await admin.get(`/clients/${client.id}/completed-jobs`)).body;
    expect(completed.data.map((job: { id: number; status: number }) => [job.id, job.status])).toEqual([
      [scheduledJob.id, 2], [adHoc.id, 3], [running.id, 5],
    ]);
    expect((await admin.get(`/clients/${client.id}`)).body.data).toMatchObject({ completed_job_count: 3, completed_task_count: 2 });
  });

  it('collapses the occurrences missed while nothing ticked into one run at the latest', async () => {
    clock.set(at(2 * HOUR + 30 * 60_000));
    await tick();
    const jobs = await ready();
    expect(jobs.map((job) => [job.event_id, job.execution_time])).toEqual([[{ int32: eventId, valid: true }, at(2 * HOUR).toISOString()]]);
    expect((await admin.get(`/events/${eventId}`)).body.data.next_scheduled_at).toBe(at(3 * HOUR).toISOString());
  });
});
