import { describe, expect, it } from '@jest/globals';
import { clientFromWire, collectionJobFromWire } from './collection';

describe('collection rows', () => {
  it('reads a client from the spec wrappers and from plain values', () => {
    const base = { id: 'c1', name: 'SH1', type: 'sharphound', hostname: 'h', ip_address: '10.0.0.1', version: 'v2', completed_job_count: 4 };
    const spec = clientFromWire({ ...base, current_job_id: { int64: 9, valid: true }, last_checkin: '2024-05-01T00:00:00Z' });
    const bloodhound = clientFromWire({ ...base, current_job_id: null, last_checkin: '0001-01-01T00:00:00Z' });
    expect(spec).toMatchObject({ name: 'SH1', currentJobId: 9, completedJobs: 4 });
    expect(bloodhound.currentJobId).toBeNull();
    expect(clientFromWire({ ...base, current_job_id: { int64: 0, valid: false } }).currentJobId).toBeNull();
  });

  it('reads a job with its status name', () => {
    expect(collectionJobFromWire({ id: 3, client_name: 'SH1', status: 2, status_message: 'done', event_title: '' })).toMatchObject({
      id: 3, clientName: 'SH1', status: 'Complete', statusMessage: 'done',
    });
  });
});
