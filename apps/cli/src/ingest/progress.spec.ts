import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { IngestProgressLine } from './progress.js';

describe('IngestProgressLine', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('writes one plain line per finished file when not on a terminal', () => {
    const lines: string[] = [];
    const progress = new IngestProgressLine((text) => lines.push(text), false, 2);
    progress.add(500);
    progress.add(500);
    progress.fileDone('a.json');
    progress.finish();
    expect(lines).toEqual([expect.stringMatching(/^ingest: 1\/2 files, 1000 objects, \d+ objects\/s \(a\.json\)\n$/)]);
  });

  it('says "1 object" for one object', () => {
    const lines: string[] = [];
    const progress = new IngestProgressLine((text) => lines.push(text), false, 3);
    progress.add(1);
    progress.fileDone('domains.json');
    expect(lines).toEqual([expect.stringMatching(/^ingest: 1\/3 files, 1 object, \d+ objects\/s \(domains\.json\)\n$/)]);
  });

  it('rewrites one line on a terminal, at most every 200 ms, and ends it', () => {
    let now = 1000;
    jest.spyOn(performance, 'now').mockImplementation(() => now);
    const writes: string[] = [];
    const progress = new IngestProgressLine((text) => writes.push(text), true, 1);
    now = 1300;
    progress.add(10);
    now = 1350;
    progress.add(10);
    now = 1600;
    progress.add(10);
    progress.fileDone('a.json');
    progress.finish();
    expect(writes).toEqual([
      '\r\x1b[Kingest: 0/1 file, 10 objects, 33 objects/s',
      '\r\x1b[Kingest: 0/1 file, 30 objects, 50 objects/s',
      '\r\x1b[Kingest: 1/1 file, 30 objects, 50 objects/s',
      '\n',
    ]);
  });
});
