import { describe, expect, it } from '@jest/globals';
import { fileResultsFromWire, isActiveStatus, statusText, uploadJobFromWire } from './upload-jobs';

describe('upload jobs', () => {
  const wire = {
    id: 12, user_id: 'u', user_email_address: null, status: 8, status_message: '1 File(s) failed to ingest as JSON Content',
    start_time: '2024-05-01T12:00:00Z', end_time: '0001-01-01T00:00:00Z', last_ingest: '2024-05-01T12:00:00Z',
    total_files: 3, failed_files: 1, partial_failed_files: 0, created_at: '', updated_at: '',
  };

  it('reads a job under both WIRE_FORMATs (deleted_at as {time, valid} or {Time, Valid})', () => {
    for (const deleted of [{ time: '0001-01-01T00:00:00Z', valid: false }, { Time: '0001-01-01T00:00:00Z', Valid: false }]) {
      const job = uploadJobFromWire({ ...wire, deleted_at: deleted });
      expect(job).toMatchObject({ id: 12, status: 8, totalFiles: 3, failedFiles: 1, userEmail: '' });
    }
  });

  it('names the status, with the message when it says more', () => {
    expect(statusText({ status: 2, statusMessage: 'Complete' })).toBe('Complete');
    expect(statusText({ status: 8, statusMessage: wire.status_message })).toBe(
      'Partially complete: 1 File(s) failed to ingest as JSON Content',
    );
    expect(statusText({ status: 6, statusMessage: '' })).toBe('Ingesting');
    expect(statusText({ status: 99, statusMessage: '' })).toBe('Status 99');
  });

  it('polls while running, ingesting or analyzing', () => {
    expect([1, 6, 7].every(isActiveStatus)).toBe(true);
    expect([2, 3, 4, 5, 8].some(isActiveStatus)).toBe(false);
  });

  it('names zip members after their archive', () => {
    expect(
      fileResultsFromWire([
        { file_name: 'users.json', parent_file_name: 'sample.zip', errors: ['bad'], warnings: [] },
        { file_name: 'loose.json', parent_file_name: '', errors: null, warnings: ['w'] },
      ]),
    ).toEqual([
      { fileName: 'sample.zip › users.json', errors: ['bad'], warnings: [] },
      { fileName: 'loose.json', errors: [], warnings: ['w'] },
    ]);
  });
});
