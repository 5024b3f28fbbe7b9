import { describe, expect, it } from '@jest/globals';
import type { FileResult } from '@app/ingest';
import { describeIngest } from './ingest.command.js';

const result = (fields: Partial<FileResult>): FileResult =>
  ({ fileName: 'f.json', objects: 0, errors: [], warnings: [], domains: {}, ...fields });

describe('describeIngest', () => {
  it('lists each file with its kind, objects, warnings and errors, then the totals', () => {
    const text = describeIngest([
      result({ fileName: 'users.json', type: 'users', objects: 12, warnings: ['w1', 'w2'] }),
      result({ fileName: 'bad.json', parentFileName: 'all.zip', errors: ['Malformed JSON'] }),
    ], 40);
    expect(text).toBe(
      '  users.json: users, 12 objects, 2 warnings\n' +
      '  all.zip: bad.json: 0 objects\n' +
      '    error: Malformed JSON\n' +
      'Ingested 2 files: 12 objects (40 objects/s).\n',
    );
  });

  it('says "1 object", "1 warning" and "1 file" for one of each', () => {
    const text = describeIngest([result({ fileName: 'domains.json', type: 'domains', objects: 1, warnings: ['w'] })], 5);
    expect(text).toBe('  domains.json: domains, 1 object, 1 warning\nIngested 1 file: 1 object (5 objects/s).\n');
  });
});
